import {
  RETURN_LINE_REASONS,
  RETURN_STATUS_LABELS,
  TRACKING_STATUS_LABELS,
  formatDateIST,
  type Order,
  type OrderReturn,
  type PartialRefund,
  type Returnability,
} from '@rr/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { en } from '../../../i18n/en.ts';
import { hi } from '../../../i18n/hi.ts';
import { LanguageProvider } from '../../../i18n/index.tsx';
import { ORDER_ID, deliveredOrder, testOrder } from '../../../testing/order.ts';
import { jsonReply } from '../../../testing/render.tsx';
import { OrderPage } from './order-page.tsx';

const open: Returnability = {
  refusal: null,
  returnBy: '2099-12-02T18:29:59.999Z',
  lines: [
    { product: 'p1', variant: null, name: '5 Mukhi Rudraksha', qty: 2, returnableQty: 2, reason: null },
    {
      product: 'p2',
      variant: null,
      name: 'Sphatik Mala',
      qty: 1,
      returnableQty: 0,
      reason: RETURN_LINE_REASONS.notReturnable,
    },
  ],
};

const asked: OrderReturn = {
  _id: 'r1',
  order: ORDER_ID,
  orderNumber: '0B6F7C3E',
  customer: { name: 'Asha Verma', phone: '9876543210' },
  status: 'approved',
  resolution: 'replacement',
  lines: [{ product: 'p1', variant: null, name: '5 Mukhi Rudraksha', qty: 1 }],
  reason: 'Cracked bead',
  photos: ['/uploads/crack.webp'],
  videoUrl: null,
  ownerNote: 'Pack it in its box',
  customerNote: null,
  pickup: { provider: 'sandbox', courier: null, trackingNumber: 'RTN123' },
  refund: null,
  replacement: null,
  createdAt: '2026-11-26T05:00:00.000Z',
  updatedAt: '2026-11-26T05:00:00.000Z',
};

const cardRefund: PartialRefund = {
  _id: 'rf1',
  lines: [{ product: 'p1', variant: null, name: '5 Mukhi Rudraksha', qty: 1 }],
  itemsAmount: 1000,
  shippingAmount: 0,
  taxPrice: 90,
  amount: 1000,
  method: 'gateway',
  gatewayAmount: 700,
  storeCreditAmount: 300,
  transferReference: null,
  status: 'pending',
  error: null,
  creditNoteNumber: 'CN/2026-27/0001',
  createdAt: '2026-11-26T05:00:00.000Z',
} as PartialRefund;

const fetchMock = vi.fn<typeof fetch>();
let order: Order;
let returnability: Returnability;
let returns: OrderReturn[];

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  order = deliveredOrder();
  returnability = open;
  returns = [];
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    if (url === `/api/orders/${ORDER_ID}`) return jsonReply(order);
    if (url === `/api/orders/${ORDER_ID}/returnability`) return jsonReply(returnability);
    if (url === `/api/orders/${ORDER_ID}/returns` && method === 'GET') return jsonReply(returns);
    return jsonReply({ message: `Not found: ${method} ${url}` }, 404);
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

/** /hi/order/:id as the Hindi app shows it; `placed` as the place-order step brings the customer there. */
function openInHindi({ placed = false } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[{ pathname: `/order/${ORDER_ID}`, state: placed ? { placed: true } : null }]}>
        <LanguageProvider language="hi" texts={hi}>
          <Routes>
            <Route path="/order/:id" element={<OrderPage />} />
          </Routes>
        </LanguageProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the order page in Hindi (issue 30)', () => {
  it('says in Hindi why the order or its returns could not be read, by the refusal’s code', async () => {
    const busy = { message: 'The shop is busy just now. Please try again in a moment.', code: 'OVERLOADED' };
    fetchMock.mockImplementation(async () => jsonReply(busy, 503));
    const first = openInHindi();
    expect(await screen.findByText(hi['errors.OVERLOADED'])).toBeTruthy();
    expect(screen.queryByText(busy.message)).toBeNull();
    first.unmount();
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url === `/api/orders/${ORDER_ID}`) return jsonReply(order);
      return jsonReply({ message: 'Return not found', code: 'RETURN_NOT_FOUND' }, 404);
    });
    openInHindi();
    expect(await screen.findAllByText('यह वापसी नहीं मिली।')).toHaveLength(2);
    expect(screen.queryByText('Return not found')).toBeNull();
  });

  it('quotes the dispatch and delivery times in Hindi after the order is placed', async () => {
    order = testOrder();
    openInHindi({ placed: true });
    // No dates for its pincode (the lookup answers 404 here): the shop's policy.
    const note = (await screen.findByText(/हम 3 कार्यदिवस में पार्सल भेजते हैं/)).textContent!;
    expect(note).toContain('धन्यवाद! आपका ऑर्डर हो गया है।');
    expect(note).toContain('डिलीवरी में 10 से 14 कार्यदिवस लगते हैं');
    expect(note).not.toMatch(/business days/);
  });

  it("promises the dates the checkout showed for the order's pincode, not 10 to 14 days after dispatch", async () => {
    order = testOrder();
    const place = { pincode: '221001', city: 'Varanasi', district: 'Varanasi', state: 'Uttar Pradesh' };
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url === `/api/orders/${ORDER_ID}`) return jsonReply(order);
      if (url === '/api/pincode/221001')
        return jsonReply({
          ...place,
          cod: true,
          deliveryDays: { min: 3, max: 5 },
          deliverBy: { from: '2026-12-04', to: '2026-12-07' },
          zone: 'rest',
        });
      return jsonReply({ message: 'Not found' }, 404);
    });
    openInHindi({ placed: true });
    const note = (await screen.findByText(/अनुमान:/)).textContent!;
    expect(note).toContain('धन्यवाद! आपका ऑर्डर हो गया है।');
    expect(note).toContain('अनुमान: शुक्र, 4 दिस॰ से सोम, 7 दिस॰ के बीच डिलीवरी।');
    expect(note).not.toContain('10 से 14');
  });

  it('offers the return form in Hindi, and says what is missing in Hindi', async () => {
    const user = userEvent.setup();
    openInHindi();
    expect(await screen.findByRole('heading', { level: 2, name: 'वापसी' })).toBeTruthy();
    expect(
      await screen.findByText(`${formatDateIST(open.returnBy!, 'hi')} तक वापसी का अनुरोध किया जा सकता है।`),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'सामान वापस करें या बदलवाएँ' }));
    const form = screen.getByRole('form', { name: 'सामान वापस करें या बदलवाएँ' });
    expect(within(form).getByRole('group', { name: 'वापस करने का सामान' })).toBeTruthy();
    expect(within(form).getByText('2 में से 2 वापस हो सकते हैं')).toBeTruthy();
    expect(within(form).getByText('ऑर्डर पर बनी और अभिमंत्रित वस्तुएँ वापस नहीं होतीं।')).toBeTruthy();
    expect(within(form).getByRole('button', { name: 'Sphatik Mala एक और' })).toHaveProperty('disabled', true);
    await user.click(within(form).getByRole('button', { name: '5 Mukhi Rudraksha एक और' }));
    expect(within(form).getByLabelText('वापस करने के लिए 5 Mukhi Rudraksha').textContent).toBe('1');
    expect(within(form).getByRole('group', { name: 'आप क्या चाहते हैं?' })).toBeTruthy();
    expect(within(form).getByLabelText('रिफ़ंड')).toHaveProperty('checked', true);
    expect(within(form).getByLabelText('यही वस्तु बदलकर')).toBeTruthy();
    expect(within(form).getByRole('group', { name: 'फ़ोटो' })).toBeTruthy();
    expect(within(form).getByLabelText('फ़ोटो जोड़ें')).toBeTruthy();
    expect(within(form).getByLabelText('या अनबॉक्सिंग वीडियो का लिंक')).toBeTruthy();

    await user.click(within(form).getByRole('button', { name: 'वापसी का अनुरोध भेजें' }));
    expect(within(form).getByText('कारण लिखना ज़रूरी है')).toBeTruthy();
    expect(within(form).getByText('एक फ़ोटो या अनबॉक्सिंग वीडियो का लिंक जोड़ें')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
    expect(form.textContent).not.toMatch(/Items to return|What would you like|Reason|Photos|can be returned|Send/);
    expect(within(form).getByRole('button', { name: 'बंद करें' })).toBeTruthy();
  });

  it('lists a return, its state and pickup in Hindi', async () => {
    returns = [asked];
    openInHindi();
    const card = await screen.findByTestId('return');
    expect(screen.getByRole('list', { name: 'आपकी वापसियाँ' })).toBeTruthy();
    expect(card.textContent).toContain('बदलाव');
    expect(card.textContent).toContain('स्वीकृत: पिकअप बुक हुआ');
    expect(card.textContent).toContain(`${formatDateIST(asked.createdAt, 'hi')} को अनुरोध किया`);
    expect(card.textContent).toContain('आपका कारण: Cracked bead');
    expect(card.textContent).toContain('दुकान की ओर से: Pack it in its box');
    expect(card.textContent).toContain('पिकअप: कूरियर, AWB RTN123. सामान पैक करके रखें');
    expect(within(card).getByRole('img', { name: 'आपकी फ़ोटो 1' })).toBeTruthy();
  });

  it('says in Hindi why no return may be asked for', async () => {
    returnability = {
      ...open,
      refusal: 'Returns for this order closed on 2 Dec 2026.',
      returnBy: '2026-11-02T18:29:59.999Z',
    };
    openInHindi();
    expect(
      await screen.findByText(
        `इस ऑर्डर की वापसी की अवधि ${formatDateIST('2026-11-02T18:29:59.999Z', 'hi')} को समाप्त हो गई।`,
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'सामान वापस करें या बदलवाएँ' })).toBeNull();
  });

  it('says where a made-to-order order’s returns stand in Hindi', async () => {
    returnability = {
      refusal: RETURN_LINE_REASONS.notReturnable,
      returnBy: '2099-12-02T18:29:59.999Z',
      lines: [{ ...open.lines[1]! }],
    };
    openInHindi();
    expect(await screen.findByText('ऑर्डर पर बनी और अभिमंत्रित वस्तुएँ वापस नहीं होतीं।')).toBeTruthy();
  });

  it('lists refunds, their way back and state in Hindi', async () => {
    order = deliveredOrder({ refunds: [cardRefund] });
    openInHindi();
    expect(await screen.findByRole('heading', { level: 2, name: 'रिफ़ंड' })).toBeTruthy();
    const refund = screen.getByTestId('refund');
    expect(refund.textContent).toContain('भेजा जा रहा है');
    expect(refund.textContent).toContain('₹700.00 आपके कार्ड/UPI में, ₹300.00 स्टोर क्रेडिट के रूप में');
    expect(refund.textContent).toContain('कार्ड या UPI में रिफ़ंड दिखने में बैंक 5–7 कार्य-दिवस लेते हैं।');
    expect(refund.textContent).toContain('क्रेडिट नोट: CN/2026-27/0001');
    expect(within(refund).getByRole('button', { name: 'PDF डाउनलोड करें' })).toBeTruthy();
  });

  it('names the courier’s tracking states in Hindi', async () => {
    order = deliveredOrder({
      status: 'shipped',
      isDelivered: false,
      deliveredAt: null,
      tracking: {
        status: 'out_for_delivery',
        label: 'Out for delivery',
        note: null,
        updatedAt: '2026-11-24T05:00:00.000Z',
        events: [
          { status: 'booked', note: null, at: '2026-11-22T05:00:00.000Z' },
          { status: 'out_for_delivery', note: null, at: '2026-11-24T05:00:00.000Z' },
        ],
      },
    });
    openInHindi();
    const list = await screen.findByRole('list', { name: 'ट्रैकिंग की घटनाएँ' });
    expect(document.getElementById('tracking-heading')!.textContent).toMatch(/^ट्रैकिंग: डिलीवरी के लिए निकला /);
    const events = within(list).getAllByRole('listitem');
    expect(events.map((li) => li.textContent)).toEqual([
      expect.stringContaining('डिलीवरी के लिए निकला'),
      expect.stringContaining('कूरियर के पास बुक'),
    ]);
    expect(document.body.textContent).not.toContain('Out for delivery');
  });
});

describe('the names of what was bought on the Hindi order page (issue 30)', () => {
  const withHindiNames = (o: Order): Order => ({
    ...o,
    orderItems: o.orderItems.map((line) =>
      line.product === 'p1' ? { ...line, nameHi: 'पंचमुखी रुद्राक्ष' } : { ...line, nameHi: null },
    ),
  });

  it('are the Hindi names the lines were bought with, else the English ones', async () => {
    order = withHindiNames(testOrder());
    openInHindi();
    const items = await screen.findByRole('region', { name: 'ऑर्डर के सामान' });
    expect(within(items).getByRole('link', { name: 'पंचमुखी रुद्राक्ष' })).toBeTruthy();
    expect(within(items).getByRole('link', { name: 'Sphatik Mala' })).toBeTruthy();
    expect(items.textContent).not.toContain('5 Mukhi Rudraksha');
  });

  it('name the lines of the return form, the returns and the refunds in Hindi too', async () => {
    const user = userEvent.setup();
    order = withHindiNames(deliveredOrder({ refunds: [cardRefund] }));
    returns = [asked];
    openInHindi();
    expect((await screen.findByTestId('return')).textContent).toContain('पंचमुखी रुद्राक्ष × 1');
    expect(screen.getByTestId('refund').textContent).toContain('पंचमुखी रुद्राक्ष × 1');
    await user.click(screen.getByRole('button', { name: 'सामान वापस करें या बदलवाएँ' }));
    const form = screen.getByRole('form', { name: 'सामान वापस करें या बदलवाएँ' });
    expect(within(form).getByRole('button', { name: 'पंचमुखी रुद्राक्ष एक और' })).toBeTruthy();
    expect(within(form).getByRole('button', { name: 'Sphatik Mala एक और' })).toBeTruthy();
  });

  it('name the variant and the extras by the Hindi names they were bought with, else the English ones', async () => {
    const base = testOrder();
    const [first, second] = base.orderItems;
    order = {
      ...base,
      orderItems: [
        {
          ...first!,
          variant: { _id: 'v20', name: '20 mm', nameHi: '20 मिमी' },
          addOns: [
            { _id: 'a1', name: 'Silver capping', nameHi: 'चाँदी की कैपिंग', price: 350, values: {} },
            { _id: 'a2', name: 'Gift box', price: 50, values: {} },
          ],
        },
        { ...second!, variant: { _id: 'v7', name: '7 mm' }, addOns: [] },
      ],
    };
    openInHindi();
    const items = await screen.findByRole('region', { name: 'ऑर्डर के सामान' });
    const chosen = within(items).getAllByRole('list', { name: hi['layout.chosenWithIt'] });
    expect(
      chosen.map((list) =>
        within(list)
          .getAllByRole('listitem')
          .map((li) => li.firstChild!.textContent),
      ),
    ).toEqual([['20 मिमी', 'चाँदी की कैपिंग', 'Gift box'], ['7 mm']]);
    expect(items.textContent).not.toContain('20 mm');
    expect(items.textContent).not.toContain('Silver capping');
  });

  it('label an extra’s texts by the Hindi labels they were bought under, else by their names', async () => {
    const base = testOrder();
    const [first, second] = base.orderItems;
    order = {
      ...base,
      orderItems: [
        {
          ...first!,
          addOns: [
            {
              _id: 'a1',
              name: 'Energisation',
              nameHi: 'अभिमंत्रण',
              price: 251,
              values: { Name: 'रमेश', Gotra: 'Kashyap' },
              fieldNamesHi: { Name: 'धारक का नाम' },
            },
          ],
        },
        second!,
      ],
    };
    openInHindi();
    const items = await screen.findByRole('region', { name: 'ऑर्डर के सामान' });
    const [chosen] = within(items).getAllByRole('list', { name: hi['layout.chosenWithIt'] });
    expect(within(chosen!).getByRole('listitem').textContent).toBe('अभिमंत्रण + ₹251.00धारक का नाम: रमेशGotra: Kashyap');
  });
});

describe('the order page’s English status names', () => {
  it('are core’s, as the API and the back office say them', () => {
    for (const [status, label] of Object.entries(TRACKING_STATUS_LABELS))
      expect(en[`orders.trackingStatus.${status}` as keyof typeof en]).toBe(label);
    for (const [status, label] of Object.entries(RETURN_STATUS_LABELS))
      expect(en[`orders.returnStatus.${status}` as keyof typeof en]).toBe(label);
  });
});
