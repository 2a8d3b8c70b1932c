import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hi } from '../../i18n/hi.ts';
import { LanguageProvider } from '../../i18n/index.tsx';
import { testOrder } from '../../testing/order.ts';
import { jsonReply, renderInApp } from '../../testing/render.tsx';
import { MyOrders } from './my-orders.tsx';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe('the profile’s order list (issue 30)', () => {
  it('says in Hindi that the orders could not be read, by the refusal’s code', async () => {
    fetchMock.mockImplementation(async () =>
      jsonReply({ message: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' }, 500),
    );
    renderInApp(
      <LanguageProvider language="hi" texts={hi}>
        <MyOrders />
      </LanguageProvider>,
      '/profile',
    );
    expect((await screen.findByRole('alert')).textContent).toBe('हमारी ओर से कुछ गड़बड़ हुई। कृपया फिर कोशिश करें।');
  });

  it('says the server’s words on the English page', async () => {
    fetchMock.mockImplementation(async () =>
      jsonReply({ message: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' }, 500),
    );
    renderInApp(<MyOrders />, '/profile');
    expect((await screen.findByRole('alert')).textContent).toBe('Something went wrong on our side. Please try again.');
  });

  it('dates an order as SPEC does on the English page, with Hindi month names on the Hindi one', async () => {
    // Placed and paid just after midnight in India (the evening before in UTC), delivered later.
    const order = testOrder({
      createdAt: '2026-11-27T19:00:00.000Z',
      isPaid: true,
      paidAt: '2026-11-27T19:05:00.000Z',
      isDelivered: true,
      deliveredAt: '2026-12-02T06:00:00.000Z',
    });
    fetchMock.mockImplementation(async () => jsonReply([order]));
    const { unmount } = renderInApp(<MyOrders />, '/profile');
    const row = (await screen.findAllByRole('row'))[1]!;
    expect(row.textContent).toContain('2026-11-28');
    expect(row.textContent).toContain('2026-12-02');
    unmount();
    renderInApp(
      <LanguageProvider language="hi" texts={hi}>
        <MyOrders />
      </LanguageProvider>,
      '/hi/profile',
    );
    const hindiRow = (await screen.findAllByRole('row'))[1]!;
    expect(hindiRow.textContent).toContain('28 नव॰ 2026');
    expect(hindiRow.textContent).toContain('2 दिस॰ 2026');
    expect(hindiRow.textContent).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  });
});
