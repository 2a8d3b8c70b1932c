import type { Order, ShippingSettings } from '@rr/core';
import { expect, pdfText, placeCodOrder, startSignedIn, test } from '../fixtures.ts';

// Issue 27: the owner sets a rate card on /admin/shipping, books a COD order's parcel with the courier
// service (the sandbox in e2e), prints its label, and the courier's "delivered" event marks the order
// delivered and its cash collected. A shop-settings spec: the rate card changes every quote while it is
// set, so it runs after the others and puts SPEC's rule back.

test('the owner sets a rate card, books a parcel, prints its label and sees it delivered', async ({
  page,
  request,
  admin,
  makeCustomer,
  makeProduct,
}) => {
  const headers = { authorization: `Bearer ${admin.token}` };
  try {
    await startSignedIn(page, admin);
    await page.goto('/admin');
    await page.getByRole('button', { name: admin.name }).click();
    await page.getByRole('link', { name: 'Shipping', exact: true }).click();
    await expect(page).toHaveURL('/admin/shipping');
    await expect(page).toHaveTitle('Shipping | Rudraksha Ratna');

    const simpleRule = page.getByRole('checkbox', { name: "Use SPEC's simple rule (free above ₹100, else ₹100)" });
    await expect(simpleRule).toBeChecked();
    await simpleRule.uncheck();
    await page.getByRole('button', { name: 'Fill in typical rates' }).click();
    const metro500 = page.getByRole('spinbutton', { name: 'Metro to metro, up to 500 g (₹)' });
    await expect(metro500).toHaveValue('60');
    await metro500.fill('65');
    await page.getByLabel('Free shipping above (₹)').fill('1499');
    await page.getByRole('button', { name: 'Save shipping settings' }).click();
    await expect(page.getByText('Shipping settings saved.')).toBeVisible();

    // What was saved comes back on a fresh load.
    await page.reload();
    await expect(simpleRule).not.toBeChecked();
    await expect(metro500).toHaveValue('65');
    await expect(page.getByRole('spinbutton', { name: 'North-East, J&K and islands, up to 1000 g (₹)' })).toHaveValue(
      '135',
    );
    await expect(page.getByLabel('Free shipping above (₹)')).toHaveValue('1499');
    await expect(page.getByLabel('COD fee (₹)')).toHaveValue('40');
    const saved = (await (await request.get('/api/admin/shipping', { headers })).json()) as ShippingSettings;
    expect(saved.rateCard?.slabs.map((s) => s.upToGrams)).toEqual([500, 1000]);
    expect(saved.rateCard?.slabs[0]!.rates.metro).toBe(65);

    // A Cash on Delivery order, booked with the courier service from its admin screen.
    const product = await makeProduct({ price: 650, stock: 5, label: 'courier bead' });
    const customer = await makeCustomer('Courier');
    const order = await placeCodOrder(request, customer, product._id);
    await page.goto(`/order/${order._id}`);
    await page.getByRole('button', { name: 'Book with courier' }).click();
    await expect(page.getByText(/On its way, shipped on /)).toBeVisible();
    const booked = (await (await request.get(`/api/orders/${order._id}`, { headers })).json()) as Order;
    const awb = booked.shipment!.trackingNumber;
    expect(booked.shipment!.provider).toBe('sandbox');
    await expect(page.getByText(`${booked.shipment!.courier}, tracking number ${awb}`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Book with courier' })).toHaveCount(0);

    // Print label opens the PDF in a new tab; the same PDF, fetched through the page, names the AWB.
    const tab = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Print label' }).click();
    await expect(await tab).toHaveURL(/^blob:/);
    const bytes = await page.evaluate(
      async ({ path, token }) => {
        const res = await fetch(path, { headers: { authorization: `Bearer ${token}` } });
        return { type: res.headers.get('content-type'), data: Array.from(new Uint8Array(await res.arrayBuffer())) };
      },
      { path: booked.shipment!.label!, token: admin.token },
    );
    expect(bytes.type).toContain('application/pdf');
    const label = (await pdfText(Buffer.from(bytes.data))).join('\n');
    expect(label).toContain(awb);

    // The courier reports the parcel delivered: the order is delivered and, being COD, paid.
    const event = await request.post('/api/dev/courier/events', {
      headers,
      data: { orderId: order._id, status: 'delivered' },
    });
    expect(event.ok()).toBe(true);
    await page.reload();
    const dispatch = page.getByRole('region', { name: 'Dispatch' });
    await expect(dispatch.getByText('Tracking: Delivered', { exact: false })).toBeVisible();
    await expect(page.getByText(/^Delivered on /)).toBeVisible();
    await expect(page.getByText(/^Paid on /)).toBeVisible();
  } finally {
    const reset = await request.put('/api/admin/shipping', { headers, data: { rateCard: null } });
    expect(reset.status()).toBe(200);
  }
});
