import type { OrderReturn } from '@rr/core';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ORDER_ID, deliveredOrder, orderReturn } from '../../../testing/after-sale.ts';
import { jsonReply, renderInApp } from '../../../testing/render.tsx';
import { ReturnsPage } from './returns-page.tsx';

const fetchMock = vi.fn<typeof fetch>();
let returns: OrderReturn[];
let putReply: (body: Record<string, unknown>) => Response;

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  returns = [orderReturn()];
  putReply = (body) => jsonReply({ ...returns[0], status: 'approved', ...body });
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    if (url.startsWith('/api/returns') && method === 'GET') return jsonReply(returns);
    if (url === '/api/returns/ret-1' && method === 'PUT') return putReply(JSON.parse(String(init!.body)));
    if (url === `/api/orders/${ORDER_ID}`) return jsonReply(deliveredOrder);
    return jsonReply({ message: `Not found: ${method} ${url}` }, 404);
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  fetchMock.mockReset();
});

const puts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT');
const sent = () => JSON.parse(String(puts().at(-1)![1]!.body)) as Record<string, unknown>;
const gets = () =>
  fetchMock.mock.calls.filter(([url, init]) => !init?.method && String(url).startsWith('/api/returns'));

async function openPage(path = '/admin/returns') {
  renderInApp(
    <Routes>
      <Route path="/admin/returns" element={<ReturnsPage />} />
    </Routes>,
    path,
  );
  return screen.findByTestId('return-card');
}

describe('ReturnsPage, the list', () => {
  it('shows each return: its order (linked), customer, items, reason, photos full size, video and state', async () => {
    const card = await openPage();
    expect(within(card).getByRole('link', { name: '#3C4D5E6F' }).getAttribute('href')).toBe(`/order/${ORDER_ID}`);
    expect(card.textContent).toContain('Asha Rao');
    expect(within(card).getByRole('link', { name: '9876543210' }).getAttribute('href')).toBe('tel:+919876543210');
    expect(within(card).getByRole('list', { name: 'Items' }).textContent).toBe('5 Mukhi Rudraksha (20 mm) × 1');
    expect(card.textContent).toContain('The bead arrived cracked.');
    expect(card.textContent).toContain('Wants: a refund');
    const photo = within(card).getByRole('img', { name: 'Photo 1 of 2 (opens full size)' });
    expect(photo.getAttribute('src')).toBe('/uploads/crack-1.jpg');
    expect(photo.closest('a')!.getAttribute('href')).toBe('/uploads/crack-1.jpg');
    expect(
      within(card)
        .getByRole('link', { name: /Unboxing video/ })
        .getAttribute('href'),
    ).toBe('https://example.com/unboxing');
    expect(card.textContent).toContain('Requested');
  });

  it('filters by state through the address', async () => {
    const user = userEvent.setup();
    await openPage('/admin/returns?status=approved');
    expect(String(gets().at(-1)![0])).toBe('/api/returns?status=approved');
    expect(screen.getByRole('link', { name: 'Approved' }).getAttribute('aria-current')).toBe('page');
    returns = [];
    await user.click(screen.getByRole('link', { name: 'Received' }));
    expect(await screen.findByText('No returns are “Received back”.')).toBeTruthy();
    expect(String(gets().at(-1)![0])).toBe('/api/returns?status=received');
  });
});

describe('ReturnsPage, deciding a return', () => {
  it('approves, booking the pickup with the courier service', async () => {
    const user = userEvent.setup();
    const card = await openPage();
    await user.click(within(card).getByRole('button', { name: 'Approve and book pickup' }));
    expect(sent()).toEqual({ action: 'approve' });
  });

  it('approves with a courier and AWB typed in, both required', async () => {
    const user = userEvent.setup();
    const card = await openPage();
    await user.click(within(card).getByRole('button', { name: 'Pickup by hand' }));
    const form = within(card).getByRole('form', { name: 'Approve with a pickup booked by hand' });
    await user.type(within(form).getByLabelText('Courier'), 'Delhivery');
    await user.click(within(form).getByRole('button', { name: 'Approve' }));
    expect(within(form).getByText('Required')).toBeTruthy();
    expect(puts()).toHaveLength(0);
    await user.type(within(form).getByLabelText('Pickup AWB'), 'RVP123');
    await user.click(within(form).getByRole('button', { name: 'Approve' }));
    expect(sent()).toEqual({ action: 'approve', courier: 'Delhivery', trackingNumber: 'RVP123' });
  });

  it('rejects only with a reason, and asks for more with a note', async () => {
    const user = userEvent.setup();
    const card = await openPage();
    await user.click(within(card).getByRole('button', { name: 'Reject' }));
    await user.click(within(card).getByRole('button', { name: 'Reject the return' }));
    expect(within(card).getByText('Please type it: the customer is told.')).toBeTruthy();
    expect(puts()).toHaveLength(0);
    await user.type(within(card).getByLabelText('Why is the return rejected?'), '  Worn for a month.  ');
    await user.click(within(card).getByRole('button', { name: 'Reject the return' }));
    expect(sent()).toEqual({ action: 'reject', note: 'Worn for a month.' });

    await user.click(await within(card).findByRole('button', { name: 'Ask for more' }));
    await user.type(within(card).getByLabelText('What do you need from the customer?'), 'A photo of the crack');
    await user.click(within(card).getByRole('button', { name: 'Ask the customer' }));
    expect(sent()).toEqual({ action: 'more_info', note: 'A photo of the crack' });
  });

  it('waits for the answer to a request for more, and may still approve or reject meanwhile', async () => {
    returns = [orderReturn({ status: 'more_info', ownerNote: 'A photo of the crack, please' })];
    const card = await openPage();
    expect(card.textContent).toContain('You askedA photo of the crack, please');
    expect(within(card).queryByRole('button', { name: 'Ask for more' })).toBeNull();
    expect(within(card).getByRole('button', { name: 'Approve and book pickup' })).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Reject' })).toBeTruthy();
  });

  it("shows the API's refusal in the card", async () => {
    const user = userEvent.setup();
    putReply = () => jsonReply({ message: 'The courier service could not book a pickup' }, 502);
    const card = await openPage();
    await user.click(within(card).getByRole('button', { name: 'Approve and book pickup' }));
    expect(await within(card).findByText('The courier service could not book a pickup')).toBeTruthy();
  });

  it('opens the hand form when no courier service can book the pickup', async () => {
    const user = userEvent.setup();
    putReply = () =>
      jsonReply(
        {
          message: 'No courier service is configured: give courier and trackingNumber.',
          code: 'COURIER_NOT_CONFIGURED',
        },
        400,
      );
    const card = await openPage();
    await user.click(within(card).getByRole('button', { name: 'Approve and book pickup' }));
    expect(await within(card).findByText(/No courier service is configured/)).toBeTruthy();
    expect(await within(card).findByRole('form', { name: 'Approve with a pickup booked by hand' })).toBeTruthy();
  });

  it('marks an approved return received', async () => {
    const user = userEvent.setup();
    returns = [
      orderReturn({
        status: 'approved',
        pickup: { provider: 'sandbox', courier: 'Delhivery', trackingNumber: 'RVP9' },
      }),
    ];
    const card = await openPage();
    expect(card.textContent).toContain('Pickup: Delhivery, AWB RVP9');
    await user.click(within(card).getByRole('button', { name: 'Mark received' }));
    expect(sent()).toEqual({ action: 'received', restock: false });
  });

  it('puts the returned items back in stock when the owner ticks it', async () => {
    const user = userEvent.setup();
    returns = [orderReturn({ status: 'approved' })];
    const card = await openPage();
    await user.click(within(card).getByRole('checkbox', { name: /back in stock/ }));
    await user.click(within(card).getByRole('button', { name: 'Mark received' }));
    expect(sent()).toEqual({ action: 'received', restock: true });
  });
});

describe('ReturnsPage, closing a received return', () => {
  beforeEach(() => {
    returns = [orderReturn({ status: 'received' })];
  });

  it("refunds a COD order's return as store credit by default, after a prompt with the amount", async () => {
    const user = userEvent.setup();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    const card = await openPage();
    await user.click(await within(card).findByRole('button', { name: 'Refund ₹1,019.28' }));
    const form = within(card).getByRole('form', { name: 'Refund the return' });
    expect(within(form).queryByRole('radio', { name: /Razorpay/ })).toBeNull();
    expect((within(form).getByRole('radio', { name: 'Store credit' }) as HTMLInputElement).checked).toBe(true);
    await user.click(within(form).getByRole('button', { name: 'Refund ₹1,019.28' }));
    expect(confirm).toHaveBeenCalledWith('Refund about ₹1,019.28: store credit?');
    expect(sent()).toEqual({ action: 'refund', method: 'store_credit' });
  });

  it('refunds by a transfer only with its reference', async () => {
    const user = userEvent.setup();
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const card = await openPage();
    // The amount comes with the order: until then the button waits.
    await user.click(await within(card).findByRole('button', { name: 'Refund ₹1,019.28' }));
    await user.click(within(card).getByRole('radio', { name: 'Bank/UPI transfer I have made' }));
    await user.click(within(card).getByRole('button', { name: 'Refund ₹1,019.28' }));
    expect(within(card).getByText('Required for a transfer')).toBeTruthy();
    expect(puts()).toHaveLength(0);
    await user.type(within(card).getByLabelText('Transfer reference (UTR)'), 'UTR77');
    await user.click(within(card).getByRole('button', { name: 'Refund ₹1,019.28' }));
    expect(sent()).toEqual({ action: 'refund', method: 'transfer', transferReference: 'UTR77' });
  });

  it('gives store credit after a prompt with the amount, and nothing when it is cancelled', async () => {
    const user = userEvent.setup();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const card = await openPage();
    await within(card).findByRole('button', { name: 'Refund ₹1,019.28' });
    await user.click(within(card).getByRole('button', { name: 'Give store credit' }));
    expect(confirm).toHaveBeenLastCalledWith('Give store credit of about ₹1,019.28 for these items?');
    expect(puts()).toHaveLength(0);
    confirm.mockReturnValue(true);
    await user.click(within(card).getByRole('button', { name: 'Give store credit' }));
    expect(sent()).toEqual({ action: 'credit' });
  });

  it('records the replacement parcel (courier and AWB, both required) after a prompt', async () => {
    const user = userEvent.setup();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    const card = await openPage();
    await user.click(within(card).getByRole('button', { name: 'Replace' }));
    const form = within(card).getByRole('form', { name: 'Send a replacement' });
    await user.click(within(form).getByRole('button', { name: 'Replacement sent' }));
    expect(within(form).getAllByText('Required')).toHaveLength(2);
    await user.type(within(form).getByLabelText('Courier'), 'India Post');
    await user.type(within(form).getByLabelText('Replacement AWB'), 'EE123456789IN');
    await user.click(within(form).getByRole('button', { name: 'Replacement sent' }));
    expect(confirm).toHaveBeenCalledWith('Send a free replacement of these items? Their stock is taken again.');
    expect(sent()).toEqual({ action: 'replace', courier: 'India Post', trackingNumber: 'EE123456789IN' });
  });

  it('shows no action for a closed return, and its replacement parcel', async () => {
    returns = [orderReturn({ status: 'replaced', replacement: { courier: 'India Post', trackingNumber: 'EE1IN' } })];
    const card = await openPage();
    expect(within(card).queryAllByRole('button')).toHaveLength(0);
    expect(card.textContent).toContain('Replacement sent: India Post, AWB EE1IN');
  });

  it('points a refunded return to its refund on the order', async () => {
    returns = [orderReturn({ status: 'refunded', refund: 'r1' })];
    const card = await openPage();
    expect(within(card).queryAllByRole('button')).toHaveLength(0);
    expect(within(card).getByRole('link', { name: 'the refund on the order' }).getAttribute('href')).toBe(
      `/order/${ORDER_ID}`,
    );
  });
});
