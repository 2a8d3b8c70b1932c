import type { Order } from '@rr/core';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { en } from '../../../i18n/en.ts';
import { hi } from '../../../i18n/hi.ts';
import { LanguageProvider } from '../../../i18n/index.tsx';
import { ORDER_ID, testOrder } from '../../../testing/order.ts';
import { jsonReply, renderInApp } from '../../../testing/render.tsx';
import { AwaitingConfirmation } from './confirm-order.tsx';

// A COD order from a phone never proven waits for its code: asking for a new one says so in the page's
// language (issue 30); English pages say the server's words, which name the phone's last digits.

const fetchMock = vi.fn<typeof fetch>();
let resendReply: () => Response;
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url === `/api/orders/${ORDER_ID}/confirmation-code` && init?.method === 'POST') return resendReply();
    return jsonReply({ message: `Not found: ${url}` }, 404);
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

const waiting: Order = testOrder({ confirmBy: '2026-11-28T12:30:00.000Z' });
const SENT = 'A new code was sent to ******3210.';

function openIn(language: 'en' | 'hi') {
  renderInApp(
    <LanguageProvider language={language} texts={language === 'hi' ? hi : en}>
      <AwaitingConfirmation order={waiting} isAdmin={false} />
    </LanguageProvider>,
  );
}

describe('asking for a new confirmation code', () => {
  it('says the code was sent in Hindi on a Hindi page', async () => {
    resendReply = () => jsonReply({ message: SENT });
    openIn('hi');
    await userEvent.click(screen.getByRole('button', { name: hi['orders.sendNewCode'] }));
    expect(await screen.findByText(hi['orders.newCodeSent'])).toBeTruthy();
    expect(screen.queryByText(SENT)).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('says the server’s words on an English page', async () => {
    resendReply = () => jsonReply({ message: SENT });
    openIn('en');
    await userEvent.click(screen.getByRole('button', { name: en['orders.sendNewCode'] }));
    expect(await screen.findByText(SENT)).toBeTruthy();
  });

  it('says how long to wait before another code, in Hindi', async () => {
    resendReply = () =>
      jsonReply({ message: 'Please wait 40 seconds before asking again.', code: 'CODE_RESEND_WAIT' }, 429, {
        'retry-after': '40',
      });
    openIn('hi');
    await userEvent.click(screen.getByRole('button', { name: hi['orders.sendNewCode'] }));
    expect(await screen.findByText('दूसरा कोड माँगने से पहले कृपया 40 सेकंड रुकें।')).toBeTruthy();
  });
});
