import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonReply, renderInApp } from '../../../testing/render.tsx';
import { OrderPage } from './order-page.tsx';

const ID = '0b6f7c3e-5d2a-4c1b-9e8f-1a2b3c4d5e6f';
const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

function openOrder() {
  renderInApp(
    <Routes>
      <Route path="/order/:id" element={<OrderPage />} />
    </Routes>,
    `/order/${ID}`,
  );
}

describe('OrderPage', () => {
  it('says there is no such order when the server refuses with ORDER_NOT_FOUND', async () => {
    fetchMock.mockResolvedValue(jsonReply({ message: 'Order not found', code: 'ORDER_NOT_FOUND' }, 404));
    openOrder();
    expect(await screen.findByRole('heading', { name: 'Order not found' })).toBeTruthy();
  });

  it("shows another refusal's message, even with the same status, and does not claim the order is missing", async () => {
    fetchMock.mockResolvedValue(
      jsonReply({ message: `Not found: GET /api/orders/${ID}`, code: 'ROUTE_NOT_FOUND' }, 404),
    );
    openOrder();
    expect(await screen.findByText(`Not found: GET /api/orders/${ID}`)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Order not found' })).toBeNull();
  });
});
