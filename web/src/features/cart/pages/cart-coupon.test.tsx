import type { CartItem, CartQuote, QuoteCoupon } from '@rr/core';
import { fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hi } from '../../../i18n/hi.ts';
import { LanguageProvider } from '../../../i18n/index.tsx';
import { jsonReply, renderInApp } from '../../../testing/render.tsx';
import { cartStore, clearCart, couponCodeStore } from '../cart-store.ts';
import { CartPage } from './cart-page.tsx';

const bead: CartItem = { product: 'p1', name: 'Five Mukhi', image: '/bead.jpg', price: 1000, countInStock: 5, qty: 2 };

type Adjustment = CartQuote['adjustments'][number];

/** The quote the server answers for the bead line, with the adjustments and code given. */
function quote(
  adjustments: Adjustment[],
  coupon: QuoteCoupon | null = null,
): CartQuote & { coupon: QuoteCoupon | null } {
  return {
    lines: [
      {
        ...bead,
        mrp: null,
        hsnCode: '1404',
        uqc: 'NOS',
        gstPercent: 0,
        discount: 0,
        taxableValue: 2000,
        taxPrice: 0,
        variant: null,
        addOns: [],
        returnable: true,
      },
    ],
    unavailable: [],
    itemsPrice: 2000,
    shippingPrice: 0,
    taxPrice: 0,
    discountPrice: adjustments.reduce((sum, a) => sum + a.amount, 0),
    totalPrice: 2000 - adjustments.reduce((sum, a) => sum + a.amount, 0),
    storeCredit: null,
    amountDue: 2000 - adjustments.reduce((sum, a) => sum + a.amount, 0),
    shippingGst: { gstPercent: 0, hsnCode: '1404', taxPrice: 0 },
    adjustments,
    gst: null,
    coupon,
    codFee: null,
    cod: { allowed: true, refusal: null, reason: null },
    delivery: null,
  };
}

const sale: Adjustment = { kind: 'sale', label: 'Diwali Sale (20% off)', amount: 400 };
const diwali10: Adjustment = { kind: 'coupon', label: 'Code DIWALI10', amount: 160 };

const fetchMock = vi.fn<typeof fetch>();
/** The bodies sent to POST /api/orders/quote, in order. */
const quoteBodies = () =>
  fetchMock.mock.calls
    .filter(([url]) => String(url).endsWith('/api/orders/quote'))
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);

/** Answers the quote as `answer` says for the code sent (none: undefined). */
function quoteAnswers(answer: (code: string | undefined) => Response) {
  fetchMock.mockImplementation(async (_url, init) => {
    const body = JSON.parse(String(init?.body)) as { couponCode?: string };
    return answer(body.couponCode);
  });
}

const box = () => within(screen.getByRole('region', { name: 'Discount code' }));

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  cartStore.set([bead]);
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  clearCart();
});

function openCart() {
  renderInApp(
    <Routes>
      <Route path="/cart" element={<CartPage />} />
    </Routes>,
    '/cart',
  );
}

async function applyCode(code: string) {
  fireEvent.input(await screen.findByLabelText('Have a code?'), { target: { value: code } });
  fireEvent.click(box().getByRole('button', { name: 'Apply' }));
}

describe('the code box on the cart page (issue 26)', () => {
  it('lists the running sale the quote takes off, with no code yet', async () => {
    quoteAnswers(() => jsonReply(quote([sale])));
    openCart();
    expect((await screen.findByLabelText('Discounts')).textContent).toBe('Diwali Sale (20% off)−₹400.00');
    expect(quoteBodies()[0]).not.toHaveProperty('couponCode');
  });

  it('applies a code the server takes: the quote is asked with it; the code, Remove, its line and the saving show', async () => {
    quoteAnswers((code) =>
      jsonReply(
        code === 'DIWALI10'
          ? quote([sale, diwali10], { code: 'DIWALI10', discount: 160, applied: true, message: null })
          : quote([sale]),
      ),
    );
    openCart();
    await applyCode(' diwali10 ');

    expect(await box().findByText('DIWALI10')).toBeTruthy();
    expect(box().getByText('applied')).toBeTruthy();
    // The sale and the code together.
    expect(screen.getByTestId('cart-savings').textContent).toBe('You save ₹560.00');
    expect(box().getByRole('button', { name: 'Remove code DIWALI10' })).toBeTruthy();
    expect(couponCodeStore.get()).toBe('DIWALI10');
    expect(quoteBodies().at(-1)).toMatchObject({ couponCode: 'DIWALI10', paymentMethod: 'Cash on Delivery' });
    expect(screen.getByLabelText('Discounts').textContent).toContain('Code DIWALI10−₹160.00');
  });

  it('names the sale and the code in Hindi on a Hindi page, from their terms (issue 30)', async () => {
    const terms = {
      sale: { ...sale, terms: { name: 'Diwali Sale', percentOff: 20 } },
      code: { ...diwali10, terms: { code: 'DIWALI10', percentOff: 10 } },
    };
    quoteAnswers(() => jsonReply(quote([terms.sale, terms.code])));
    renderInApp(
      <LanguageProvider language="hi" texts={hi}>
        <Routes>
          <Route path="/cart" element={<CartPage />} />
        </Routes>
      </LanguageProvider>,
      '/cart',
    );
    const discounts = await screen.findByLabelText('छूट');
    expect([...discounts.querySelectorAll('dt')].map((dt) => dt.textContent)).toEqual([
      'Diwali Sale (20% छूट)',
      'कूपन DIWALI10 (10% छूट)',
    ]);
  });

  it('shows the server’s refusal as it is under the box, and keeps no code', async () => {
    quoteAnswers((code) =>
      code
        ? jsonReply({ code: 'COUPON_MIN_ORDER', message: 'Add ₹120 more to use this code.' }, 400)
        : jsonReply(quote([])),
    );
    openCart();
    await applyCode('DIWALI10');

    expect((await box().findByRole('alert')).textContent).toBe('Add ₹120 more to use this code.');
    expect(couponCodeStore.get()).toBeNull();
    expect(box().getByLabelText('Have a code?')).toBeTruthy();
    expect(box().queryByRole('button', { name: /Remove/ })).toBeNull();
  });

  it('says why a code is not used when the online discount is better and they do not combine', async () => {
    couponCodeStore.set('DIWALI10');
    const message = 'Paying online saves you more than this code: the online discount is used instead.';
    quoteAnswers(() => jsonReply(quote([sale], { code: 'DIWALI10', discount: 160, applied: false, message })));
    openCart();

    expect(await box().findByText(message)).toBeTruthy();
    expect(box().queryByText('applied')).toBeNull();
  });

  it('says in Hindi on a Hindi page why the code is not used, from the quote’s reason (issue 30)', async () => {
    couponCodeStore.set('DIWALI10');
    const message = 'Paying online already takes ₹200.00 off, more than this code: …';
    const coupon = { code: 'DIWALI10', discount: 160, applied: false, message };
    quoteAnswers(() => jsonReply(quote([sale], { ...coupon, reason: 'online_better', onlineDiscount: 200 })));
    renderInApp(
      <LanguageProvider language="hi" texts={hi}>
        <Routes>
          <Route path="/cart" element={<CartPage />} />
        </Routes>
      </LanguageProvider>,
      '/cart',
    );
    expect(await screen.findByText(/^ऑनलाइन भुगतान पर पहले से ₹200\.00 की छूट है/)).toBeTruthy();
    expect(screen.queryByText(message)).toBeNull();
  });

  it('removes the code: the quote is asked without it', async () => {
    couponCodeStore.set('DIWALI10');
    quoteAnswers((code) =>
      jsonReply(code ? quote([diwali10], { code, discount: 160, applied: true, message: null }) : quote([])),
    );
    openCart();
    fireEvent.click(await box().findByRole('button', { name: 'Remove code DIWALI10' }));

    expect(await screen.findByLabelText('Have a code?')).toBeTruthy();
    expect(couponCodeStore.get()).toBeNull();
    await vi.waitFor(() => expect(quoteBodies().at(-1)).not.toHaveProperty('couponCode'));
  });

  it('drops a kept code the server now refuses, with its message', async () => {
    couponCodeStore.set('DIWALI10');
    quoteAnswers((code) =>
      code ? jsonReply({ code: 'COUPON_EXPIRED', message: 'This code has expired.' }, 400) : jsonReply(quote([])),
    );
    openCart();

    expect((await box().findByRole('alert')).textContent).toBe('This code has expired.');
    await vi.waitFor(() => expect(couponCodeStore.get()).toBeNull());
    expect(quoteBodies().at(-1)).not.toHaveProperty('couponCode');
  });

  it('asks nothing for an empty code or one that cannot be a code', async () => {
    quoteAnswers(() => jsonReply(quote([])));
    openCart();
    await screen.findByLabelText('Have a code?');
    const asked = quoteBodies().length;
    await applyCode('  ');
    expect(box().getByRole('alert').textContent).toBe('Please enter a code.');
    await applyCode('50% OFF!');
    expect(box().getByRole('alert').textContent).toBe('A code has 3 to 30 letters, digits and hyphens.');
    expect(quoteBodies()).toHaveLength(asked);
  });
});
