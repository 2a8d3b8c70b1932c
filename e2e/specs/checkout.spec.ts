import type { APIRequestContext, Page } from '@playwright/test';
import { formatDeliveryDate, type Order, type PincodeAnswer, type Product, type UserInfo } from '@rr/core';
import { ADMIN, expect, latestCode, login, startSignedIn, test } from '../fixtures.ts';

const ADDRESS = { address: '12 Example Lane, Godowlia', postalCode: '221001' };
/** A product of the test's own with stock to spare. */
const STOCKED = { label: 'Stocked bead', stock: 10, price: 1250 };

async function stockOf(request: APIRequestContext, id: string): Promise<number> {
  return ((await (await request.get(`/api/products/${id}`)).json()) as Product).countInStock;
}

async function fillShipping(page: Page) {
  await page.getByLabel('Address', { exact: true }).fill(ADDRESS.address);
  await page.getByLabel('Postal Code').fill(ADDRESS.postalCode);
  // The pincode lookup fills city and state from the India Post directory.
  await expect(page.getByLabel('City')).toHaveValue('Varanasi');
  await expect(page.getByLabel('State')).toHaveValue('Uttar Pradesh');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL('/payment');
  // The payment page is loaded on demand: until it shows, the shipping form's Continue is still there.
  await expect(page.getByRole('heading', { name: 'Payment Method', level: 1 })).toBeVisible();
}

/** `info` signed in, with one line of `product` in the cart and an address, at /placeorder with `method`. */
async function readyToPlace(page: Page, info: UserInfo, method: 'Cash on Delivery' | 'Razorpay', product: Product) {
  await startSignedIn(page, info);
  await page.goto(`/cart/${product._id}?qty=2`);
  await expect(page).toHaveURL('/cart');
  await page.goto('/shipping');
  await fillShipping(page);
  if (method === 'Razorpay') await page.getByLabel(/Pay online/).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL('/placeorder');
  return { info, product };
}

test('a customer checks out with Cash on Delivery and the admin delivers the order', async ({
  page,
  request,
  browser,
  makeCustomer,
  makeProduct,
}) => {
  // The whole walk, with the new customer's confirmation code, then the admin's side: near a minute alone.
  test.slow();
  const product = await makeProduct(STOCKED);
  const stockBefore = await stockOf(request, product._id);
  const customer = await makeCustomer('Cod');

  // The cart first, then sign in from the checkout button.
  await page.goto(`/cart/${product._id}?qty=2`);
  await page.getByRole('button', { name: 'Proceed To Checkout' }).click();
  await expect(page).toHaveURL('/login?redirect=shipping');
  await page.getByLabel('Phone Number').fill(customer.phone);
  await page.getByLabel('Password', { exact: true }).fill('first-password-1');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL('/shipping');
  await fillShipping(page);

  // Nothing chosen yet: the online offer shows, and Continue takes the default, Cash on Delivery.
  await expect(page.getByLabel('Cash on Delivery')).not.toBeChecked();
  await expect(page.getByText('Get 10% instant discount!')).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL('/placeorder');
  await expect(page.getByLabel('Cash on Delivery')).toBeChecked();
  await expect(page.getByText('Get 10% instant discount!')).toHaveCount(0);
  await expect(
    page.getByText(`2 x ₹${product.price.toLocaleString('en-IN', { minimumFractionDigits: 2 })}`),
  ).toBeVisible();
  await expect(page.getByText('Online discount (10%)')).toHaveCount(0);

  // Cancelling the COD prompt places nothing; accepting it places the order.
  page.once('dialog', (d) => {
    expect(d.message()).toBe('Are you sure you want to place this order with Cash on Delivery (COD)?');
    void d.dismiss();
  });
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL('/placeorder');
  page.once('dialog', (d) => void d.accept());
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/order\/[0-9a-f-]{36}$/);
  const orderId = page.url().split('/').pop()!;

  // A new customer's phone is unproven: the order waits for the code sent by SMS.
  await expect(page.getByRole('heading', { name: 'Awaiting confirmation' })).toBeVisible();
  await page.getByLabel('Confirmation code').fill(await latestCode(request, customer.phone));
  await page.getByRole('button', { name: 'Confirm Order' }).click();
  await expect(page.getByRole('heading', { name: 'Awaiting confirmation' })).toHaveCount(0);

  // Thanks, and when it comes: the dates the checkout showed for the pincode, not the policy's 10 to 14
  // business days after dispatch.
  const { deliverBy } = (await (await request.get(`/api/pincode/${ADDRESS.postalCode}`)).json()) as PincodeAnswer;
  const thanks = page.getByRole('status').filter({ hasText: 'Thank you! Your order has been placed.' });
  await expect(thanks).toContainText(
    deliverBy.from === deliverBy.to
      ? `Expected: Delivered by ${formatDeliveryDate(deliverBy.to)}.`
      : `Expected: Delivered between ${formatDeliveryDate(deliverBy.from)} and ${formatDeliveryDate(deliverBy.to)}.`,
  );
  await expect(thanks).not.toContainText('10 to 14');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Order #${orderId.slice(0, 8).toUpperCase()}`);
  await expect(page.getByText(orderId)).toBeVisible();
  await expect(page.getByText('Not Delivered')).toBeVisible();
  await expect(page.getByText('Not Paid')).toBeVisible();
  await expect(page.getByRole('link', { name: customer.email })).toHaveAttribute('href', `mailto:${customer.email}`);
  await expect(page.getByRole('button', { name: 'Order Placed' })).toBeDisabled();
  expect(await page.evaluate(() => localStorage.getItem('cartItems'))).toBeNull();
  expect(await stockOf(request, product._id)).toBe(stockBefore - 2);

  // In My Orders.
  await page.goto('/profile');
  await expect(page.getByRole('region', { name: 'My Orders' }).getByText(orderId)).toBeVisible();

  // The admin sees it in the order list and marks it delivered.
  const admin = await browser.newPage();
  await admin.addInitScript(() => sessionStorage.setItem('rr.startupLoaderShown', '1'));
  await startSignedIn(admin, await login(request, ADMIN.phone, ADMIN.password));
  await admin.goto('/admin/orderlist');
  const row = admin.getByRole('row').filter({ hasText: orderId });
  await expect(row).toContainText(customer.name);
  await row.getByRole('link', { name: /Details/ }).click();
  await expect(admin).toHaveURL(`/order/${orderId}`);
  admin.once('dialog', (d) => {
    expect(d.message()).toBe('Are you sure you want to mark this order as delivered?');
    void d.accept();
  });
  await admin.getByRole('button', { name: 'Mark As Delivered' }).click();
  await expect(admin.getByText(/^Delivered on /)).toBeVisible();
  await expect(admin.getByRole('button', { name: 'Mark As Delivered' })).toHaveCount(0);
  await admin.close();

  // The customer now sees it delivered.
  await page.goto(`/order/${orderId}`);
  await expect(page.getByText(/^Delivered on /)).toBeVisible();
});

test('an online payment through the sandbox dialog places a paid order with 10% off', async ({
  page,
  request,
  browser,
  makeProduct,
  makeCustomer,
}) => {
  const { product } = await readyToPlace(page, await makeCustomer('Buyer'), 'Razorpay', await makeProduct(STOCKED));
  await expect(page.getByText('Online discount (10%)')).toBeVisible();
  await expect(page.getByText('Get 10% instant discount!')).toHaveCount(0);
  const items = product.price * 2;
  // The discount comes off before GST; shipping (when charged) is taxed as the goods (decision 0039).
  const shipping = items > 100 ? 0 : 100;
  const expectedTotal = Math.round((items * 0.9 + shipping) * 1.18 * 100) / 100;
  await expect(page.getByTestId('order-total')).toHaveText(
    `₹${expectedTotal.toLocaleString('en-IN', { minimumFractionDigits: 2 })}`,
  );

  await page.getByRole('button', { name: 'Pay and Place Order' }).click();
  const dialog = page.getByRole('dialog', { name: 'Test payment (sandbox)' });
  await expect(dialog).toContainText('Order Payment');
  await dialog.getByRole('button', { name: /^Pay ₹/ }).click();
  await expect(page).toHaveURL(/\/order\/[0-9a-f-]{36}$/);
  await expect(page.getByText(/^Paid on .* via Razorpay/)).toBeVisible();
  await expect(page.getByText('Online discount (10%)')).toBeVisible();
  const order = (await (
    await request.get(`/api/orders/${page.url().split('/').pop()}`, {
      headers: {
        authorization: `Bearer ${JSON.parse((await page.evaluate(() => localStorage.getItem('userInfo')))!).token}`,
      },
    })
  ).json()) as Order;
  expect(order).toMatchObject({ isPaid: true, paymentMethod: 'Razorpay', totalPrice: expectedTotal });
  expect(await page.evaluate(() => localStorage.getItem('cartItems'))).toBeNull();

  // Issue 12: cancelling it refunds the payment through the gateway (the sandbox here), once.
  const total = `₹${expectedTotal.toLocaleString('en-IN', { minimumFractionDigits: 2 })}`;
  const admin = await browser.newPage();
  await admin.addInitScript(() => sessionStorage.setItem('rr.startupLoaderShown', '1'));
  await startSignedIn(admin, await login(request, ADMIN.phone, ADMIN.password));
  await admin.goto(`/order/${order._id}`);
  let prompt = '';
  admin.once('dialog', (d) => {
    prompt = d.message();
    void d.accept();
  });
  await admin.getByRole('button', { name: 'Cancel Order' }).click();
  await expect(admin.getByRole('button', { name: 'Order Cancelled' })).toBeDisabled();
  expect(prompt).toContain(`It was paid online: ${total} will be refunded to the customer through Razorpay.`);
  await expect(admin.getByText(`Refunded ${total} to the original payment method.`)).toBeVisible();
  await admin.close();

  // The customer sees the cancellation and the refund made, not 'Not Delivered'.
  await page.reload();
  await expect(page.getByRole('alert')).toContainText('This order was cancelled');
  await expect(page.getByText(`Refunded ${total} to the original payment method.`)).toBeVisible();
  const cancelled = (await (
    await request.get(`/api/orders/${order._id}`, {
      headers: {
        authorization: `Bearer ${JSON.parse((await page.evaluate(() => localStorage.getItem('userInfo')))!).token}`,
      },
    })
  ).json()) as Order;
  expect(cancelled.refund).toMatchObject({ status: 'processed', amount: expectedTotal });
  await expect(page.getByText('Not Delivered')).toHaveCount(0);
});

test('a failed online payment keeps the cart, says so, and gives the held stock back', async ({
  page,
  request,
  makeProduct,
  makeCustomer,
}) => {
  const { product } = await readyToPlace(page, await makeCustomer('Buyer'), 'Razorpay', await makeProduct(STOCKED));
  const before = await stockOf(request, product._id);
  await page.getByRole('button', { name: 'Pay and Place Order' }).click();
  const dialog = page.getByRole('dialog', { name: 'Test payment (sandbox)' });
  await expect(dialog).toBeVisible();
  expect(await stockOf(request, product._id)).toBe(before - 2);
  await dialog.getByRole('button', { name: 'Fail payment' }).click();
  await expect(page.getByRole('alert')).toContainText(
    'Payment failed: Your payment was declined (sandbox test). Your cart is still here.',
  );
  await expect(page).toHaveURL('/placeorder');
  await expect(page.getByRole('button', { name: 'Pay and Place Order' })).toBeEnabled();
  expect(JSON.parse((await page.evaluate(() => localStorage.getItem('cartItems')))!)).toHaveLength(1);
  await expect.poll(() => stockOf(request, product._id)).toBe(before);

  // Closing the checkout is told apart from a failure.
  await page.getByRole('button', { name: 'Pay and Place Order' }).click();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('Payment cancelled. Nothing was charged and your cart is still here.')).toBeVisible();
  await expect.poll(() => stockOf(request, product._id)).toBe(before);
});

test('when the checkout script cannot load, the customer is told and nothing is created', async ({
  page,
  request,
  makeProduct,
  makeCustomer,
}) => {
  const { product } = await readyToPlace(page, await makeCustomer('Buyer'), 'Razorpay', await makeProduct(STOCKED));
  const before = await stockOf(request, product._id);
  await page.route('**/api/payments/checkout.js', (route) => route.abort('internetdisconnected'));
  let paymentOrders = 0;
  page.on('request', (r) => {
    if (r.url().includes('/api/payments/razorpay/order')) paymentOrders += 1;
  });
  const alerts: string[] = [];
  page.once('dialog', (d) => {
    alerts.push(d.message());
    void d.accept();
  });
  await page.getByRole('button', { name: 'Pay and Place Order' }).click();
  await expect.poll(() => alerts).toEqual(['Razorpay SDK failed to load. Are you online?']);
  await expect(page).toHaveURL('/placeorder');
  await expect(page.getByRole('button', { name: 'Pay and Place Order' })).toBeEnabled();
  expect(paymentOrders).toBe(0);
  expect(await stockOf(request, product._id)).toBe(before);
});

test('checkout steps send the customer back for what is missing', async ({ page, makeCustomer }) => {
  await startSignedIn(page, await makeCustomer('Steps'));
  await page.goto('/placeorder');
  await expect(page).toHaveURL('/shipping');
  await page.goto('/payment');
  await expect(page).toHaveURL('/shipping');
  await fillShipping(page);
  await page.goto('/placeorder');
  await expect(page).toHaveURL('/payment');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Your cart is empty')).toBeVisible();
});

test('the shipping form needs every field, and a visitor must sign in first', async ({ page, makeCustomer }) => {
  await page.goto('/shipping');
  await expect(page).toHaveURL('/login?redirect=/shipping');
  await startSignedIn(page, await makeCustomer('Fields'));
  await page.goto('/shipping');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('address is required', { exact: false })).toBeVisible();
  await expect(page).toHaveURL('/shipping');
});

test("the place-order page shows today's prices when they changed after the cart was filled", async ({
  page,
  request,
  makeCustomer,
  makeProduct,
}) => {
  const admin = await login(request, ADMIN.phone, ADMIN.password);
  const auth = { authorization: `Bearer ${admin.token}` };
  // A product of this test's own, so no other test sees its price change.
  const created = await makeProduct({ label: 'price bead', price: 499, stock: 10, category: 'gems' });
  const { name, image, brand, category, description } = created;
  const base = { name, image, brand, category, description, mrp: null };

  await startSignedIn(page, await makeCustomer('Pricey'));
  await page.goto(`/cart/${created._id}?qty=2`);
  await expect(page).toHaveURL('/cart');
  await page.goto('/shipping');
  await fillShipping(page);

  // The shop raises the price while the customer is on the way to placing the order.
  const raised = await request.put(`/api/products/${created._id}`, {
    headers: auth,
    data: { ...base, price: 799, countInStock: 10 },
  });
  expect(raised.status()).toBe(200);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL('/placeorder');
  await expect(
    page.getByText("Prices or stock changed since you added these items. The amounts below are today's."),
  ).toBeVisible();
  await expect(page.getByText('2 x ₹799.00 = ₹1,598.00')).toBeVisible();
  // 1598 + 18% tax (287.64), free shipping
  await expect(page.getByTestId('order-total')).toHaveText('₹1,885.64');
  const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('cartItems')))!);
  expect(stored[0].price).toBe(799);

  page.once('dialog', (d) => void d.accept());
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/order\//);
  await expect(page.getByTestId('order-total')).toHaveText('₹1,885.64');
});

test('a gift goes to the recipient given at shipping; customer and admin see who receives it', async ({
  page,
  request,
  browser,
  makeCustomer,
  makeProduct,
}) => {
  const customer = await makeCustomer('Gifter');
  await startSignedIn(page, customer);
  const product = await makeProduct(STOCKED);
  await page.goto(`/cart/${product._id}?qty=1`);
  // The cart page adds the line once the product has loaded, then shows /cart.
  await expect(page).toHaveURL('/cart');
  await page.goto('/shipping');
  // Prefilled from the account, so most customers only type the address.
  await expect(page.getByLabel("Recipient's Name")).toHaveValue(customer.name);
  await expect(page.getByLabel("Recipient's Phone")).toHaveValue(customer.phone);
  await page.getByLabel("Recipient's Name").fill('');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();
  await page.getByLabel("Recipient's Name").fill('Kamala Devi');
  await page.getByLabel("Recipient's Phone").fill('98765 43210');
  await fillShipping(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL('/placeorder');
  // The phone as the shop stores it: 10 digits.
  await expect(page.getByText('Kamala Devi, 9876543210')).toBeVisible();
  page.once('dialog', (d) => void d.accept());
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/order\/[0-9a-f-]{36}$/);
  const orderId = page.url().split('/').pop()!;
  const shipping = page.getByRole('region', { name: 'Shipping' });
  await expect(shipping).toContainText('Name: Kamala Devi');
  await expect(shipping.getByRole('link', { name: '9876543210' })).toHaveAttribute('href', 'tel:+919876543210');
  await expect(shipping).toContainText(`Ordered by: ${customer.name} (${customer.phone})`);

  const admin = await browser.newPage();
  await admin.addInitScript(() => sessionStorage.setItem('rr.startupLoaderShown', '1'));
  await startSignedIn(admin, await login(request, ADMIN.phone, ADMIN.password));
  await admin.goto(`/order/${orderId}`);
  await expect(admin.getByRole('region', { name: 'Shipping' })).toContainText('Name: Kamala Devi');
  await expect(admin.getByRole('region', { name: 'Shipping' })).toContainText('9876543210');
  await admin.close();
});

test('a business buyer adds a GSTIN at shipping: a wrong one is refused, a right one shows on the order', async ({
  page,
  makeCustomer,
  makeProduct,
}) => {
  await startSignedIn(page, await makeCustomer('Business'));
  const product = await makeProduct(STOCKED);
  await page.goto(`/cart/${product._id}?qty=1`);
  await expect(page).toHaveURL('/cart');
  await page.goto('/shipping');
  const business = page.getByText('Add GSTIN for a business invoice (optional)');
  await expect(page.getByLabel('GSTIN')).toBeHidden();
  await business.click();
  await page.getByLabel('GSTIN').fill('09abcde1234f1zx');
  await page.getByLabel('Business name').fill('Kashi Traders');
  await page.getByLabel('Address', { exact: true }).fill(ADDRESS.address);
  await page.getByLabel('Postal Code').fill(ADDRESS.postalCode);
  await expect(page.getByLabel('State')).toHaveValue('Uttar Pradesh');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('GSTIN has a wrong check character (a typing mistake?)')).toBeVisible();
  await page.getByLabel('GSTIN').fill('09abcde1234f1zy');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL('/payment');
  await expect(page.getByRole('heading', { name: 'Payment Method', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL('/placeorder');
  await expect(page.getByText('Kashi Traders, GSTIN 09ABCDE1234F1ZY')).toBeVisible();
  page.once('dialog', (d) => void d.accept());
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/order\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('region', { name: 'Shipping' })).toContainText(
    'Business invoice: Kashi Traders, GSTIN 09ABCDE1234F1ZY',
  );
});

test('a new customer confirms a Cash on Delivery order with the code sent by SMS, on a 360 px phone', async ({
  page,
  request,
  makeCustomer,
  makeProduct,
}) => {
  await page.setViewportSize({ width: 360, height: 780 });
  const product = await makeProduct(STOCKED);
  const customer = await makeCustomer('Unproven');
  await readyToPlace(page, customer, 'Cash on Delivery', product);
  page.once('dialog', (d) => void d.accept());
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/order\/[0-9a-f-]{36}$/);
  const orderId = page.url().split('/').pop()!;

  // Not placed yet: the page asks for the code, and says until when the items are held.
  const box = page.getByRole('region', { name: 'Awaiting confirmation' });
  await expect(box).toContainText(`your phone ending ${customer.phone.slice(-4)}`);
  await expect(box).toContainText('30 minutes');
  await expect(page.getByText('Thank you! Your order has been placed.')).toHaveCount(0);
  // Nothing sticks out of a 360 px screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: test.info().outputPath('awaiting-confirmation-360.png'), fullPage: true });

  // A wrong code is refused with a message; a new code can be asked for once a minute.
  const code = await latestCode(request, customer.phone);
  await page.getByLabel('Confirmation code').fill(code === '0000' ? '1111' : '0000');
  await page.getByRole('button', { name: 'Confirm Order' }).click();
  await expect(box).toContainText('That is not the code we sent');
  await page.getByRole('button', { name: 'Send a New Code' }).click();
  await expect(box).toContainText(/Please wait \d+ seconds/);

  await page.getByLabel('Confirmation code').fill(code);
  await page.getByRole('button', { name: 'Confirm Order' }).click();
  await expect(page.getByText('Thank you! Your order has been placed.')).toBeVisible();
  await expect(box).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('confirmed-360.png'), fullPage: true });

  // My Orders no longer says it waits; the admin's to-ship list has it now.
  await page.goto('/profile');
  const mine = page.getByRole('region', { name: 'My Orders' }).getByRole('row').filter({ hasText: orderId });
  await expect(mine).toBeVisible();
  await expect(mine).not.toContainText('Awaiting confirmation');
  const admin = await login(request, ADMIN.phone, ADMIN.password);
  const toShip = await request.get('/api/orders?status=to_ship&limit=100', {
    headers: { authorization: `Bearer ${admin.token}` },
  });
  expect(((await toShip.json()) as Order[]).map((o) => o._id)).toContain(orderId);
});

test('My Orders says an order awaits confirmation, and the admin to-ship list leaves it out', async ({
  page,
  request,
  makeCustomer,
  makeProduct,
}) => {
  const product = await makeProduct(STOCKED);
  const customer = await makeCustomer('Waiting');
  const placed = await request.post('/api/orders', {
    headers: { authorization: `Bearer ${customer.token}`, 'idempotency-key': `e2e-${customer._id}` },
    data: {
      orderItems: [{ product: product._id, qty: 1 }],
      shippingAddress: {
        address: ADDRESS.address,
        city: 'Varanasi',
        postalCode: ADDRESS.postalCode,
        state: 'Uttar Pradesh',
      },
      paymentMethod: 'Cash on Delivery',
    },
  });
  const order = (await placed.json()) as Order;
  expect(order.confirmBy).not.toBeNull();
  await startSignedIn(page, customer);
  await page.goto('/profile');
  await expect(
    page.getByRole('region', { name: 'My Orders' }).getByRole('row').filter({ hasText: order._id }),
  ).toContainText('Awaiting confirmation');
  const admin = await login(request, ADMIN.phone, ADMIN.password);
  const toShip = await request.get('/api/orders?status=to_ship&limit=100', {
    headers: { authorization: `Bearer ${admin.token}` },
  });
  expect(((await toShip.json()) as Order[]).map((o) => o._id)).not.toContain(order._id);
});
