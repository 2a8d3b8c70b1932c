import type { User } from '@rr/core';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hi } from '../../../i18n/hi.ts';
import { LanguageProvider } from '../../../i18n/index.tsx';
import { jsonReply, renderInApp } from '../../../testing/render.tsx';
import { LanguageSetting } from '../components/language-setting.tsx';
import { OrderEmailsSetting } from '../components/order-emails-setting.tsx';
import { StoreCredit } from '../components/store-credit.tsx';
import { UserProfile } from '../components/user-profile.tsx';
import { WhatsappSetting } from '../components/whatsapp-setting.tsx';
import { AddressesPage } from './addresses-page.tsx';

const fetchMock = vi.fn<typeof fetch>();
const inHindi = (ui: ReactNode) => (
  <LanguageProvider language="hi" texts={hi}>
    {ui}
  </LanguageProvider>
);

/** The server's refusals as it words them (plugins/errors.ts, app.ts's rate limit, accounts/service.ts). */
const busy = { message: 'The shop is busy just now. Please try again in a moment.', code: 'OVERLOADED' };
const tooMany = () =>
  jsonReply({ message: 'Too many requests. Please try again in 9 minutes.', code: 'RATE_LIMITED' }, 429, {
    'retry-after': '540',
  });

const profile: User = {
  _id: 'u1',
  name: 'Asha Verma',
  email: 'asha@example.com',
  phone: '9876543210',
  isAdmin: false,
  role: null,
  createdAt: '2026-11-01T05:00:00.000Z',
  orderEmails: true,
  phoneVerified: true,
  whatsappOptIn: false,
  storeCredit: 0,
  language: 'hi',
};

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe('the account pages’ refusals in Hindi (issue 30)', () => {
  const wait = 'बहुत सारे अनुरोध आए। कृपया 9 मिनट बाद कोशिश करें।';
  const shopBusy = 'दुकान अभी व्यस्त है। कृपया थोड़ी देर बाद कोशिश करें।';

  it.each([
    ['order e-mails', () => <OrderEmailsSetting enabled />, () => screen.getByRole('checkbox')],
    ['WhatsApp', () => <WhatsappSetting enabled={false} />, () => screen.getByRole('checkbox')],
    ['language', () => <LanguageSetting language="en" />, () => screen.getByRole('radio', { name: 'हिन्दी' })],
  ])('says a refused %s choice in Hindi, with the wait', async (_setting, setting, control) => {
    fetchMock.mockImplementation(async (input) =>
      String(input) === '/api/config/contact' ? jsonReply({ whatsappNumber: null }) : tooMany(),
    );
    renderInApp(inHindi(setting()), '/profile');
    await userEvent.click(control());
    expect((await screen.findByRole('alert')).textContent).toBe(wait);
  });

  it('says in Hindi that the store credit could not be read', async () => {
    fetchMock.mockImplementation(async () => jsonReply(busy, 503));
    renderInApp(inHindi(<StoreCredit />), '/profile');
    expect((await screen.findByRole('alert')).textContent).toBe(shopBusy);
  });

  it('says in Hindi that the profile could not be read', async () => {
    fetchMock.mockImplementation(async (input) =>
      String(input) === '/api/users/store-credit' ? jsonReply({ balance: 0, entries: [] }) : jsonReply(busy, 503),
    );
    renderInApp(inHindi(<UserProfile />), '/profile');
    expect((await screen.findByRole('alert')).textContent).toBe(shopBusy);
  });

  it('says in Hindi that the saved addresses could not be read', async () => {
    fetchMock.mockImplementation(async () => jsonReply(busy, 503));
    renderInApp(inHindi(<AddressesPage />), '/profile/addresses');
    expect((await screen.findByRole('alert')).textContent).toBe(shopBusy);
  });

  it('says a wrong current password in Hindi under its field; the English page says the server’s words', async () => {
    const user = userEvent.setup();
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url === '/api/users/profile' && (init?.method ?? 'GET') === 'PUT')
        return jsonReply(
          { message: 'currentPassword: the current password is not correct.', code: 'CURRENT_PASSWORD_WRONG' },
          400,
        );
      if (url === '/api/users/profile') return jsonReply(profile);
      if (url === '/api/users/store-credit') return jsonReply({ balance: 0, entries: [] });
      return jsonReply({ whatsappNumber: null });
    });
    const change = async (current: string, password: string, confirm: string, update: string) => {
      await user.type(await screen.findByLabelText(current), 'old-password-1');
      await user.type(screen.getByLabelText(password), 'new-password-1');
      await user.type(screen.getByLabelText(confirm), 'new-password-1');
      await user.click(screen.getByRole('button', { name: update }));
    };

    const hindi = renderInApp(inHindi(<UserProfile />), '/profile');
    await change('मौजूदा पासवर्ड', 'पासवर्ड', 'पासवर्ड की पुष्टि करें', 'अपडेट करें');
    const field = screen.getByLabelText('मौजूदा पासवर्ड');
    await vi.waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(within(field.closest('div')!).getByText('मौजूदा पासवर्ड सही नहीं है।')).toBeTruthy();
    hindi.unmount();

    renderInApp(<UserProfile />, '/profile');
    await change('Current Password', 'Password', 'Confirm Password', 'Update');
    expect(await screen.findByText('The current password is not correct.')).toBeTruthy();
  });
});
