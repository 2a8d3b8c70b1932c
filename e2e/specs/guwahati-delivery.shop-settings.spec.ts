import type { APIRequestContext } from '@playwright/test';
import type { ShippingSettingsUpdate } from '@rr/core';
import { expect, latestCode, startSignedIn, test } from '../fixtures.ts';

// A phone: the customer checks delivery and checks out on 360 px.
test.use({ viewport: { width: 360, height: 800 }, isMobile: true, hasTouch: true });

const zones = (within_city: number, within_state: number, metro: number, rest_of_india: number, special: number) => ({
  within_city,
  within_state,
  metro,
  rest_of_india,
  special,
});

/** The owner's rate card: three slabs, the North-East dearer, and a COD fee of ₹50 or 2%, whichever is more. */
const RATE_CARD = {
  slabs: [
    { upToGrams: 500, rates: zones(40, 60, 70, 90, 150) },
    { upToGrams: 1000, rates: zones(60, 80, 90, 120, 200) },
    { upToGrams: 2000, rates: zones(90, 110, 120, 160, 280) },
  ],
  extraPer500g: zones(20, 30, 30, 40, 70),
  freeAbove: null,
  codFee: 50,
  codFeePercent: 2,
};

async function setShipping(request: APIRequestContext, token: string, settings: ShippingSettingsUpdate) {
  const res = await request.put('/api/admin/shipping', {
    headers: { authorization: `Bearer ${token}` },
    data: settings,
  });
  expect(res.status(), await res.text()).toBe(200);
}

const rupees = (n: number) => `₹${n.toLocaleString('en-IN', { minimumFractionDigits: 2 })}`;

test('on a phone: delivery to Guwahati with a COD fee, and COD above the limit refused with Pay online instead', async ({
  page,
  request,
  admin,
  makeProduct,
  makeCustomer,
}) => {
  test.slow();
  const product = await makeProduct({ label: 'Guwahati bead', price: 600 });
  const customer = await makeCustomer('Guwahati');
  try {
    await setShipping(request, admin.token, { rateCard: RATE_CARD, codMax: 50000 });
    await startSignedIn(page, customer);

    // The product page: "Deliver to" 781001 says when, where, and that COD is taken there.
    await page.goto(`/product/${product._id}`);
    const delivery = page.getByRole('region', { name: 'Delivery' });
    await delivery.getByLabel('Deliver to').fill('781001');
    await delivery.getByRole('button', { name: 'Check' }).click();
    await expect(delivery.getByText(/^Delivered (by|between) \w{3}, \d{1,2} \w+/)).toBeVisible();
    await expect(delivery.getByText(/Guwahati.*Assam/)).toBeVisible();
    await expect(delivery.getByText('Cash on Delivery available')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    // The pincode is remembered for the next product.
    await page.reload();
    await expect(page.getByRole('region', { name: 'Delivery' }).getByLabel('Deliver to')).toHaveValue('781001');

    // Checkout with Cash on Delivery: the estimate on the shipping step, the special zone's freight and
    // the COD fee on the place-order page.
    await page.goto(`/cart/${product._id}?qty=1`);
    await expect(page).toHaveURL('/cart');
    await page.goto('/shipping');
    await page.getByLabel('Address', { exact: true }).fill('Pan Bazar, near the ghat');
    await page.getByLabel('Postal Code').fill('781001');
    await expect(page.getByLabel('State')).toHaveValue('Assam');
    await expect(page.getByTestId('shipping-estimate')).toContainText('Cash on Delivery available');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { name: 'Payment Method', level: 1 })).toBeVisible();
    await page.getByLabel(/Cash on Delivery/).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL('/placeorder');
    await expect(page.getByTestId('shipping-price')).toHaveText(rupees(150));
    await expect(page.getByTestId('cod-fee')).toHaveText(rupees(50));
    await expect(page.getByText('Cash on Delivery fee')).toBeVisible();
    await expect(page.getByTestId('delivered-by')).toContainText(/Delivered (by|between)/);
    await page.getByLabel('Send me order updates on WhatsApp').check();
    page.once('dialog', (d) => void d.accept());
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(page).toHaveURL(/\/order\/[0-9a-f-]{36}$/);
    // A new customer's phone is unproven: the order waits for the code sent by SMS.
    await expect(page.getByRole('heading', { name: 'Awaiting confirmation' })).toBeVisible();
    await page.getByLabel('Confirmation code').fill(await latestCode(request, customer.phone));
    await page.getByRole('button', { name: 'Confirm Order' }).click();
    await expect(page.getByRole('heading', { name: 'Awaiting confirmation' })).toHaveCount(0);
    await expect(page.getByTestId('cod-fee')).toHaveText(rupees(50));
    await expect(page.getByTestId('shipping-price')).toHaveText(rupees(150));

    // The owner lowers the COD limit: the same cart is refused COD, with the reason, and paying online works.
    await setShipping(request, admin.token, { codMax: 100 });
    await page.goto(`/cart/${product._id}?qty=1`);
    await expect(page).toHaveURL('/cart');
    await page.goto('/payment');
    await expect(page.getByTestId('cod-disabled-reason')).toHaveText(
      'Cash on Delivery is available for orders up to ₹100. Please pay online.',
    );
    await expect(page.getByRole('radio', { name: /Cash on Delivery/ })).toBeDisabled();
    // COD was the method chosen last: the place-order page says why not and offers online payment.
    await page.goto('/placeorder');
    await expect(page.getByTestId('cod-refused')).toHaveText(
      'Cash on Delivery is available for orders up to ₹100. Please pay online.',
    );
    await expect(page.getByRole('button', { name: 'Place Order' })).toBeDisabled();
    await page.getByRole('button', { name: 'Pay online instead' }).click();
    await expect(page.getByTestId('cod-refused')).toHaveCount(0);
    await expect(page.getByText('Online discount (10%)')).toBeVisible();
    await expect(page.getByTestId('cod-fee')).toHaveCount(0);
    await page.getByRole('button', { name: 'Pay and Place Order' }).click();
    const dialog = page.getByRole('dialog', { name: 'Test payment (sandbox)' });
    await dialog.getByRole('button', { name: /^Pay ₹/ }).click();
    await expect(page).toHaveURL(/\/order\/[0-9a-f-]{36}$/);
    await expect(page.getByText(/^Paid on .* via Razorpay/)).toBeVisible();
  } finally {
    await setShipping(request, admin.token, { rateCard: null, codMax: 50000 });
  }
});
