import { formatDateTimeIST, type Order } from '@rr/core';
import { render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonReply, renderInApp } from '../../../testing/render.tsx';
import { OrderChat } from './order-tracking.tsx';
import { TrackingTimeline } from './tracking-timeline.tsx';

const ORDER_ID = '5d55a62b-1111-4222-8333-444455556666';
const events = [
  { status: 'booked', note: null, at: '2026-11-27T05:00:00.000Z' },
  { status: 'in_transit', note: 'Left Kolkata hub', at: '2026-11-28T10:30:00.000Z' },
  { status: 'delivery_failed', note: 'Customer not at home', at: '2026-11-30T08:15:00.000Z' },
] as const;
const order = (tracking: Order['tracking']) =>
  ({ _id: ORDER_ID, tracking, shipment: { label: 'Delhivery Surface' } }) as unknown as Order;

describe('TrackingTimeline (the customer’s and the admin’s order page)', () => {
  it('shows the status, a failed delivery’s reason and the events newest first in Indian time', () => {
    render(
      <TrackingTimeline
        tracking={{
          status: 'delivery_failed',
          label: 'Delivery attempt failed',
          note: 'Customer not at home',
          updatedAt: events[2].at,
          events: [...events],
        }}
      />,
    );
    expect(screen.getByRole('group').querySelector('p')?.textContent).toMatch(
      /^Tracking: Delivery attempt failed updated /,
    );
    expect(screen.getByText('Reason: Customer not at home')).toBeTruthy();
    const items = within(screen.getByRole('list', { name: 'Tracking events' })).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      `${formatDateTimeIST(events[2].at)}Delivery attempt failed · Customer not at home`,
      `${formatDateTimeIST(events[1].at)}In transit · Left Kolkata hub`,
      `${formatDateTimeIST(events[0].at)}Booked with courier`,
    ]);
  });
});

describe('OrderChat', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  it('links to the shop’s WhatsApp with the order number typed in', async () => {
    fetchMock.mockResolvedValue(jsonReply({ whatsappNumber: '919876543210' }));
    renderInApp(<OrderChat order={order(null)} />);
    expect((await screen.findByRole('link', { name: 'Chat on WhatsApp' })).getAttribute('href')).toBe(
      'https://wa.me/919876543210?text=Order%20%235D55A62B',
    );
  });

  it('shows no link when the shop has no WhatsApp number', async () => {
    fetchMock.mockResolvedValue(jsonReply({ whatsappNumber: null }));
    const { container } = renderInApp(<OrderChat order={order(null)} />);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(container.querySelector('a')).toBeNull();
  });
});
