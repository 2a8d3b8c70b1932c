import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { en } from '../../../i18n/en.ts';
import { hi } from '../../../i18n/hi.ts';
import { LanguageProvider } from '../../../i18n/index.tsx';
import { LoginPage } from './login-page.tsx';

/** The login page as a session that ended sends people to it (sign-out.ts: the server's message as state). */
function signInAfterSessionEnded(language: 'en' | 'hi') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <LanguageProvider language={language} texts={language === 'hi' ? hi : en}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[{ pathname: '/login', state: { notice: 'Not authorized, token failed' } }]}>
          <LoginPage />
        </MemoryRouter>
      </QueryClientProvider>
    </LanguageProvider>,
  );
  return screen.getByRole('alert');
}

describe('the login page after a session ended', () => {
  it("says the server's words and ours in English", () => {
    const notice = signInAfterSessionEnded('en');
    expect(notice.textContent).toContain('Not authorized, token failed');
    expect(notice.textContent).toContain('Your session has ended. Please sign in again.');
  });

  it('says only its own words in Hindi, no English sentence above them', () => {
    const notice = signInAfterSessionEnded('hi');
    expect(notice.textContent).toContain('आपका सत्र समाप्त हो गया है। कृपया फिर से साइन इन करें।');
    expect(notice.textContent).not.toMatch(/Not authorized/);
  });
});
