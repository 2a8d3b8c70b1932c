import { translate, type Order, type PartialRefund } from '@rr/core';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { en } from '../../../i18n/en.ts';
import { hi } from '../../../i18n/hi.ts';
import { LanguageProvider, type Translate } from '../../../i18n/index.tsx';
import { ORDER_ID, deliveredOrder } from '../../../testing/order.ts';
import { jsonReply, renderInApp } from '../../../testing/render.tsx';
import { OrderPage } from '../pages/order-page.tsx';
import { RefundsSection, refundMethodText } from './refunds-section.tsx';

const refund = (changes: Partial<PartialRefund>): PartialRefund => ({
  _id: 'rf1',
  lines: [{ product: 'p1', variant: null, name: '5 Mukhi Rudraksha', qty: 1 }],
  itemsAmount: 590,
  shippingAmount: 0,
  taxPrice: 90,
  amount: 590,
  method: 'store_credit',
  gatewayAmount: 0,
  storeCreditAmount: 590,
  status: 'processed',
  error: null,
  transferReference: null,
  creditNoteNumber: 'CN/2026-27/0007',
  createdAt: '2026-11-27T05:00:00.000Z',
  ...changes,
});

const fetchMock = vi.fn<typeof fetch>();
let order: Order;

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url === `/api/orders/${ORDER_ID}`) return jsonReply(order);
    if (url === `/api/orders/${ORDER_ID}/refunds/rf1/credit-note`)
      return new Response(new Blob(['%PDF-1.4 credit note'], { type: 'application/pdf' }), {
        headers: { 'content-type': 'application/pdf' },
      });
    if (url.endsWith('/returns')) return jsonReply([]);
    if (url.endsWith('/returnability'))
      return jsonReply({ refusal: 'Returns closed on 2 Dec', returnBy: null, lines: [] });
    return jsonReply({ message: `Not found: ${url}` }, 404);
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  fetchMock.mockReset();
});

function openOrder() {
  renderInApp(
    <Routes>
      <Route path="/order/:id" element={<OrderPage />} />
    </Routes>,
    `/order/${ORDER_ID}`,
  );
}

describe('refunds on the order page (issue 28)', () => {
  it('lists each refund with its amount, way back and state, and downloads its credit note', async () => {
    order = deliveredOrder({
      refunds: [
        refund({}),
        refund({
          _id: 'rf2',
          amount: 100,
          method: 'transfer',
          status: 'pending',
          transferReference: 'UTR123456',
          creditNoteNumber: null,
        }),
      ],
    });
    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:credit-note');
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockReturnValue(undefined);
    openOrder();
    const section = await screen.findByRole('region', { name: 'Refunds' });
    const [credit, transfer] = within(section).getAllByTestId('refund');
    expect(credit!.textContent).toContain('₹590.00');
    expect(credit!.textContent).toContain('Refunded');
    expect(credit!.textContent).toContain('As store credit');
    expect(credit!.textContent).toContain('5 Mukhi Rudraksha × 1');
    expect(transfer!.textContent).toContain('Bank transfer, reference UTR123456');
    expect(within(transfer!).queryByRole('button')).toBeNull();

    await userEvent.click(within(credit!).getByRole('button', { name: 'Download PDF' }));
    await vi.waitFor(() => expect(clicked).toHaveBeenCalled());
    expect(created).toHaveBeenCalled();
    expect(fetchMock).toHaveBeenCalledWith(`/api/orders/${ORDER_ID}/refunds/rf1/credit-note`, expect.anything());
  });

  it('has no refunds section without refunds', async () => {
    order = deliveredOrder();
    openOrder();
    await screen.findByRole('heading', { name: 'Order Items' });
    expect(screen.queryByRole('heading', { name: 'Refunds' })).toBeNull();
  });

  it('shows store credit paid in the summary, and what was paid with the rest', async () => {
    order = deliveredOrder({ storeCreditPaid: 770 });
    openOrder();
    const summary = await screen.findByRole('complementary');
    expect(within(summary).getByText('Paid with store credit')).toBeTruthy();
    expect(within(summary).getByTestId('store-credit-applied').textContent).toBe('−₹770.00');
    expect(within(summary).getByText('Paid on delivery')).toBeTruthy();
    expect(within(summary).getByTestId('amount-due').textContent).toBe('₹1,000.00');
  });
});

describe('refundMethodText', () => {
  const t: Translate = (key, params) => translate('en', en, key, params);
  it('splits a card refund that partly goes back as store credit', () => {
    expect(
      refundMethodText(refund({ method: 'gateway', amount: 1000, gatewayAmount: 700, storeCreditAmount: 300 }), t),
    ).toBe('₹700.00 to your card/UPI, ₹300.00 as store credit');
    expect(refundMethodText(refund({ method: 'gateway', gatewayAmount: 590, storeCreditAmount: 0 }), t)).toBe(
      'To your card/UPI',
    );
  });
});

describe('the order’s refunds in Hindi (issue 30)', () => {
  it('says in Hindi why the credit note could not be downloaded, by the refusal’s code', async () => {
    fetchMock.mockImplementation(async () =>
      jsonReply({ message: 'The shop is busy just now. Please try again in a moment.', code: 'OVERLOADED' }, 503),
    );
    renderInApp(
      <LanguageProvider language="hi" texts={hi}>
        <RefundsSection orderId={ORDER_ID} refunds={[refund({})]} />
      </LanguageProvider>,
      `/order/${ORDER_ID}`,
    );
    await userEvent.click(screen.getByRole('button', { name: hi['orders.downloadPdf'] }));
    expect((await screen.findByRole('alert')).textContent).toBe('दुकान अभी व्यस्त है। कृपया थोड़ी देर बाद कोशिश करें।');
  });
});
