import type { UserInfo } from '@rr/core';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ORDER_ID, testOrder } from '../../../testing/order.ts';
import { jsonReply, renderInApp } from '../../../testing/render.tsx';
import { OrderActions } from './order-actions.tsx';

const owner: UserInfo = {
  _id: 'u9',
  name: 'Aarav Admin',
  email: 'aarav@example.in',
  phone: '9999900001',
  isAdmin: true,
  role: 'owner',
  token: 't',
};

/** Signs in or out as another tab would: the session store follows localStorage's storage event. */
function setSession(user: UserInfo | null) {
  act(() => {
    if (user) localStorage.setItem('userInfo', JSON.stringify(user));
    else localStorage.removeItem('userInfo');
    window.dispatchEvent(new StorageEvent('storage', { key: 'userInfo' }));
  });
}

const fetchMock = vi.fn<typeof fetch>();
const calls = (action: string) =>
  fetchMock.mock.calls.filter(([url]) => String(url) === `/api/orders/${ORDER_ID}/${action}`);

beforeEach(() => {
  setSession(owner);
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url.endsWith('/cancel')) return jsonReply(testOrder({ isCancelled: true, status: 'cancelled' }));
    if (url.endsWith('/deliver')) return jsonReply(testOrder({ isDelivered: true, status: 'delivered' }));
    return jsonReply({ message: `Not found: ${url}` }, 404);
  });
});
afterEach(() => {
  setSession(null);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  fetchMock.mockReset();
});

describe('the admin’s order actions on a double click (issue 32)', () => {
  it('asks once whether to cancel, and sends nothing when the answer is no', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    renderInApp(<OrderActions order={testOrder()} isAdmin />);
    await userEvent.dblClick(screen.getByRole('button', { name: 'Cancel Order' }));
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(calls('cancel')).toHaveLength(0);
  });

  it('asks once and cancels once when the answer is yes; Mark As Delivered the same', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderInApp(<OrderActions order={testOrder()} isAdmin />);
    await userEvent.dblClick(screen.getByRole('button', { name: 'Cancel Order' }));
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(confirm.mock.calls[0]![0]).toBe('Cancel this order? Its items go back into stock.');
    expect(calls('cancel')).toHaveLength(1);

    confirm.mockClear();
    renderInApp(<OrderActions order={testOrder()} isAdmin />);
    await userEvent.dblClick(screen.getAllByRole('button', { name: 'Mark As Delivered' }).at(-1)!);
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(calls('deliver')).toHaveLength(1);
  });
});
