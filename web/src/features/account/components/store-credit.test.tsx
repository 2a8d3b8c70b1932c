import type { StoreCreditAnswer } from '@rr/core';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonReply, renderInApp } from '../../../testing/render.tsx';
import { StoreCredit, signedRupees } from './store-credit.tsx';

const fetchMock = vi.fn<typeof fetch>();
let answer: StoreCreditAnswer;

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation(async (input) =>
    String(input) === '/api/users/store-credit' ? jsonReply(answer) : jsonReply({ message: 'Not found' }, 404),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

const entry = (changes: Partial<StoreCreditAnswer['entries'][number]>) => ({
  _id: 'e1',
  amount: 590,
  balance: 590,
  kind: 'refund' as const,
  order: 'o1',
  note: 'Refund of order #0B6F7C3E',
  createdAt: '2026-11-27T05:00:00.000Z',
  ...changes,
});

describe('StoreCredit (the profile, issue 28)', () => {
  it('shows the balance and, opened, every change with the balance after it', async () => {
    answer = {
      balance: 390,
      entries: [
        entry({ _id: 'e2', amount: -200, balance: 390, kind: 'checkout', note: 'Paid towards order #1A2B3C4D' }),
        entry({}),
      ],
    };
    renderInApp(<StoreCredit />);
    expect((await screen.findByTestId('store-credit-balance')).textContent).toBe('₹390.00');
    await userEvent.click(screen.getByText('History (2)'));
    const rows = within(screen.getByRole('list', { name: 'Store credit history' })).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      'Paid towards order #1A2B3C4D27 Nov 2026−₹200.00Balance ₹390.00',
      'Refund of order #0B6F7C3E27 Nov 2026+₹590.00Balance ₹590.00',
    ]);
  });

  it('shows nothing to an account that never had store credit', async () => {
    answer = { balance: 0, entries: [] };
    const { container } = renderInApp(<StoreCredit />);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(container.textContent).toBe('');
  });

  it('signs amounts: credit in with +, spent with −', () => {
    expect(signedRupees(1234.5)).toBe('+₹1,234.50');
    expect(signedRupees(-20)).toBe('−₹20.00');
  });
});
