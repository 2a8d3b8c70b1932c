/**
 * Issue 28: the wishlist. Customers save products (twice is once), list and remove them, each only their
 * own; a saved product that is out of stock, or sells out later (an order, an admin's edit, an import),
 * tells them once when it is back, through the same stock alerts as "notify me".
 */
import { WISHLIST_MAX_ITEMS, type WishlistChangeReply, type WishlistReply } from '@rr/core';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages, products, stockAlerts, wishlistItems } from '../src/db/schema/index.ts';
import { bearer, createTestApp, type TestApp } from './helpers.ts';
import * as make from './factories.ts';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await make.admin(t)).token;
});
afterAll(async () => {
  await t?.close();
});

const save = (token: string, product: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/users/wishlist', headers: bearer(token), payload: { product } });
const remove = (token: string, productId: string) =>
  t.app.inject({ method: 'DELETE', url: `/api/users/wishlist/${productId}`, headers: bearer(token) });
const list = async (token: string, query = '') => {
  const res = await t.app.inject({ url: `/api/users/wishlist${query}`, headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<WishlistReply>();
};
const setStock = (id: string, countInStock: number) =>
  t.app.inject({ method: 'PUT', url: `/api/products/${id}`, headers: bearer(admin), payload: { countInStock } });
const toldOf = (recipient: string) =>
  t.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.kind, 'back_in_stock'), eq(outboxMessages.recipient, recipient)));
const alertsOf = (productId: string) => t.db.select().from(stockAlerts).where(eq(stockAlerts.productId, productId));

describe('wishlist', () => {
  it('saves, lists newest first as catalog cards, and removes; saving twice is one row', async () => {
    const customer = await make.customer(t);
    const first = await make.product(t, { name: 'Wish bead one', price: 300, columns: { mrpPaise: 50_000 } });
    const second = await make.product(t, { name: 'Wish bead two' });
    const saved = await save(customer.token, first);
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json<WishlistChangeReply>()).toMatchObject({ ids: [first] });
    expect(saved.json<WishlistChangeReply>().message).toContain('Wish bead one is in your wishlist');
    expect((await save(customer.token, second)).statusCode).toBe(201);
    const again = await save(customer.token, first);
    expect(again.statusCode).toBe(200);
    expect(again.json<WishlistChangeReply>().ids).toEqual([second, first]);
    expect(await t.db.select().from(wishlistItems).where(eq(wishlistItems.userId, customer._id))).toHaveLength(2);

    const answer = await list(customer.token);
    expect(answer.ids).toEqual([second, first]);
    expect(answer.products!.map((p) => p._id)).toEqual([second, first]);
    // The catalog's card, as the listing answers it.
    const listed = await t.app.inject({ url: `/api/products/${first}` });
    const card = answer.products![1]!;
    expect(card).toMatchObject({ name: 'Wish bead one', price: 300, mrp: 500, countInStock: 10, sale: null });
    expect(Object.keys(card).sort()).toEqual(
      Object.keys(listed.json())
        .filter((k) => k in card)
        .sort(),
    );
    expect(await list(customer.token, '?ids=1')).toEqual({ ids: [second, first] });

    const removed = await remove(customer.token, first);
    expect(removed.statusCode).toBe(200);
    expect(removed.json<WishlistChangeReply>()).toMatchObject({
      ids: [second],
      message: 'Removed from your wishlist.',
    });
    // Removing again changes nothing.
    expect((await remove(customer.token, first)).json<WishlistChangeReply>().ids).toEqual([second]);
  });

  it('replaces the whole list at once (PUT); an unknown product refuses it and changes nothing', async () => {
    const customer = await make.customer(t);
    const [a, b, c] = [await make.product(t), await make.product(t), await make.product(t)];
    await save(customer.token, a);
    await save(customer.token, b);
    const put = (products: unknown) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/users/wishlist',
        headers: bearer(customer.token),
        payload: { products },
      });
    const replaced = await put([b, c, c]);
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json<WishlistChangeReply>().ids.sort()).toEqual([b, c].sort());
    const refused = await put([a, '00000000-0000-4000-8000-000000000000']);
    expect(refused.statusCode).toBe(404);
    expect((await list(customer.token, '?ids=1')).ids.sort()).toEqual([b, c].sort());
    expect((await put('nope')).statusCode).toBe(400);
    const emptied = await put([]);
    expect(emptied.json<WishlistChangeReply>()).toEqual({ message: 'Your wishlist is empty.', ids: [] });
  });

  it('keeps each customer’s list their own', async () => {
    const [a, b] = [await make.customer(t), await make.customer(t)];
    const id = await make.product(t);
    expect((await save(a.token, id)).statusCode).toBe(201);
    expect(await list(b.token)).toEqual({ ids: [], products: [] });
    // B removing A's product removes nothing of A's.
    expect((await remove(b.token, id)).statusCode).toBe(200);
    expect((await list(a.token)).ids).toEqual([id]);
  });

  it('hides a product taken down from the cards but keeps it saved', async () => {
    const customer = await make.customer(t);
    const id = await make.product(t);
    await save(customer.token, id);
    await t.db.update(products).set({ isDraft: true }).where(eq(products.id, id));
    expect(await list(customer.token)).toEqual({ ids: [id], products: [] });
  });

  it('refuses unknown, unpublished and malformed products, a missing body and hostile values, changing nothing', async () => {
    const customer = await make.customer(t);
    const draft = await make.product(t, { isDraft: true });
    for (const product of [draft, '00000000-0000-4000-8000-000000000000', 'not-an-id', "1' or '1'='1"]) {
      const res = await save(customer.token, product);
      expect(res.statusCode, String(product)).toBe(404);
      expect(res.json()).toMatchObject({ code: 'PRODUCT_NOT_FOUND' });
    }
    for (const product of [undefined, '', 12, null, ['x'], 'x'.repeat(101)]) {
      const res = await save(customer.token, product);
      expect(res.statusCode, JSON.stringify(product)).toBe(400);
      expect(res.json<{ message: string }>().message).toMatch(/product/);
    }
    expect((await remove(customer.token, 'not-an-id')).statusCode).toBe(404);
    const badQuery = await t.app.inject({ url: '/api/users/wishlist?ids=yes', headers: bearer(customer.token) });
    expect(badQuery.statusCode).toBe(400);
    expect((await list(customer.token)).ids).toEqual([]);
  });

  it(`holds at most ${WISHLIST_MAX_ITEMS} products (409), and saving one already saved is still fine`, async () => {
    const customer = await make.customer(t);
    const ids: string[] = [];
    for (let i = 0; i < WISHLIST_MAX_ITEMS; i++) ids.push(await make.product(t, { name: `Cap bead ${i}` }));
    await t.db.insert(wishlistItems).values(ids.map((productId) => ({ userId: customer._id, productId })));
    const more = await save(customer.token, await make.product(t));
    expect(more.statusCode).toBe(409);
    expect(more.json()).toMatchObject({ code: 'WISHLIST_FULL' });
    expect((await save(customer.token, ids[0])).statusCode).toBe(200);
    expect((await list(customer.token, '?ids=1')).ids).toHaveLength(WISHLIST_MAX_ITEMS);
  });

  it('needs a signed-in customer', async () => {
    const id = await make.product(t);
    expect((await t.app.inject({ url: '/api/users/wishlist' })).statusCode).toBe(401);
    const res = await t.app.inject({ method: 'POST', url: '/api/users/wishlist', payload: { product: id } });
    expect(res.statusCode).toBe(401);
  });
});

describe('saved products back in stock', () => {
  it('saved while out of stock: told once, on their phone and by e-mail, when an admin restocks it', async () => {
    const customer = await make.customer(t);
    const id = await make.product(t, { stock: 0, name: 'Sold out wish bead' });
    const saved = await save(customer.token, id);
    expect(saved.json<WishlistChangeReply>().message).toContain(`we will text XXXXXX${customer.phone.slice(-4)}`);
    // Saving again, and removing it, leave the one alert waiting.
    await save(customer.token, id);
    expect((await remove(customer.token, id)).statusCode).toBe(200);
    expect(await alertsOf(id)).toMatchObject([
      {
        userId: customer._id,
        phone: customer.phone,
        productUrl: `${t.config.publicUrl}/product/${id}`,
        notifiedAt: null,
      },
    ]);
    expect((await setStock(id, 2)).statusCode).toBe(200);
    const sms = await toldOf(customer.phone);
    expect(sms).toHaveLength(1);
    expect(sms[0]!.text).toContain('Sold out wish bead is back in stock');
    expect(sms[0]!.text).toContain(`${t.config.publicUrl}/product/${id}`);
    expect(await toldOf(customer.email)).toHaveLength(1);
    // Restocked again: told already.
    expect((await setStock(id, 5)).statusCode).toBe(200);
    expect(await toldOf(customer.phone)).toHaveLength(1);
  });

  it('a saved product that an order sells out waits for its restock; the buyer who did not save it is not told', async () => {
    const [fan, buyer] = [await make.customer(t), await make.customer(t)];
    const id = await make.product(t, { stock: 1 });
    expect((await save(fan.token, id)).statusCode).toBe(201);
    expect(await alertsOf(id)).toHaveLength(0);
    const order = await make.codOrder(t, buyer.token, id, 1);
    expect(order.statusCode, order.body).toBe(201);
    expect(await alertsOf(id)).toMatchObject([
      { userId: fan._id, phone: fan.phone, productUrl: `${t.config.publicUrl}/product/${id}`, notifiedAt: null },
    ]);
    const cancel = await t.app.inject({
      method: 'PUT',
      url: `/api/orders/${order.json<{ _id: string }>()._id}/cancel`,
      headers: bearer(admin),
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await toldOf(fan.phone)).toHaveLength(1);
    expect(await toldOf(buyer.phone)).toHaveLength(0);
  });

  it('an online payment hold that takes the last unit, and an admin setting the stock to 0, do too', async () => {
    const fan = await make.customer(t);
    const buyer = await make.customer(t);
    const held = await make.product(t, { stock: 1 });
    const edited = await make.product(t, { stock: 3 });
    await save(fan.token, held);
    await save(fan.token, edited);
    await make.paymentHold(t, buyer.token, held, 1);
    expect(await alertsOf(held)).toHaveLength(1);
    // Stock left: nobody waits.
    expect((await setStock(edited, 1)).statusCode).toBe(200);
    expect(await alertsOf(edited)).toHaveLength(0);
    expect((await setStock(edited, 0)).statusCode).toBe(200);
    expect(await alertsOf(edited)).toMatchObject([{ userId: fan._id, notifiedAt: null }]);
    expect((await setStock(edited, 4)).statusCode).toBe(200);
    expect(await toldOf(fan.phone)).toHaveLength(1);
  });

  it('sizes added to a saved product leave nobody waiting while they have stock, and wait once all are 0', async () => {
    const fan = await make.customer(t);
    const id = await make.product(t, { stock: 3, price: 500 });
    await save(fan.token, id);
    const sizes = (first: number, second: number) => [
      { name: '18 mm', sku: `WL-18-${id.slice(0, 8)}`, price: 400, countInStock: first },
      { name: '20 mm', sku: `WL-20-${id.slice(0, 8)}`, price: 500, countInStock: second, isDefault: true },
    ];
    // Its own stock goes to 0 on the way to its sizes' 2 and 1: not sold out.
    const put = (variants: object[]) =>
      t.app.inject({ method: 'PUT', url: `/api/products/${id}`, headers: bearer(admin), payload: { variants } });
    expect((await put(sizes(2, 1))).statusCode).toBe(200);
    expect(await alertsOf(id)).toHaveLength(0);
    const current = (await t.app.inject({ url: `/api/products/${id}` })).json<{ variants: Array<{ _id: string }> }>();
    const kept = sizes(0, 0).map((v, i) => ({ ...v, _id: current.variants[i]!._id }));
    expect((await put(kept)).statusCode).toBe(200);
    expect(await alertsOf(id)).toMatchObject([{ userId: fan._id, notifiedAt: null }]);
  });

  it('a customer already waiting by "notify me" gets one alert and one message, not two', async () => {
    const customer = await make.customer(t);
    const id = await make.product(t, { stock: 0 });
    const asked = await t.app.inject({
      method: 'POST',
      url: `/api/products/${id}/stock-alert`,
      headers: bearer(customer.token),
      payload: {},
    });
    expect(asked.statusCode).toBe(200);
    await save(customer.token, id);
    expect(await alertsOf(id)).toHaveLength(1);
    await setStock(id, 1);
    expect(await toldOf(customer.phone)).toHaveLength(1);
  });
});
