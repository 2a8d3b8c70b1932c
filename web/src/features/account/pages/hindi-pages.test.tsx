import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hi } from '../../../i18n/hi.ts';
import { LanguageProvider } from '../../../i18n/index.tsx';
import { jsonReply, renderInApp } from '../../../testing/render.tsx';
import { LanguageSetting } from '../components/language-setting.tsx';
import { signOut } from '../session-store.ts';
import { LoginPage } from './login-page.tsx';
import { RegisterPage } from './register-page.tsx';

const fetchMock = vi.fn<typeof fetch>();
const inHindi = (ui: ReactNode) => (
  <LanguageProvider language="hi" texts={hi}>
    {ui}
  </LanguageProvider>
);

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  signOut();
});

describe('the account pages in Hindi (issue 30)', () => {
  it('asks for the phone and password in Hindi on /hi/login', () => {
    renderInApp(inHindi(<LoginPage />), '/login');
    expect(screen.getByRole('heading', { level: 1, name: 'साइन इन करें' })).toBeTruthy();
    expect(screen.getByLabelText('फ़ोन नंबर')).toHaveProperty('placeholder', '10 अंकों का मोबाइल नंबर');
    expect(screen.getByLabelText('पासवर्ड')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'वन-टाइम कोड से साइन इन करें' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'रजिस्टर करें' })).toBeTruthy();
    expect(document.title).toBe('साइन इन | रुद्राक्ष रत्न');
  });

  it('says a refused sign-in in Hindi by its code; the English page says the server’s words', async () => {
    const user = userEvent.setup();
    const refused = () => jsonReply({ message: 'Invalid phone number or password', code: 'BAD_CREDENTIALS' }, 401);
    const signIn = async () => {
      await user.type(screen.getByLabelText(/फ़ोन नंबर|Phone Number/), '9876543210');
      await user.type(screen.getByLabelText(/पासवर्ड|Password/), 'wrong-password-1');
      await user.click(screen.getByRole('button', { name: /साइन इन करें|Sign In/ }));
    };
    fetchMock.mockImplementation(async () => refused());
    const hindi = renderInApp(inHindi(<LoginPage />), '/login');
    await signIn();
    expect((await screen.findByRole('alert')).textContent).toBe('फ़ोन नंबर या पासवर्ड गलत है');
    hindi.unmount();

    renderInApp(<LoginPage />, '/login');
    await signIn();
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid phone number or password');
  });

  it('keeps the English page as it was', () => {
    renderInApp(<LoginPage />, '/login');
    expect(screen.getByRole('heading', { level: 1, name: 'Sign In' })).toBeTruthy();
    expect(screen.getByLabelText('Phone Number')).toHaveProperty('placeholder', '10-digit mobile number');
    expect(document.title).toBe('Sign In | Rudraksha Ratna');
  });

  it('registers an account from a Hindi page with language hi, and says a password mismatch in Hindi', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValue(
      jsonReply({ _id: 'u1', name: 'आशा', email: 'asha@example.com', phone: '9876543210', isAdmin: false }),
    );
    renderInApp(inHindi(<RegisterPage />), '/register');
    await user.type(screen.getByLabelText('नाम'), 'आशा');
    await user.type(screen.getByLabelText('ईमेल पता'), 'asha@example.com');
    await user.type(screen.getByLabelText('फ़ोन नंबर'), '9876543210');
    await user.type(screen.getByLabelText('पासवर्ड'), 'long-enough-1');
    await user.type(screen.getByLabelText('पासवर्ड की पुष्टि करें'), 'long-enough-2');
    await user.click(screen.getByRole('button', { name: 'रजिस्टर करें' }));
    expect(await screen.findByText('दोनों पासवर्ड मेल नहीं खाते')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText('पासवर्ड की पुष्टि करें'));
    await user.type(screen.getByLabelText('पासवर्ड की पुष्टि करें'), 'long-enough-1');
    await user.click(screen.getByRole('button', { name: 'रजिस्टर करें' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe('/api/users');
    expect(JSON.parse(String(init?.body))).toMatchObject({ phone: '9876543210', language: 'hi' });
  });

  it('saves the language of messages with PUT /api/users/profile', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValue(jsonReply({ _id: 'u1', name: 'Asha', language: 'hi' }));
    renderInApp(inHindi(<LanguageSetting language="en" />), '/profile');
    expect(screen.getByRole('group', { name: 'Language of messages / संदेशों की भाषा' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'English' })).toHaveProperty('checked', true);
    await user.click(screen.getByRole('radio', { name: 'हिन्दी' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0]!;
    expect([String(url), init?.method, JSON.parse(String(init?.body))]).toEqual([
      '/api/users/profile',
      'PUT',
      { language: 'hi' },
    ]);
    expect(screen.getByRole('radio', { name: 'हिन्दी' })).toHaveProperty('checked', true);
  });
});
