import { formatRupees, type CartItem, type CartQuote } from '@rr/core';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonReply, renderInApp } from '../../../testing/render.tsx';
import { addToCart, clearCart, setCouponCode } from '../../cart/index.ts';
import { clearCheckout, paymentMethodStore, shippingAddressStore } from '../checkout-store.ts';
import { PlaceOrderPage } from './place-order-page.tsx';

const bead: CartItem = { product: 'p1', name: 'Five Mukhi', image: '/bead.jpg', price: 100, countInStock: 5, qty: 2 };
const mala: CartItem = { product: 'p2', name: 'Tulsi Mala', image: '/mala.jpg', price: 300, countInStock: 9, qty: 1 };

/** The quote the server gives for today's prices and stock of `lines`. */
function quote(lines: CartItem[], unavailable: string[] = []): CartQuote {
  const itemsPrice = lines.reduce((sum, l) => sum + l.price * l.qty, 0);
  const taxFacts = { mrp: null, hsnCode: '1404', uqc: 'NOS', gstPercent: 0, discount: 0, taxPrice: 0 };
  return {
    lines: lines.map(({ variant: _v, variantName: _n, addOns: _a, ...l }) => ({
      ...l,
      ...taxFacts,
      taxableValue: l.price * l.qty,
      variant: null,
      addOns: [],
      returnable: true,
    })),
    unavailable,
    itemsPrice,
    shippingPrice: 0,
    taxPrice: 0,
    discountPrice: 0,
    totalPrice: itemsPrice,
    storeCredit: null,
    amountDue: itemsPrice,
    shippingGst: { gstPercent: 0, hsnCode: '1404', taxPrice: 0 },
    adjustments: [],
    coupon: null,
    gst: null,
    codFee: null,
    cod: { allowed: true, refusal: null, reason: null },
    delivery: null,
  };
}

const fetchMock = vi.fn<typeof fetch>();
const items = () => within(screen.getByRole('region', { name: 'Order Items' }));
const changedNotice = /Prices or stock changed since you added these items/;

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  addToCart(bead);
  addToCart(mala);
  shippingAddressStore.set({ address: '1 MG Road', city: 'Pune', postalCode: '411001', state: 'Maharashtra' });
  paymentMethodStore.set('Cash on Delivery');
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  clearCart();
  clearCheckout();
});

describe('PlaceOrderPage reconciliation with the server quote', () => {
  it("says so when prices moved, and shows the cart at today's prices", async () => {
    fetchMock.mockResolvedValue(jsonReply(quote([{ ...bead, price: 120 }, mala])));
    renderInApp(<PlaceOrderPage />);

    expect(await screen.findByText(changedNotice)).toBeTruthy();
    expect(items().getByText(`2 x ${formatRupees(120)} = ${formatRupees(240)}`)).toBeTruthy();
    expect(items().queryByText(new RegExp(`2 x ${formatRupees(100)}`))).toBeNull();
    expect(items().getByText(`1 x ${formatRupees(300)} = ${formatRupees(300)}`)).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Place Order' }).disabled).toBe(false);
  });

  it('says nothing when the quote matches the cart', async () => {
    fetchMock.mockResolvedValue(jsonReply(quote([bead, mala])));
    renderInApp(<PlaceOrderPage />);

    expect(await screen.findByRole('button', { name: 'Place Order' })).toBeTruthy();
    expect(screen.queryByText(changedNotice)).toBeNull();
  });

  it('holds the order back while a line is short of stock or no longer sold', async () => {
    fetchMock.mockResolvedValue(jsonReply(quote([{ ...bead, countInStock: 1 }], [mala.product])));
    renderInApp(<PlaceOrderPage />);

    expect(await screen.findByText(/Only 1 of Five Mukhi left\./)).toBeTruthy();
    expect(screen.getByText(/Tulsi Mala is no longer available\./)).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Place Order' }).disabled).toBe(true);
  });
});

describe('PlaceOrderPage shipping summary', () => {
  it('shows the business invoice’s name and GSTIN when given', async () => {
    fetchMock.mockResolvedValue(jsonReply(quote([bead, mala])));
    shippingAddressStore.set({
      ...{ address: '1 MG Road', city: 'Pune', postalCode: '411001', state: 'Maharashtra' },
      ...{ gstin: '27AAPFU0939F1ZV', businessName: 'Verma Gems' },
    });
    renderInApp(<PlaceOrderPage />);
    const shipping = within(await screen.findByRole('region', { name: 'Shipping' }));
    expect(shipping.getByText('Verma Gems, GSTIN 27AAPFU0939F1ZV')).toBeTruthy();
  });
});

describe('PlaceOrderPage placing at the total shown', () => {
  it('sends the total it shows, and on PRICE_CHANGED says so and shows today’s amounts', async () => {
    let quoted = quote([bead, mala]);
    const orders: Array<Record<string, unknown>> = [];
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url.endsWith('/api/orders/quote')) return jsonReply(quoted);
      orders.push(JSON.parse(String(init?.body)));
      quoted = { ...quote([{ ...bead, price: 150 }, mala]) };
      return jsonReply(
        { code: 'PRICE_CHANGED', message: 'Prices changed since you looked: this order now costs ₹600.00.' },
        409,
      );
    });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderInApp(<PlaceOrderPage />);
    expect((await screen.findByTestId('order-total')).textContent).toBe(formatRupees(500));
    (await screen.findByRole('button', { name: 'Place Order' })).click();

    expect(await screen.findByText(/this order now costs ₹600\.00/)).toBeTruthy();
    expect(orders[0]).toMatchObject({ paymentMethod: 'Cash on Delivery', expectedTotal: 500 });
    // The quote is asked again: the summary shows what the order costs now.
    await vi.waitFor(() => expect(screen.getByTestId('order-total').textContent).toBe(formatRupees(600)));
  });
});

describe('PlaceOrderPage with a code (issue 26)', () => {
  const diwali = { kind: 'coupon', label: 'Code DIWALI10', amount: 50 };
  const withCode = (code: string | undefined) => ({
    ...quote([bead, mala]),
    ...(code ? { adjustments: [diwali], discountPrice: 50, totalPrice: 450 } : {}),
    coupon: code ? { code, discount: 50, applied: true, message: null } : null,
  });

  it('sends the cart’s code with the quote and the order, shows its line and the saving', async () => {
    setCouponCode('DIWALI10');
    const sent: Array<Record<string, unknown>> = [];
    fetchMock.mockImplementation(async (input, init) => {
      const body = JSON.parse(String(init?.body)) as { couponCode?: string };
      sent.push({ url: String(input), ...body });
      return String(input).endsWith('/api/orders/quote')
        ? jsonReply(withCode(body.couponCode))
        : jsonReply({ _id: 'o1' }, 201);
    });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderInApp(<PlaceOrderPage />);

    expect((await screen.findByTestId('order-total')).textContent).toBe(formatRupees(450));
    const summary = within(screen.getByRole('complementary', { name: 'Order Summary' }));
    expect(summary.getByText('Code DIWALI10')).toBeTruthy();
    expect(screen.getByTestId('order-savings').textContent).toBe(`You save ${formatRupees(50)}`);
    (await screen.findByRole('button', { name: 'Place Order' })).click();
    await vi.waitFor(() => expect(sent.some((s) => String(s.url).endsWith('/api/orders'))).toBe(true));
    expect(sent.find((s) => String(s.url).endsWith('/api/orders'))).toMatchObject({
      couponCode: 'DIWALI10',
      expectedTotal: 450,
    });
  });

  it('shows a refusal at placing beside the code, not as the page’s error; removed, the order goes without it', async () => {
    setCouponCode('DIWALI10');
    const orders: Array<Record<string, unknown>> = [];
    fetchMock.mockImplementation(async (input, init) => {
      const body = JSON.parse(String(init?.body)) as { couponCode?: string };
      if (String(input).endsWith('/api/orders/quote')) return jsonReply(withCode(body.couponCode));
      orders.push(body);
      return body.couponCode
        ? jsonReply({ code: 'COUPON_USED_UP', message: 'This code has been used up.' }, 409)
        : jsonReply({ _id: 'o1' }, 201);
    });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderInApp(<PlaceOrderPage />);
    (await screen.findByRole('button', { name: 'Place Order' })).click();

    const codeBox = within(await screen.findByRole('region', { name: 'Discount code' }));
    expect((await codeBox.findByRole('alert')).textContent).toBe('This code has been used up.');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    fireEvent.click(codeBox.getByRole('button', { name: 'Remove code DIWALI10' }));
    await vi.waitFor(() => expect(screen.getByTestId('order-total').textContent).toBe(formatRupees(500)));
    expect(screen.queryByText('This code has been used up.')).toBeNull();
    (await screen.findByRole('button', { name: 'Place Order' })).click();
    await vi.waitFor(() => expect(orders).toHaveLength(2));
    expect(orders[1]).not.toHaveProperty('couponCode');
  });
});
