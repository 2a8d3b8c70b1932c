import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonReply, renderInApp } from '../../testing/render.tsx';
import { useCreateReview, useProduct } from './api.ts';

const fetchMock = vi.fn<typeof fetch>();
const productReads = () => fetchMock.mock.calls.filter(([, init]) => (init?.method ?? 'GET') === 'GET').length;

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

/** The product (read once) and a review sent for it. */
function ReviewProbe() {
  const product = useProduct('p1');
  const create = useCreateReview('p1');
  return (
    <>
      <p>{product.isSuccess ? 'loaded' : 'loading'}</p>
      <button onClick={() => create.mutate({ rating: 5, comment: 'Genuine' })}>Send</button>
      {create.isError && <p>refused</p>}
    </>
  );
}

async function sendRefusedWith(code: string) {
  fetchMock.mockImplementation((_url, init) =>
    Promise.resolve(
      init?.method === 'POST'
        ? jsonReply({ message: 'Refused', code }, 409)
        : jsonReply({ _id: 'p1', name: 'Five Mukhi' }),
    ),
  );
  renderInApp(<ReviewProbe />);
  await screen.findByText('loaded');
  fireEvent.click(screen.getByRole('button', { name: 'Send' }));
  await screen.findByText('refused');
}

describe('useCreateReview', () => {
  it('reads the product again after ALREADY_REVIEWED: a review sent from elsewhere is there', async () => {
    await sendRefusedWith('ALREADY_REVIEWED');
    await waitFor(() => expect(productReads()).toBe(2));
  });

  it('leaves the product as it is after another refusal of the same status', async () => {
    await sendRefusedWith('IDEMPOTENCY_IN_PROGRESS');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(productReads()).toBe(1);
  });
});
