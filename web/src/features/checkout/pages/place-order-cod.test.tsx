import { formatRupees, type CartItem, type CartQuote } from '@rr/core';
import type { ReactNode } from 'react';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hi } from '../../../i18n/hi.ts';
import { LanguageProvider } from '../../../i18n/index.tsx';
import { jsonReply, renderInApp } from '../../../testing/render.tsx';
import { addToCart, clearCart } from '../../cart/index.ts';
import { clearCheckout, paymentMethodStore, shippingAddressStore } from '../checkout-store.ts';
import { PaymentPage } from './payment-page.tsx';
import { PlaceOrderPage } from './place-order-page.tsx';

const bead: CartItem = { product: 'p1', name: 'Five Mukhi', image: '/bead.jpg', price: 1000, countInStock: 5, qty: 1 };
const ABOVE_LIMIT = 'Cash on Delivery is available for orders up to ₹500. Please pay online.';

/** The server's quote for the bead to Guwahati: shipping ₹120 of which ₹50 is the COD fee for COD. */
function quote(method: string, cod: CartQuote['cod'] = { allowed: true, refusal: null, reason: null }): CartQuote {
  const online = method !== 'Cash on Delivery';
  const shippingPrice = online ? 70 : 120;
  const discountPrice = online ? 100 : 0;
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
    shippingPrice,
    taxPrice: 0,
    discountPrice,
    totalPrice: 1000 + shippingPrice - discountPrice,
    storeCredit: null,
    amountDue: 1000 + shippingPrice - discountPrice,
    shippingGst: { gstPercent: 0, hsnCode: '1404', taxPrice: 0 },
    adjustments: online ? [{ kind: 'online_discount', label: 'Online discount', amount: 100 }] : [],
    coupon: null,
    gst: null,
    codFee: online ? null : { amount: 50, taxPrice: 0 },
    cod,
    delivery: {
      postalCode: '781001',
      zone: 'special',
      cod: true,
      deliveryDays: { min: 5, max: 6 },
      deliverBy: { from: '2026-12-02', to: '2026-12-02' },
      dispatchOn: '2026-11-27',
    },
  };
}

const refused: CartQuote['cod'] = { allowed: false, refusal: 'above_limit', reason: ABOVE_LIMIT, limit: 500 };
const fetchMock = vi.fn<typeof fetch>();
/** Quotes as the server answers them, Cash on Delivery's with `cod`. */
const answerQuotes = (cod: CartQuote['cod']) =>
  fetchMock.mockImplementation(async (_input, init) => {
    const method = (JSON.parse(String(init?.body)) as { paymentMethod: string }).paymentMethod;
    return jsonReply(quote(method, method === 'Cash on Delivery' ? cod : undefined));
  });
const sentBodies = (path: string) =>
  fetchMock.mock.calls
    .filter(([input]) => String(input) === path)
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  addToCart(bead);
  shippingAddressStore.set({ address: '1 MG Road', city: 'Guwahati', postalCode: '781001', state: 'Assam' });
  paymentMethodStore.set('Cash on Delivery');
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  clearCart();
  clearCheckout();
});

describe('Cash on Delivery refused, on Hindi pages (issue 30)', () => {
  const inHindi = (page: ReactNode) => (
    <LanguageProvider language="hi" texts={hi}>
      {page}
    </LanguageProvider>
  );

  it('says why in Hindi by the refusal, with the limit the quote names', async () => {
    answerQuotes(refused);
    renderInApp(inHindi(<PlaceOrderPage />));
    expect((await screen.findByTestId('cod-refused')).textContent).toBe(
      'कैश ऑन डिलीवरी केवल ₹500 तक के ऑर्डर पर उपलब्ध है। कृपया ऑनलाइन भुगतान करें।',
    );
  });

  it('says the limit from the quote’s figure, whatever its English reason says', async () => {
    const reworded = { ...refused, reason: 'Orders this large are paid online.', limit: 25_000 };
    answerQuotes(reworded);
    renderInApp(inHindi(<PlaceOrderPage />));
    expect((await screen.findByTestId('cod-refused')).textContent).toBe(
      'कैश ऑन डिलीवरी केवल ₹25,000 तक के ऑर्डर पर उपलब्ध है। कृपया ऑनलाइन भुगतान करें।',
    );
  });

  it('says why in Hindi when placing the order is refused (the quote allowed COD), with the limit the refusal names', async () => {
    fetchMock.mockImplementation(async (input, init) =>
      String(input) === '/api/orders/quote'
        ? jsonReply(quote((JSON.parse(String(init?.body)) as { paymentMethod: string }).paymentMethod))
        : jsonReply(
            { code: 'COD_NOT_AVAILABLE', message: ABOVE_LIMIT, details: { reason: 'above_limit', amount: 500 } },
            400,
          ),
    );
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderInApp(inHindi(<PlaceOrderPage />));
    fireEvent.click(await screen.findByRole('button', { name: hi['checkout.placeOrder'] }));
    expect((await screen.findByTestId('cod-refused')).textContent).toBe(
      'कैश ऑन डिलीवरी केवल ₹500 तक के ऑर्डर पर उपलब्ध है। कृपया ऑनलाइन भुगतान करें।',
    );
  });

  it('says why beside the COD choice in Hindi', async () => {
    fetchMock.mockImplementation(async () =>
      jsonReply(quote('Cash on Delivery', { allowed: false, refusal: 'made_to_order', reason: 'Made-to-order ...' })),
    );
    renderInApp(inHindi(<PaymentPage />));
    expect((await screen.findByTestId('cod-disabled-reason')).textContent).toBe(
      'ऑर्डर पर बनी वस्तुएँ (जैसे अभिमंत्रण) कैश ऑन डिलीवरी से नहीं भेजी जातीं। कृपया ऑनलाइन भुगतान करें।',
    );
  });
});

describe('Place order with Cash on Delivery (issue 27)', () => {
  it('asks the quote with the pincode and shows the COD fee apart from shipping, and the delivery date', async () => {
    fetchMock.mockImplementation(async (_input, init) =>
      jsonReply(quote((JSON.parse(String(init?.body)) as { paymentMethod: string }).paymentMethod)),
    );
    renderInApp(<PlaceOrderPage />);

    expect((await screen.findByTestId('cod-fee')).textContent).toBe(formatRupees(50));
    expect(screen.getByTestId('shipping-price').textContent).toBe(formatRupees(70));
    expect(screen.getByText('Cash on Delivery fee')).toBeTruthy();
    expect(screen.getByTestId('delivered-by').textContent).toBe('Delivered by Wed, 2 Dec to 781001');
    expect(sentBodies('/api/orders/quote')[0]).toMatchObject({ postalCode: '781001', state: 'Assam' });
  });

  it('holds COD back with the reason, and "Pay online instead" switches to online with its discount', async () => {
    answerQuotes(refused);
    renderInApp(<PlaceOrderPage />);

    expect((await screen.findByTestId('cod-refused')).textContent).toBe(ABOVE_LIMIT);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Place Order' }).disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Pay online instead' }));

    expect(await screen.findByRole('button', { name: 'Pay and Place Order' })).toBeTruthy();
    expect(paymentMethodStore.get()).toBe('Razorpay');
    expect(screen.queryByTestId('cod-refused')).toBeNull();
    expect(screen.getByText('Online discount (10%)')).toBeTruthy();
    expect(screen.queryByTestId('cod-fee')).toBeNull();
  });

  it('shows a COD_NOT_AVAILABLE refusal of the order the same way, and sends the WhatsApp opt-in', async () => {
    const message = 'Cash on Delivery is not available for this order: the courier does not collect cash there.';
    fetchMock.mockImplementation(async (input, init) =>
      String(input) === '/api/orders/quote'
        ? jsonReply(quote((JSON.parse(String(init?.body)) as { paymentMethod: string }).paymentMethod))
        : jsonReply({ code: 'COD_NOT_AVAILABLE', message }, 400),
    );
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderInApp(<PlaceOrderPage />);

    fireEvent.click(await screen.findByLabelText('Send me order updates on WhatsApp'));
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));

    expect((await screen.findByTestId('cod-refused')).textContent).toBe(message);
    expect(sentBodies('/api/orders')[0]).toMatchObject({ paymentMethod: 'Cash on Delivery', whatsappOptIn: true });
    fireEvent.click(screen.getByRole('button', { name: 'Pay online instead' }));
    await waitFor(() => expect(screen.queryByTestId('cod-refused')).toBeNull());
    expect(paymentMethodStore.get()).toBe('Razorpay');
  });

  it('sends no opt-in when the box is left unticked', async () => {
    fetchMock.mockImplementation(async (input, init) =>
      String(input) === '/api/orders/quote'
        ? jsonReply(quote((JSON.parse(String(init?.body)) as { paymentMethod: string }).paymentMethod))
        : jsonReply({ code: 'COD_NOT_AVAILABLE', message: 'No COD.' }, 400),
    );
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderInApp(<PlaceOrderPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Place Order' }));
    await screen.findByTestId('cod-refused');
    expect(sentBodies('/api/orders')[0]).not.toHaveProperty('whatsappOptIn');
  });
});

describe('Payment step with COD refused (issue 27)', () => {
  it('disables Cash on Delivery with the reason, and Continue without a choice pays online', async () => {
    paymentMethodStore.set(null);
    fetchMock.mockResolvedValue(jsonReply(quote('Cash on Delivery', refused)));
    renderInApp(<PaymentPage />);

    expect((await screen.findByTestId('cod-disabled-reason')).textContent).toBe(ABOVE_LIMIT);
    expect(screen.getByRole<HTMLInputElement>('radio', { name: /Cash on Delivery/ }).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(paymentMethodStore.get()).toBe('Razorpay');
  });
});
