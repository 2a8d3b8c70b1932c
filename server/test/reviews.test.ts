import type { Order, Product } from '@rr/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { products, reviews } from '../src/db/schema/index.ts';
import { bearer, createTestApp, type TestApp } from './helpers.ts';
import * as make from './factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const review = (id: string, token: string | null, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/api/products/${id}/reviews`,
    headers: token ? bearer(token) : {},
    payload: payload as object,
  });
const product = async (id: string) => (await t.app.inject({ url: `/api/products/${id}` })).json<Product>();

describe('POST /api/products/:id/reviews', () => {
  /** A customer whose Cash on Delivery order of the product was paid: their review is a verified purchase. */
  async function buyer(id: string, name: string) {
    const customer = await make.customer(t, { name });
    const admin = (await make.admin(t)).token;
    const placed = (await make.codOrder(t, customer.token, id)).json<Order>();
    await t.app.inject({ method: 'PUT', url: `/api/orders/${placed._id}/pay`, headers: bearer(admin) });
    return customer;
  }

  it('adds reviews by signed-in customers; rating and count follow the verified purchases', async () => {
    const id = await make.product(t, { price: 500 });
    const a = await buyer(id, 'Asha Rao');
    const b = await buyer(id, 'Vikram Das');
    expect((await review(id, a.token, { rating: 5, comment: 'Beautiful and genuine.' })).statusCode).toBe(201);
    expect((await review(id, b.token, { rating: 2, comment: 'Smaller than I hoped.' })).statusCode).toBe(201);
    const shown = await product(id);
    expect(shown.numReviews).toBe(2);
    expect(shown.rating).toBe(3.5);
    expect(shown.reviews.map((r) => [r.name, r.rating, r.verifiedPurchase])).toEqual([
      ['Vikram Das', 2, true],
      ['Asha Rao', 5, true],
    ]);
  });

  // Issue 13: the reviews come with the product in one query, as JSON built by the database.
  it('answers every field of a review, its time cut to the millisecond, newest first', async () => {
    const id = await make.product(t, { price: 500 });
    const a = await buyer(id, 'Ravi Kumar');
    const stranger = await make.customer(t, { name: 'Nita "Quotes" <b>' });
    await review(id, a.token, { rating: 4, comment: 'Good.\nSecond line' });
    await review(id, stranger.token, { rating: 1, comment: '<script>x</script>' });
    await t.db.execute(
      sql`update reviews set created_at = '2026-11-20 10:00:00.123999+00' where product_id = ${id} and rating = 4`,
    );
    const [row] = await t.db.select().from(reviews).where(eq(reviews.userId, stranger._id));
    expect((await product(id)).reviews).toEqual([
      {
        _id: row!.id,
        name: 'Nita "Quotes" <b>',
        rating: 1,
        comment: '<script>x</script>',
        createdAt: row!.createdAt.toISOString(),
        user: stranger._id,
        verifiedPurchase: false,
        photos: [],
      },
      {
        _id: expect.any(String),
        name: 'Ravi Kumar',
        rating: 4,
        comment: 'Good.\nSecond line',
        createdAt: '2026-11-20T10:00:00.123Z',
        user: a._id,
        verifiedPurchase: true,
        photos: [],
      },
    ]);
  });

  it('shows reviews by accounts that never bought the product, without letting them move the rating', async () => {
    const id = await make.product(t, { price: 500 });
    const fan = await buyer(id, 'Meera Iyer');
    await review(id, fan.token, { rating: 5, comment: 'Lovely.' });
    // Nine fresh accounts that never bought it (the review's finding: they took 5 down to 1.4).
    for (let i = 0; i < 9; i++) {
      const stranger = await make.customer(t);
      expect((await review(id, stranger.token, { rating: 1, comment: 'Bad.' })).statusCode).toBe(201);
    }
    const shown = await product(id);
    expect(shown.reviews).toHaveLength(10);
    expect(shown.reviews.filter((r) => !r.verifiedPurchase)).toHaveLength(9);
    expect(shown.rating).toBe(5);
    expect(shown.numReviews).toBe(1);
  });

  it('counts a review in the rating once the reviewer’s order is paid, and no longer once it is cancelled', async () => {
    const id = await make.product(t, { price: 500 });
    const customer = await make.customer(t);
    const admin = (await make.admin(t)).token;
    const placed = (await make.codOrder(t, customer.token, id)).json<Order>();
    await review(id, customer.token, { rating: 4, comment: 'Good.' });
    expect(await product(id)).toMatchObject({ numReviews: 0, rating: 0 });
    await t.app.inject({ method: 'PUT', url: `/api/orders/${placed._id}/pay`, headers: bearer(admin) });
    expect(await product(id)).toMatchObject({ numReviews: 1, rating: 4 });
    await t.app.inject({ method: 'PUT', url: `/api/orders/${placed._id}/cancel`, headers: bearer(admin) });
    expect(await product(id)).toMatchObject({ numReviews: 0, rating: 0 });
  });

  it('allows one review per customer per product: 409 Product already reviewed', async () => {
    const id = await make.product(t, { price: 500 });
    const c = await buyer(id, 'Ravi Kumar');
    await review(id, c.token, { rating: 4, comment: 'Good.' });
    const again = await review(id, c.token, { rating: 1, comment: 'Changed my mind.' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'Product already reviewed', code: 'ALREADY_REVIEWED' });
    expect((await product(id)).numReviews).toBe(1);
  });

  it('refuses a review of a draft (not in the shop yet) with 404', async () => {
    const [draft] = await t.db
      .insert(products)
      .values({ name: 'Draft bead', image: '/x.svg', category: 'mala', pricePaise: 100, isDraft: true })
      .returning({ id: products.id });
    const c = await make.customer(t);
    const res = await review(draft!.id, c.token, { rating: 5, comment: 'x' });
    expect(res.statusCode).toBe(404);
    expect(await t.db.select().from(reviews).where(eq(reviews.productId, draft!.id))).toEqual([]);
  });

  it('marks a review as a verified purchase while the reviewer has a paid or delivered order of it', async () => {
    const id = await make.product(t, { price: 500 });
    const buyer = await make.customer(t);
    const admin = (await make.admin(t)).token;
    const place = async () => (await make.codOrder(t, buyer.token, id)).json<Order>();
    const adminPut = (url: string) => t.app.inject({ method: 'PUT', url, headers: bearer(admin) });
    const verified = async () => (await product(id)).reviews[0]!.verifiedPurchase;

    const first = await place();
    await review(id, buyer.token, { rating: 5, comment: 'Arrived well packed.' });
    expect(await verified()).toBe(false); // ordered, not yet paid or delivered
    await adminPut(`/api/orders/${first._id}/pay`);
    expect(await verified()).toBe(true);
    await adminPut(`/api/orders/${first._id}/cancel`);
    expect(await verified()).toBe(false); // the only order was cancelled
    const second = await place();
    await adminPut(`/api/orders/${second._id}/deliver`);
    expect(await verified()).toBe(true);
  });

  it('stores a comment with markup as plain text, exactly as written', async () => {
    const id = await make.product(t, { price: 500 });
    const c = await make.customer(t);
    const comment = '<script>alert(1)</script> & <b>bold</b>';
    await review(id, c.token, { rating: 3, comment });
    expect((await product(id)).reviews[0]!.comment).toBe(comment);
  });

  it('takes the rating a <select> sends as text ("4")', async () => {
    const id = await make.product(t, { price: 500 });
    const c = await make.customer(t);
    const res = await review(id, c.token, { rating: '4', comment: 'Good bead' });
    expect(res.statusCode).toBe(201);
    expect((await product(id)).reviews[0]).toMatchObject({ rating: 4, comment: 'Good bead' });
  });

  it('needs a signed-in customer', async () => {
    const id = await make.product(t, { price: 500 });
    expect((await review(id, null, { rating: 5, comment: 'x' })).statusCode).toBe(401);
  });

  it.each([
    [{ rating: 0, comment: 'x' }, 'rating must be from 1 to 5'],
    [{ rating: 6, comment: 'x' }, 'rating must be from 1 to 5'],
    [{ rating: 2.5, comment: 'x' }, 'rating must be a whole number from 1 to 5'],
    // Numeric text is a number since issue 10 (a <select> gives text); other text is not.
    [{ rating: 'five', comment: 'x' }, 'rating must be a whole number from 1 to 5'],
    [{ rating: '', comment: 'x' }, 'rating must be a whole number from 1 to 5'],
    [{ rating: '4.5', comment: 'x' }, 'rating must be a whole number from 1 to 5'],
    [{ rating: '5e0', comment: 'x' }, 'rating must be a whole number from 1 to 5'],
    [{ rating: '6', comment: 'x' }, 'rating must be from 1 to 5'],
    [{ rating: null, comment: 'x' }, 'rating must be a whole number from 1 to 5'],
    [{ rating: 5, comment: '   ' }, 'comment is required'],
    [{ rating: 5, comment: 'c'.repeat(1001) }, 'comment must be at most 1000 characters'],
    [{ rating: 5, comment: { $gt: '' } }, 'comment must be text'],
    [{ comment: 'x' }, 'rating'],
  ])('refuses %j with 400 and adds nothing', async (payload, message) => {
    const id = await make.product(t, { price: 500 });
    const c = await make.customer(t);
    const res = await review(id, c.token, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
    expect((await product(id)).numReviews).toBe(0);
  });

  it('answers 404 for unknown products', async () => {
    const c = await make.customer(t);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      expect((await review(id, c.token, { rating: 5, comment: 'x' })).statusCode).toBe(404);
    }
  });
});
