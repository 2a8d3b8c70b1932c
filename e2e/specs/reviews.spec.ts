import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import type { Product, UserInfo } from '@rr/core';
import { ADMIN, allProducts, expect, login, placeCodOrder, startSignedIn, test } from '../fixtures.ts';

const bearer = (info: UserInfo) => ({ authorization: `Bearer ${info.token}` });

/** A product of each test's own (so no other test sees its reviews or stock change), out of stock unless asked. */
const REVIEWED = {
  label: 'Sphatik Mala',
  price: 150,
  category: 'mala',
  description: 'Clear quartz beads, for review tests.',
  stock: 0,
} as const;

async function getProduct(request: APIRequestContext, id: string): Promise<Product> {
  return (await (await request.get(`/api/products/${id}`)).json()) as Product;
}

async function reviewByApi(request: APIRequestContext, info: UserInfo, id: string, rating: number, comment: string) {
  const res = await request.post(`/api/products/${id}/reviews`, { headers: bearer(info), data: { rating, comment } });
  expect(res.status()).toBe(201);
}

/** Fills in and sends the product page's review form. */
async function writeReview(page: Page, rating: string, comment: string) {
  await page.getByLabel('Rating').selectOption({ label: rating });
  await page.getByLabel('Comment').fill(comment);
  await page.getByRole('button', { name: 'Submit' }).click();
}

/** `buyer` once their order of the product was delivered: their reviews count toward the rating. */
async function buyerOf(request: APIRequestContext, buyer: UserInfo, productId: string): Promise<UserInfo> {
  const order = await placeCodOrder(request, buyer, productId);
  const admin = await login(request, ADMIN.phone, ADMIN.password);
  expect((await request.put(`/api/orders/${order._id}/deliver`, { headers: bearer(admin) })).status()).toBe(200);
  return buyer;
}

const reviewItems = (page: Page) => page.locator('section[aria-labelledby="reviews-heading"] li');

test('a customer reviews a product: the rating and count update, and a second review is refused', async ({
  page,
  request,
  makeProduct,
  makeCustomer,
}) => {
  const product = await makeProduct({ ...REVIEWED, stock: 4 });
  // An earlier review by a buyer, so the new average is a real average (only buyers' reviews count).
  await reviewByApi(
    request,
    await buyerOf(request, await makeCustomer('Earlier'), product._id),
    product._id,
    5,
    'Lovely clear beads.',
  );
  const before = await getProduct(request, product._id);
  expect(before).toMatchObject({ numReviews: 1, rating: 5 });

  const customer = await buyerOf(request, await makeCustomer('Reviewer'), product._id);
  await startSignedIn(page, customer);
  await page.goto(`/product/${product._id}`);
  await expect(page.getByRole('heading', { name: 'Write a Customer Review' })).toBeVisible();
  await expect(page.getByText('1 review', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Rating').locator('option')).toHaveText([
    'Select...',
    '1 - Poor',
    '2 - Fair',
    '3 - Good',
    '4 - Very Good',
    '5 - Excellent',
  ]);

  // Nothing chosen, nothing written: the form says so and sends nothing.
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Please select a rating')).toBeVisible();
  await expect(page.getByText('Comment is required')).toBeVisible();
  const axe = await new AxeBuilder({ page }).include('section[aria-labelledby="reviews-heading"]').analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);

  const comment = 'Good weight, smooth beads.\nThread could be stronger.';
  await writeReview(page, '2 - Fair', comment);
  await expect(page.getByText('Review submitted successfully')).toBeVisible();
  // The form gives way to the thanks: it does not invite a second review.
  await expect(page.getByText('You have reviewed this product.')).toBeVisible();
  await expect(page.getByLabel('Rating')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Submit' })).toHaveCount(0);

  const after = await getProduct(request, product._id);
  const expected = Math.round(((before.rating * before.numReviews + 2) / (before.numReviews + 1)) * 100) / 100;
  expect(after.numReviews).toBe(before.numReviews + 1);
  expect(after.rating).toBe(expected);

  // The page reloaded the product: the new review first, the new count and stars.
  await expect(reviewItems(page)).toHaveCount(2);
  const mine = reviewItems(page).first();
  await expect(mine).toContainText(customer.name);
  await expect(mine.getByText('Good weight, smooth beads.')).toBeVisible();
  await expect(mine.getByRole('img', { name: 'Rated 2.0 out of 5' })).toBeVisible();
  await expect(page.getByText('2 reviews', { exact: true })).toBeVisible();
  await expect(page.getByRole('img', { name: `Rated ${expected.toFixed(1)} out of 5` }).first()).toBeVisible();

  // One review per customer: a reload does not offer the form again.
  await page.reload();
  await expect(reviewItems(page)).toHaveCount(2);
  await expect(page.getByText('You have reviewed this product.')).toBeVisible();
  await expect(page.getByLabel('Rating')).toHaveCount(0);
  await expect(page.getByText('Review submitted successfully')).toHaveCount(0);
});

test('a customer who reviewed from another browser is told so, and the form does not come back', async ({
  page,
  request,
  makeCustomer,
  makeProduct,
}) => {
  const product = await makeProduct(REVIEWED);
  const customer = await makeCustomer('Elsewhere');
  // Same name as the customer, another account: that review is not theirs.
  const namesake = await request.post('/api/users', {
    data: {
      name: customer.name,
      email: `namesake-${customer.phone}@example.in`,
      phone: `${customer.phone.startsWith('9') ? '8' : '9'}${customer.phone.slice(1)}`,
      password: 'first-password-1',
    },
  });
  expect(namesake.status()).toBe(201);
  await reviewByApi(request, (await namesake.json()) as UserInfo, product._id, 3, 'Namesake here.');

  await startSignedIn(page, customer);
  await page.goto(`/product/${product._id}`);
  await expect(reviewItems(page)).toHaveCount(1);
  await expect(page.getByLabel('Rating')).toBeVisible();

  // Reviewed meanwhile through the API (another browser): the form is still offered here, and refused.
  await reviewByApi(request, customer, product._id, 5, 'From my phone.');
  await writeReview(page, '4 - Very Good', 'From my laptop.');
  await expect(page.getByText('You have reviewed this product.')).toBeVisible();
  await expect(reviewItems(page)).toHaveCount(2);
  await expect(page.getByLabel('Rating')).toHaveCount(0);
  await page.reload();
  await expect(reviewItems(page)).toHaveCount(2);
  await expect(page.getByText('You have reviewed this product.')).toBeVisible();
  await expect(page.getByLabel('Rating')).toHaveCount(0);
  // Neither reviewer bought it: both reviews are shown, neither moves the rating, and the page says so.
  const shown = await getProduct(request, product._id);
  expect(shown.reviews).toHaveLength(2);
  expect(shown).toMatchObject({ numReviews: 0, rating: 0 });
  await expect(page.getByText('Not counted in the rating: no purchase of this product')).toHaveCount(2);
});

test('a customer who bought the product gets the Verified purchase badge', async ({
  page,
  request,
  makeCustomer,
  makeProduct,
}) => {
  const product = await makeProduct({ ...REVIEWED, stock: 3 });
  const buyer = await makeCustomer('Buyer');
  const order = await placeCodOrder(request, buyer, product._id);
  // Bought means paid or delivered (a cancelled or still unpaid Cash on Delivery order does not count).
  const admin = await login(request, ADMIN.phone, ADMIN.password);
  const orderId = order._id;
  expect((await request.put(`/api/orders/${orderId}/deliver`, { headers: bearer(admin) })).status()).toBe(200);
  // Someone who did not buy it reviews it too.
  const other = await makeCustomer('Browser');
  await reviewByApi(request, other, product._id, 4, 'Looks nice in the photos.');

  await startSignedIn(page, buyer);
  await page.goto(`/product/${product._id}`);
  await writeReview(page, '5 - Excellent', 'Arrived well packed.');
  await expect(page.getByText('Review submitted successfully')).toBeVisible();

  const buyerReview = reviewItems(page).filter({ hasText: buyer.name });
  await expect(buyerReview.getByText('Verified purchase')).toBeVisible();
  const otherReview = reviewItems(page).filter({ hasText: other.name });
  await expect(otherReview).toBeVisible();
  await expect(otherReview.getByText('Verified purchase')).toHaveCount(0);
  const reviews = (await getProduct(request, product._id)).reviews;
  expect(reviews.find((r) => r.name === buyer.name)?.verifiedPurchase).toBe(true);
  expect(reviews.find((r) => r.name === other.name)?.verifiedPurchase).toBe(false);
});

test('a visitor is asked to sign in instead of a review form', async ({ page, request }) => {
  const product = (await allProducts(request))[0]!;
  await page.goto(`/product/${product._id}`);
  await expect(page.getByRole('heading', { name: 'Write a Customer Review' })).toBeVisible();
  await expect(page.getByText('Please sign in to write a review.')).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'sign in', exact: true })).toHaveAttribute(
    'href',
    `/login?redirect=/product/${product._id}`,
  );
  await expect(page.getByLabel('Rating')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Submit' })).toHaveCount(0);
  // The server refuses visitors too.
  const res = await request.post(`/api/products/${product._id}/reviews`, { data: { rating: 5, comment: 'Hi' } });
  expect(res.status()).toBe(401);
});

test('a comment with markup is shown as text, never run', async ({ page, makeCustomer, makeProduct }) => {
  const product = await makeProduct(REVIEWED);
  const customer = await makeCustomer('Markup');
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await startSignedIn(page, customer);
  await page.goto(`/product/${product._id}`);
  const comment = '<script>alert(1)</script> <img src=x onerror="alert(2)">';
  await writeReview(page, '3 - Good', comment);
  await expect(page.getByText('Review submitted successfully')).toBeVisible();

  // Freshly loaded from the server as well.
  for (const load of [false, true]) {
    if (load) await page.reload();
    const review = reviewItems(page).filter({ hasText: customer.name });
    await expect(review.getByText(comment, { exact: true })).toBeVisible();
    await expect(review.locator('script, img[src="x"]')).toHaveCount(0);
  }
  expect(dialogs).toEqual([]);
});
