import type { Order } from '@rr/core';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ORDER_ID, testOrder } from '../../../testing/order.ts';
import { jsonReply, renderInApp } from '../../../testing/render.tsx';
import { OrderPage } from '../pages/order-page.tsx';
import { cancelPrompt } from './customer-actions.tsx';

const fetchMock = vi.fn<typeof fetch>();
let order: Order;
let cancelReply: () => Response;

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url === `/api/orders/${ORDER_ID}` && (init?.method ?? 'GET') === 'GET') return jsonReply(order);
    if (url === `/api/orders/${ORDER_ID}/cancel` && init?.method === 'PUT') return cancelReply();
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

const cancelCalls = () => fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/cancel'));

const paidOnline = testOrder({
  paymentMethod: 'Razorpay',
  isPaid: true,
  paidAt: '2026-11-20T05:00:00.000Z',
  razorpayPaymentId: 'pay_1',
  totalPrice: 1770,
  storeCreditPaid: 270,
});

describe('the customer cancels an order (issue 28)', () => {
  it('warns what happens to the money, then shows the cancelled order and its refund', async () => {
    order = paidOnline;
    cancelReply = () =>
      jsonReply({
        ...paidOnline,
        status: 'cancelled',
        isCancelled: true,
        cancelledAt: '2026-11-21T05:00:00.000Z',
        refund: {
          status: 'pending',
          amount: 1500,
          refundId: 'rfnd_1',
          error: null,
          updatedAt: '2026-11-21T05:00:00.000Z',
        },
      });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    openOrder();
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel Order' }));
    expect(confirm).toHaveBeenCalledWith(
      'Cancel this order? It will not be shipped.\n\n₹1,500.00 paid online is refunded to your card/UPI within 5–7 working days.\n\nThe ₹270.00 of store credit you used comes back to your account at once.',
    );
    expect(await screen.findByRole('button', { name: 'Order Cancelled' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('alert').textContent).toContain(
      'The ₹270.00 of store credit used went back to your account.',
    );
    expect(screen.getByText(/A refund of ₹1,500.00 to the original payment method is on its way/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel Order' })).toBeNull();
    expect(cancelCalls()).toHaveLength(1);
  });

  it('cancels nothing when the customer thinks again', async () => {
    order = testOrder();
    vi.spyOn(window, 'confirm').mockReturnValue(false);
    openOrder();
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel Order' }));
    expect(cancelCalls()).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Order Placed' })).toHaveProperty('disabled', true);
  });

  it('asks once on a double click, whatever the answer (issue 32)', async () => {
    order = testOrder();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    openOrder();
    await userEvent.dblClick(await screen.findByRole('button', { name: 'Cancel Order' }));
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(cancelCalls()).toHaveLength(0);
  });

  it("shows the server's refusal (shipped meanwhile) and keeps the order as it was", async () => {
    order = testOrder();
    cancelReply = () => jsonReply({ message: 'The order has shipped: it can no longer be cancelled' }, 409);
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    openOrder();
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel Order' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The order has shipped: it can no longer be cancelled');
    expect(screen.getByRole('button', { name: 'Order Placed' })).toBeTruthy();
  });

  it('offers no cancelling once the order is with the courier, delivered or cancelled', async () => {
    for (const state of [
      { status: 'shipped', isShipped: true },
      { status: 'delivered', isShipped: true, isDelivered: true, deliveredAt: '2026-11-25T05:00:00.000Z' },
      { status: 'cancelled', isCancelled: true },
    ] as const) {
      order = testOrder(state);
      const { unmount } = renderInApp(
        <Routes>
          <Route path="/order/:id" element={<OrderPage />} />
        </Routes>,
        `/order/${ORDER_ID}`,
      );
      const summary = await screen.findByRole('complementary');
      expect(
        within(summary)
          .getAllByRole('button')
          .map((b) => b.textContent),
      ).toEqual([state.status === 'cancelled' ? 'Order Cancelled' : 'Order Placed']);
      unmount();
    }
  });
});

describe('cancelPrompt', () => {
  it('says nothing has been charged for an unpaid Cash on Delivery order', () => {
    expect(cancelPrompt(testOrder())).toBe('Cancel this order? It will not be shipped.\n\nNothing has been charged.');
  });

  it('gives back only the store credit of an order credit paid in full', () => {
    const prompt = cancelPrompt(
      testOrder({ paymentMethod: 'Razorpay', isPaid: true, totalPrice: 500, storeCreditPaid: 500 }),
    );
    expect(prompt).not.toContain('card/UPI');
    expect(prompt).toContain('The ₹500.00 of store credit you used comes back to your account at once.');
  });
});
