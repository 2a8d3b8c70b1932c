import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hi } from '../../../i18n/hi.ts';
import { LanguageProvider } from '../../../i18n/index.tsx';
import { jsonReply, renderInApp } from '../../../testing/render.tsx';
import { CodeForm } from './code-form.tsx';

const SENT = 'OTP sent to 98XXXXXX10';
const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('fetch', fetchMock);
  localStorage.clear();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

/** Lets the clock run, with React and the query cache catching up. */
const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
/** Lets whole seconds pass one at a time, as the countdown sets a timer for each after rendering. */
async function seconds(n: number) {
  for (let i = 0; i < n; i++) await wait(1_000);
}
const countdown = () => document.getElementById('otp-countdown')?.textContent;
const resendButton = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Resend OTP' });

describe('CodeForm resend countdown', () => {
  it('counts down from the sent code, then lets the customer ask again, once, and starts over', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(jsonReply({ message: SENT })));
    renderInApp(<CodeForm phone="9876543210" />);
    await wait(0);

    expect(fetchMock).toHaveBeenCalledOnce();
    expect(countdown()).toBe('You can ask for a new code in 60 s.');
    expect(resendButton().disabled).toBe(true);

    await seconds(59);
    expect(countdown()).toBe('You can ask for a new code in 1 s.');
    expect(resendButton().disabled).toBe(true);

    await seconds(1);
    expect(countdown()).toBe('Did not get it? Ask for a new code.');
    expect(resendButton().disabled).toBe(false);

    fireEvent.click(resendButton());
    await wait(0);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(screen.getByText(SENT)).toBeTruthy();
    expect(countdown()).toBe('You can ask for a new code in 60 s.');
    expect(resendButton().disabled).toBe(true);

    // The reply to 'Resend OTP' stays a moment only.
    await wait(1_000);
    expect(screen.queryByText(SENT)).toBeNull();
  });

  it("follows the server's Retry-After when a code was sent a moment ago", async () => {
    fetchMock.mockResolvedValue(
      jsonReply({ message: 'Please wait 25 seconds before asking for another code.', code: 'CODE_RESEND_WAIT' }, 429, {
        'retry-after': '25',
      }),
    );
    renderInApp(<CodeForm phone="9876543210" />);
    await wait(0);

    expect(countdown()).toBe('You can ask for a new code in 25 s.');
    expect(screen.getByText(/A code was sent by SMS to .* a moment ago\. Enter it below/)).toBeTruthy();
    expect(screen.queryByText(/Please wait 25 seconds/)).toBeNull();
    await seconds(25);
    expect(countdown()).toBe('Did not get it? Ask for a new code.');
  });
});

describe('CodeForm in Hindi (issue 30)', () => {
  it('says in Hindi where a new code was sent, with the masked number', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(jsonReply({ message: SENT })));
    renderInApp(
      <LanguageProvider language="hi" texts={hi}>
        <CodeForm phone="9876543210" />
      </LanguageProvider>,
    );
    await wait(0);
    await seconds(60);
    fireEvent.click(screen.getByRole('button', { name: hi['account.resendOtp'] }));
    await wait(0);
    expect(screen.getByText('OTP XXXXXX3210 पर भेजा गया')).toBeTruthy();
    expect(screen.queryByText(SENT)).toBeNull();
  });
});

describe('CodeForm refused by the server', () => {
  it("says when the day's codes are used up (another refusal of the same status), not that one was just sent", async () => {
    const usedUp = 'Too many codes were sent to this number today. Please sign in with your password.';
    fetchMock.mockResolvedValue(
      jsonReply({ message: usedUp, code: 'CODE_DAILY_LIMIT' }, 429, { 'retry-after': '3600' }),
    );
    renderInApp(<CodeForm phone="9876543210" />);
    await wait(0);

    expect(screen.getByText(usedUp)).toBeTruthy();
    expect(screen.queryByText(/a moment ago/)).toBeNull();
  });

  it('shows only the message for a phone no account uses', async () => {
    const unknown = 'No account uses this phone number. Please register first.';
    fetchMock.mockResolvedValue(jsonReply({ message: unknown, code: 'PHONE_NOT_REGISTERED' }, 404));
    renderInApp(<CodeForm phone="9876543210" />);
    await wait(0);

    expect(screen.getByText(unknown)).toBeTruthy();
    expect(screen.queryByLabelText('Digit 1 of 4')).toBeNull();
  });
});

describe('CodeForm on a second visit', () => {
  const sentTo = () => fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/api/users/resendOTP')).length;

  it('sends no code while the one this browser had sent to the phone is valid, and counts down what is left', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(jsonReply({ message: SENT })));
    const first = renderInApp(<CodeForm phone="9876543210" />);
    await wait(0);
    expect(sentTo()).toBe(1);
    first.unmount();

    await wait(20_000);
    const again = renderInApp(<CodeForm phone="9876543210" />);
    await wait(0);
    expect(sentTo()).toBe(1);
    expect(screen.getByText(/a little while ago\. Enter it below; it is still valid for 10 minutes\./)).toBeTruthy();
    expect(countdown()).toBe('You can ask for a new code in 40 s.');
    again.unmount();

    // Another phone, or the same one once its code has run out, gets a code.
    renderInApp(<CodeForm phone="9876543211" />).unmount();
    await wait(10 * 60_000);
    renderInApp(<CodeForm phone="9876543210" />);
    await wait(0);
    expect(sentTo()).toBe(3);
  });

  it('sends a code on the next visit once the last one was used', async () => {
    fetchMock.mockImplementation((url) =>
      Promise.resolve(
        String(url).endsWith('/verifyotp')
          ? jsonReply({ _id: 'u1', name: 'N', email: 'n@example.in', phone: '9876543210', isAdmin: false, token: 't' })
          : jsonReply({ message: SENT }),
      ),
    );
    const first = renderInApp(<CodeForm phone="9876543210" />);
    await wait(0);
    for (const [n, digit] of ['1', '2', '3', '4'].entries()) {
      fireEvent.input(screen.getByLabelText(`Digit ${n + 1} of 4`), { target: { value: digit } });
    }
    await wait(0);
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/verifyotp'))).toBe(true);
    first.unmount();
    renderInApp(<CodeForm phone="9876543210" />);
    await wait(0);
    expect(sentTo()).toBe(2);
  });
});
