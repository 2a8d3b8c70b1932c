import type { Order } from '@rr/core';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ORDER_ID, deliveredOrder, partialRefund } from '../../../testing/after-sale.ts';
import { jsonReply, renderInApp } from '../../../testing/render.tsx';
import { useOrder } from '../api.ts';
import { OrderRefunds, RefundedSoFar } from './order-refunds.tsx';

const fetchMock = vi.fn<typeof fetch>();
let order: Order;
let refundReply: (body: unknown) => Response;

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  order = deliveredOrder;
  refundReply = () => jsonReply({ ...order, refunds: [...order.refunds, partialRefund({ _id: 'r-new' })] });
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    if (url === `/api/orders/${ORDER_ID}` && method === 'GET') return jsonReply(order);
    if (url === `/api/orders/${ORDER_ID}/refund` && method === 'POST')
      return refundReply(JSON.parse(String(init!.body)));
    if (url === `/api/orders/${ORDER_ID}/refunds/r2/retry` && method === 'PUT') return jsonReply(order);
    return jsonReply({ message: `Not found: ${method} ${url}` }, 404);
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  fetchMock.mockReset();
});

/** The refunds section as the admin's order page shows it, from the order's query. */
function Refunds() {
  const current = useOrder(ORDER_ID);
  return current.data ? <OrderRefunds order={current.data} /> : null;
}

const calls = (method: string) => fetchMock.mock.calls.filter(([, init]) => (init?.method ?? 'GET') === method);
const sent = (method: string) => JSON.parse(String(calls(method).at(-1)![1]!.body)) as Record<string, unknown>;

async function openForm() {
  renderInApp(<Refunds />);
  await userEvent.click(await screen.findByRole('button', { name: 'Refund items' }));
  return screen.getByRole('form', { name: 'Refund items' });
}

describe('OrderRefunds, refund items', () => {
  it('refunds the units chosen of a COD order as store credit, after a prompt with the amount', async () => {
    const user = userEvent.setup();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    const form = await openForm();
    // Cash on Delivery: store credit or a transfer; never the gateway.
    expect(within(form).queryByRole('radio', { name: /Razorpay/ })).toBeNull();
    expect((within(form).getByRole('radio', { name: 'Store credit' }) as HTMLInputElement).checked).toBe(true);

    await user.selectOptions(within(form).getByLabelText(/5 Mukhi Rudraksha/), '1');
    expect(within(form).getByText(/About ₹1,019\.28 goes back/)).toBeTruthy();
    await user.click(within(form).getByRole('button', { name: 'Refund ₹1,019.28' }));

    expect(confirm).toHaveBeenCalledWith('Refund about ₹1,019.28 to the customer: store credit?');
    expect(sent('POST')).toEqual({
      lines: [{ product: 'p-bead', variant: 'v-20', qty: 1 }],
      method: 'store_credit',
    });
    // The order that came back lists the refund, and the form has closed.
    expect(await screen.findByText('₹1,019.28')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Refund items' })).toBeNull();
  });

  it('asks for the transfer reference, sends nothing without it, and sends nothing when the prompt is cancelled', async () => {
    const user = userEvent.setup();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const form = await openForm();
    await user.click(within(form).getByRole('button', { name: 'Refund' }));
    expect(within(form).getByText('Choose at least one item to refund.')).toBeTruthy();

    await user.selectOptions(within(form).getByLabelText(/Tulsi Mala/), '1');
    await user.click(within(form).getByRole('radio', { name: 'Bank/UPI transfer I have made' }));
    await user.click(within(form).getByRole('button', { name: /^Refund ₹/ }));
    expect(within(form).getByText('Required for a transfer')).toBeTruthy();
    expect(confirm).not.toHaveBeenCalled();

    await user.type(within(form).getByLabelText('Transfer reference (UTR)'), 'UTR123456');
    await user.click(within(form).getByRole('button', { name: /^Refund ₹/ }));
    expect(confirm).toHaveBeenCalledOnce();
    expect(calls('POST')).toHaveLength(0);

    confirm.mockReturnValue(true);
    await user.click(within(form).getByRole('button', { name: /^Refund ₹/ }));
    expect(sent('POST')).toEqual({
      lines: [{ product: 'p-mala', variant: null, qty: 1 }],
      method: 'transfer',
      transferReference: 'UTR123456',
    });
  });

  it("offers only the units left after earlier refunds, and shows the server's refusal", async () => {
    const user = userEvent.setup();
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    order = { ...deliveredOrder, refunds: [partialRefund()] };
    refundReply = () => jsonReply({ message: 'Only 1 of "5 Mukhi Rudraksha" are left to refund' }, 409);
    const form = await openForm();
    const bead = within(form).getByLabelText(/5 Mukhi Rudraksha/);
    expect(bead.textContent).toBe('01');
    expect(within(form).getByText('1 of 2 left to refund')).toBeTruthy();
    await user.selectOptions(bead, '1');
    await user.click(within(form).getByRole('button', { name: /^Refund ₹/ }));
    expect(await within(form).findByText('Only 1 of "5 Mukhi Rudraksha" are left to refund')).toBeTruthy();
  });

  it('offers the gateway first for an online order, and store credit, never a transfer', async () => {
    order = { ...deliveredOrder, paymentMethod: 'Razorpay', razorpayPaymentId: 'pay_T1' };
    const form = await openForm();
    expect((within(form).getByRole('radio', { name: /Razorpay/ }) as HTMLInputElement).checked).toBe(true);
    expect(within(form).queryByRole('radio', { name: /transfer/ })).toBeNull();
  });

  it('shows nothing for an order not paid yet', async () => {
    order = { ...deliveredOrder, isPaid: false };
    const { container } = renderInApp(<Refunds />);
    await vi.waitFor(() => expect(calls('GET')).toHaveLength(1));
    expect(container.textContent).toBe('');
  });
});

describe('OrderRefunds, the list', () => {
  it('lists each refund with its amount, method, lines and credit note, and retries a failed one', async () => {
    const user = userEvent.setup();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    order = {
      ...deliveredOrder,
      paymentMethod: 'Razorpay',
      razorpayPaymentId: 'pay_T1',
      refunds: [
        partialRefund(),
        partialRefund({
          _id: 'r2',
          method: 'gateway',
          lines: [{ product: 'p-mala', variant: null, name: 'Tulsi Mala', qty: 1 }],
          amount: 556.12,
          gatewayAmount: 556.12,
          storeCreditAmount: 0,
          status: 'failed',
          error: 'The gateway timed out',
          creditNoteNumber: 'RR/CN/2026-27/0008',
        }),
      ],
    };
    renderInApp(<Refunds />);
    const rows = await screen.findAllByTestId('order-refund');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain('₹1,019.28');
    expect(rows[0]!.textContent).toContain('Store credit');
    expect(rows[0]!.textContent).toContain('5 Mukhi Rudraksha × 1: items ₹978.50, shipping ₹40.78 (GST ₹30.69 in it)');
    expect(within(rows[0]!).getByRole('button', { name: 'Credit note RR/CN/2026-27/0007 (PDF)' })).toBeTruthy();
    expect(within(rows[0]!).queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(rows[1]!.textContent).toContain('The gateway timed out');

    await user.click(within(rows[1]!).getByRole('button', { name: 'Retry' }));
    expect(confirm).toHaveBeenCalledWith('Try the refund of ₹556.12 through Razorpay again?');
    expect(calls('PUT').map(([url]) => String(url))).toEqual([`/api/orders/${ORDER_ID}/refunds/r2/retry`]);
    // A failed refund's units still count as left to refund.
    await user.click(screen.getByRole('button', { name: 'Refund items' }));
    expect(screen.getByText('1 of 1 left to refund')).toBeTruthy();
  });
});

describe('RefundedSoFar', () => {
  it('adds up the refunds that did not fail, and shows nothing before any', () => {
    const refunded = {
      ...deliveredOrder,
      refunds: [
        partialRefund(),
        partialRefund({ _id: 'r2', amount: 556.12, status: 'pending' }),
        partialRefund({ _id: 'r3', amount: 100, status: 'failed' }),
      ],
    };
    const { rerender } = renderInApp(<RefundedSoFar order={refunded} />);
    expect(screen.getByTestId('refunded-so-far').textContent).toBe('Refunded so far: ₹1,575.40');
    rerender(<RefundedSoFar order={deliveredOrder} />);
    expect(screen.queryByTestId('refunded-so-far')).toBeNull();
  });
});
