import type { Order } from '@rr/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setBearerToken } from '../../../lib/api-client.ts';
import { jsonReply, renderInApp } from '../../../testing/render.tsx';
import { useOrder } from '../api.ts';
import { DispatchSection } from './dispatch-section.tsx';

const ID = '0b6f7c3e-5d2a-4c1b-9e8f-1a2b3c4d5e6f';

/** The parts of a placed COD order the dispatch section reads. */
const placed = {
  _id: ID,
  status: 'placed',
  paymentMethod: 'Cash on Delivery',
  isPaid: false,
  isShipped: false,
  isDelivered: false,
  isCancelled: false,
  shippedAt: null,
  confirmBy: null,
  shipment: null,
  tracking: null,
  refund: null,
  invoiceNumber: null,
  creditNoteNumber: null,
  totalPrice: 1200,
} as unknown as Order;

const booked = {
  ...placed,
  status: 'shipped',
  isShipped: true,
  shippedAt: '2026-11-26T06:00:00.000Z',
  shipment: {
    courier: 'Delhivery',
    trackingNumber: 'SBX1234567890',
    trackingUrl: null,
    provider: 'sandbox',
    label: `/api/orders/${ID}/label`,
  },
  tracking: {
    status: 'booked',
    label: 'Booked with courier',
    note: null,
    updatedAt: '2026-11-26T06:00:00.000Z',
    events: [{ status: 'booked', note: null, at: '2026-11-26T06:00:00.000Z' }],
  },
} as unknown as Order;

const fetchMock = vi.fn<typeof fetch>();
let order: Order;
let shipReply: () => Response;

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  order = placed;
  shipReply = () => jsonReply(booked);
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url === `/api/orders/${ID}` && (init?.method ?? 'GET') === 'GET') return jsonReply(order);
    if (url === `/api/orders/${ID}/ship`) return shipReply();
    if (url === `/api/orders/${ID}/label`)
      return new Response(new Blob(['%PDF-1.4 label'], { type: 'application/pdf' }), {
        headers: { 'content-type': 'application/pdf' },
      });
    return jsonReply({ message: `Not found: ${url}` }, 404);
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  fetchMock.mockReset();
  setBearerToken(null);
});

/** The order as the admin's order screen holds it: from the query cache a ship answer updates. */
function AdminDispatch() {
  const current = useOrder(ID);
  return current.data ? <DispatchSection order={current.data} isAdmin /> : null;
}

const shipCalls = () => fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/ship'));

describe('the admin ships an order', () => {
  it('books the parcel with the courier service (no body), then shows the courier, AWB and a label to print', async () => {
    const user = userEvent.setup();
    setBearerToken('admin-token');
    renderInApp(<AdminDispatch />);
    const book = await screen.findByRole('button', { name: 'Book with courier' });
    // The hand form is folded under the booking button.
    expect(screen.getByText('Ship by hand').closest('details')!.open).toBe(false);
    await user.click(book);

    expect(await screen.findByText('SBX1234567890')).toBeTruthy();
    expect(screen.getByText(/Delhivery, tracking number/)).toBeTruthy();
    const [, init] = shipCalls()[0]!;
    expect(init?.method).toBe('PUT');
    expect(init?.body).toBeUndefined();
    expect(screen.queryByRole('button', { name: 'Book with courier' })).toBeNull();
    expect(screen.getByText('Tracking:').parentElement!.textContent).toMatch(/^Tracking: Booked with courier/);

    // Print label: the PDF fetched with the admin's token and shown in the tab opened on the click.
    const tab = { location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const createObjectURL = vi.fn(() => 'blob:http://shop/label-1');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    await user.click(screen.getByRole('button', { name: 'Print label' }));
    await vi.waitFor(() => expect(tab.location.href).toBe('blob:http://shop/label-1'));
    const labelCall = fetchMock.mock.calls.find(([url]) => String(url) === `/api/orders/${ID}/label`)!;
    expect(new Headers(labelCall[1]?.headers).get('authorization')).toBe('Bearer admin-token');
    expect(window.open).toHaveBeenCalledWith('', '_blank');
  });

  it('says why the courier service could not book, and opens the hand form', async () => {
    const user = userEvent.setup();
    shipReply = () =>
      jsonReply(
        { message: 'The courier service is not answering. Try again shortly.', code: 'COURIER_UNAVAILABLE' },
        503,
      );
    renderInApp(<AdminDispatch />);
    await user.click(await screen.findByRole('button', { name: 'Book with courier' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'The courier service is not answering. Try again shortly. You can ship it by hand below.',
    );
    // The hand form opens from the error state as it renders (an effect after the alert's commit).
    await waitFor(() => expect(screen.getByText('Ship by hand').closest('details')!.open).toBe(true));
  });

  it('shows another refusal (the courier’s reason) as it is, the hand form staying folded', async () => {
    const user = userEvent.setup();
    shipReply = () => jsonReply({ message: 'Pincode 999999 is not serviceable', code: 'COURIER_REFUSED' }, 422);
    renderInApp(<AdminDispatch />);
    await user.click(await screen.findByRole('button', { name: 'Book with courier' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Pincode 999999 is not serviceable');
    expect(screen.getByText('Ship by hand').closest('details')!.open).toBe(false);
  });

  it('ships by hand with the courier and AWB typed', async () => {
    const user = userEvent.setup();
    shipReply = () =>
      jsonReply({
        ...booked,
        shipment: {
          courier: 'India Post',
          trackingNumber: 'EE123456789IN',
          trackingUrl: null,
          provider: null,
          label: null,
        },
        tracking: null,
      });
    renderInApp(<AdminDispatch />);
    await user.click(await screen.findByText('Ship by hand'));
    const form = screen.getByRole('form', { name: 'Ship this order by hand' });
    await user.type(within(form).getByLabelText('Courier'), 'India Post');
    await user.type(within(form).getByLabelText('Tracking number (AWB)'), 'ee 123456789 in');
    await user.click(within(form).getByRole('button', { name: 'Mark As Shipped' }));
    expect(await screen.findByText('EE123456789IN')).toBeTruthy();
    expect(JSON.parse(String(shipCalls()[0]![1]!.body))).toEqual({
      courier: 'India Post',
      trackingNumber: 'EE123456789IN',
    });
    // Shipped by hand: no label, the form stays open to correct it.
    expect(screen.queryByRole('button', { name: 'Print label' })).toBeNull();
    expect(screen.getByText('Ship by hand').closest('details')!.open).toBe(true);
  });

  it('does not offer booking while a COD order waits for the customer’s confirmation', async () => {
    order = { ...placed, confirmBy: '2026-11-26T07:00:00.000Z' } as Order;
    renderInApp(<AdminDispatch />);
    expect(((await screen.findByRole('button', { name: 'Book with courier' })) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(screen.getByText(/waits for the customer to confirm it/)).toBeTruthy();
  });
});

describe('the parcel’s tracking', () => {
  it('shows the status, a failed delivery’s reason and the events, newest first', async () => {
    order = {
      ...booked,
      tracking: {
        status: 'delivery_failed',
        label: 'Delivery attempt failed',
        note: 'Customer not at home',
        updatedAt: '2026-11-28T09:30:00.000Z',
        events: [
          { status: 'booked', note: null, at: '2026-11-26T06:00:00.000Z' },
          { status: 'in_transit', note: 'Reached Varanasi hub', at: '2026-11-27T04:00:00.000Z' },
          { status: 'delivery_failed', note: 'Customer not at home', at: '2026-11-28T09:30:00.000Z' },
        ],
      },
    } as unknown as Order;
    renderInApp(<AdminDispatch />);
    expect(await screen.findByText('Reason: Customer not at home')).toBeTruthy();
    const events = within(screen.getByRole('list', { name: 'Tracking events' })).getAllByRole('listitem');
    expect(events.map((li) => li.textContent)).toEqual([
      '28 Nov 2026, 3:00 pmDelivery attempt failed · Customer not at home',
      '27 Nov 2026, 9:30 amIn transit · Reached Varanasi hub',
      '26 Nov 2026, 11:30 amBooked with courier',
    ]);
  });
});
