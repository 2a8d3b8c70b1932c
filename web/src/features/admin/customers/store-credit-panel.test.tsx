import type { StoreCreditAnswer } from '@rr/core';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonReply, renderInApp } from '../../../testing/render.tsx';
import { StoreCreditPanel } from './store-credit-panel.tsx';

const PATH = '/api/admin/users/u1/store-credit';
const fetchMock = vi.fn<typeof fetch>();
let ledger: StoreCreditAnswer;

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  ledger = {
    balance: 250,
    entries: [
      {
        _id: 'e2',
        amount: -769.28,
        balance: 250,
        kind: 'checkout',
        order: 'o2',
        note: 'Order #AB12CD34',
        createdAt: '2026-11-24T06:00:00.000Z',
      },
      {
        _id: 'e1',
        amount: 1019.28,
        balance: 1019.28,
        kind: 'refund',
        order: 'o1',
        note: 'Return of 5 Mukhi Rudraksha',
        createdAt: '2026-11-22T06:00:00.000Z',
      },
    ],
  };
  fetchMock.mockImplementation(async (input, init) => {
    if (String(input) !== PATH) return jsonReply({ message: 'Not found' }, 404);
    if (init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as { amount: number; note: string };
      ledger = { ...ledger, balance: ledger.balance + body.amount };
      return jsonReply(ledger, 201);
    }
    return jsonReply(ledger);
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  fetchMock.mockReset();
});

const posts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');

async function openPanel() {
  renderInApp(<StoreCreditPanel userId="u1" name="Asha Rao" mayGrant />);
  return screen.findByTestId('store-credit-balance');
}

describe('StoreCreditPanel', () => {
  it('shows the balance and the ledger, newest first, with each order linked', async () => {
    expect((await openPanel()).textContent).toBe('₹250.00');
    const entries = within(screen.getByRole('list', { name: 'Store credit ledger' })).getAllByRole('listitem');
    expect(entries[0]!.textContent).toContain('Order #AB12CD34');
    expect(entries[0]!.textContent).toContain('Spent on an order · 24 Nov 2026');
    expect(entries[0]!.textContent).toContain('−₹769.28');
    expect(entries[1]!.textContent).toContain('+₹1,019.28');
    expect(entries[1]!.textContent).toContain('balance ₹1,019.28');
    expect(within(entries[1]!).getByRole('link', { name: 'Open the order' }).getAttribute('href')).toBe('/order/o1');
  });

  it('gives store credit in rupees with a reason, after a prompt, and shows the new balance', async () => {
    const user = userEvent.setup();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    await openPanel();
    await user.type(screen.getByLabelText('Amount (₹)'), '500.50');
    await user.type(screen.getByLabelText('Reason'), 'Diwali goodwill');
    await user.click(screen.getByRole('button', { name: 'Give store credit' }));
    expect(confirm).toHaveBeenCalledWith('Give Asha Rao ₹500.50 of store credit?');
    expect(JSON.parse(String(posts()[0]![1]!.body))).toEqual({ amount: 500.5, note: 'Diwali goodwill' });
    expect(await screen.findByText('Store credit updated.')).toBeTruthy();
    expect(screen.getByTestId('store-credit-balance').textContent).toBe('₹750.50');
    expect((screen.getByLabelText('Amount (₹)') as HTMLInputElement).value).toBe('');
  });

  it('takes back no more than the balance, needs a reason, and sends nothing when the prompt is cancelled', async () => {
    const user = userEvent.setup();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    await openPanel();
    await user.type(screen.getByLabelText('Amount (₹)'), '-300');
    await user.click(screen.getByRole('button', { name: 'Give store credit' }));
    expect(screen.getByText('Asha Rao has only ₹250.00 to take back')).toBeTruthy();
    expect(screen.getByText('Type the reason: the customer sees it.')).toBeTruthy();

    await user.clear(screen.getByLabelText('Amount (₹)'));
    await user.type(screen.getByLabelText('Amount (₹)'), '-100');
    await user.type(screen.getByLabelText('Reason'), 'Given twice by mistake');
    await user.click(screen.getByRole('button', { name: 'Give store credit' }));
    expect(confirm).toHaveBeenCalledWith("Take back ₹100.00 of Asha Rao's store credit?");
    expect(posts()).toHaveLength(0);
    expect((screen.getByLabelText('Amount (₹)') as HTMLInputElement).value).toBe('-100');
  });

  it('shows support the balance and the ledger without the form to give credit', async () => {
    renderInApp(<StoreCreditPanel userId="u1" name="Asha" mayGrant={false} />);
    expect(await screen.findByText('Return of 5 Mukhi Rudraksha', { exact: false })).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Give store credit' })).toBeNull();
  });

  it('refuses an amount that is not rupees and paise before sending', async () => {
    const user = userEvent.setup();
    await openPanel();
    await user.type(screen.getByLabelText('Amount (₹)'), '10.555');
    await user.type(screen.getByLabelText('Reason'), 'x');
    await user.click(screen.getByRole('button', { name: 'Give store credit' }));
    expect(screen.getByText('Amount must be in rupees and paise')).toBeTruthy();
    expect(posts()).toHaveLength(0);
  });
});
