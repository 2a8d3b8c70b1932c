import type { CartItem, CartQuote } from '@rr/core';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonReply, renderInApp } from '../../../testing/render.tsx';
import { addToCart, clearCart } from '../../cart/index.ts';
import { clearCheckout, paymentMethodStore, shippingAddressStore } from '../checkout-store.ts';
import { PlaceOrderPage } from './place-order-page.tsx';

const bead: CartItem = { product: 'p1', name: 'Five Mukhi', image: '/bead.jpg', price: 1000, countInStock: 5, qty: 1 };
const customer = { _id: 'u1', name: 'Asha', email: 'asha@example.in', phone: '9876543210', isAdmin: false, token: 't' };

/** The quote of the bead (₹1,000, no GST or shipping), with `balance` of store credit used when asked. */
function quote(body: { useStoreCredit?: boolean }, balance: number): CartQuote {
  const applied = body.useStoreCredit ? Math.min(balance, 1000) : 0;
  return {
    lines: [
      {
        ...bead,
        mrp: null,
        hsnCode: '1404',
        uqc: 'NOS',
        gstPercent: 0,
        discount: 0,
        taxPrice: 0,
        taxableValue: 1000,
        variant: null,
        addOns: [],
        returnable: true,
      },
    ],
    unavailable: [],
    itemsPrice: 1000,
    shippingPrice: 0,
    taxPrice: 0,
    discountPrice: 0,
    totalPrice: 1000,
    shippingGst: { gstPercent: 0, hsnCode: '1404', taxPrice: 0 },
    adjustments: [],
    coupon: null,
    gst: null,
    codFee: null,
    cod: { allowed: true, refusal: null, reason: null },
    delivery: null,
    storeCredit: { balance, applied },
    amountDue: 1000 - applied,
  };
}

const fetchMock = vi.fn<typeof fetch>();
let balance: number;
const bodiesTo = (path: string) =>
  fetchMock.mock.calls
    .filter(([input, init]) => String(input) === path && init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);

/** Signs the customer in the way another tab would (the session store follows localStorage). */
function setSession(info: typeof customer | null) {
  if (info) localStorage.setItem('userInfo', JSON.stringify(info));
  else localStorage.removeItem('userInfo');
  window.dispatchEvent(new StorageEvent('storage', { key: 'userInfo' }));
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  addToCart(bead);
  shippingAddressStore.set({ address: '1 MG Road', city: 'Pune', postalCode: '411001', state: 'Maharashtra' });
  setSession(customer);
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url === '/api/users/profile') return jsonReply({ ...customer, storeCredit: balance });
    if (url === '/api/orders/quote') return jsonReply(quote(JSON.parse(String(init?.body)), balance));
    if (url === '/api/orders') return jsonReply({ _id: 'o1' }, 201);
    return jsonReply({ message: `Not found: ${url}` }, 404);
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  fetchMock.mockReset();
  clearCart();
  clearCheckout();
  setSession(null);
});

describe('Place order with store credit (issue 28)', () => {
  it('uses part of the credit: the summary shows it and what is due, and the order is sent with it', async () => {
    balance = 300;
    paymentMethodStore.set('Cash on Delivery');
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderInApp(<PlaceOrderPage />);
    await userEvent.click(await screen.findByLabelText('Use store credit (₹300.00 available)'));

    const summary = within(screen.getByRole('complementary', { name: 'Order Summary' }));
    expect((await summary.findByTestId('store-credit-applied')).textContent).toBe('−₹300.00');
    expect(summary.getByText('To pay on delivery')).toBeTruthy();
    expect(summary.getByTestId('amount-due').textContent).toBe('₹700.00');
    expect(bodiesTo('/api/orders/quote').at(-1)).toMatchObject({ useStoreCredit: true });

    await userEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    await vi.waitFor(() => expect(bodiesTo('/api/orders')).toHaveLength(1));
    expect(bodiesTo('/api/orders')[0]).toMatchObject({ paymentMethod: 'Cash on Delivery', useStoreCredit: true });
    expect(window.confirm).toHaveBeenCalled();
  });

  it('places an order the credit pays in full at once: "Place Order", no gateway and no COD confirm', async () => {
    balance = 5000;
    paymentMethodStore.set('Razorpay');
    const confirm = vi.spyOn(window, 'confirm');
    renderInApp(<PlaceOrderPage />);
    expect(await screen.findByRole('button', { name: 'Pay and Place Order' })).toBeTruthy();
    await userEvent.click(await screen.findByLabelText('Use store credit (₹5,000.00 available)'));
    expect((await screen.findByTestId('store-credit-applied')).textContent).toBe('−₹1,000.00');
    expect(screen.getByText('Left to pay')).toBeTruthy();

    await userEvent.click(await screen.findByRole('button', { name: 'Place Order' }));
    await vi.waitFor(() => expect(bodiesTo('/api/orders')).toHaveLength(1));
    expect(bodiesTo('/api/orders')[0]).toMatchObject({ paymentMethod: 'Razorpay', useStoreCredit: true });
    expect(bodiesTo('/api/payments/razorpay/order')).toHaveLength(0);
    expect(confirm).not.toHaveBeenCalled();
  });

  it('offers no store credit to a customer without any, and sends none', async () => {
    balance = 0;
    paymentMethodStore.set('Cash on Delivery');
    renderInApp(<PlaceOrderPage />);
    await screen.findByRole('button', { name: 'Place Order' });
    await vi.waitFor(() => expect(fetchMock.mock.calls.some(([u]) => String(u) === '/api/users/profile')).toBe(true));
    expect(screen.queryByLabelText(/Use store credit/)).toBeNull();
    expect(bodiesTo('/api/orders/quote').every((body) => !('useStoreCredit' in body))).toBe(true);
  });
});
