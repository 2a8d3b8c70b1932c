import { fireEvent, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hi } from '../../i18n/hi.ts';
import { LanguageProvider } from '../../i18n/index.tsx';
import { jsonReply, renderInApp } from '../../testing/render.tsx';
import { NewsletterForm } from './newsletter-form.tsx';

const THANKS = 'Thank you for subscribing! Watch your inbox for new arrivals and festival offers.';
const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation(() => Promise.resolve(jsonReply({ message: THANKS }, 201)));
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

async function subscribe(wrap: (ui: ReactNode) => ReactNode = (ui) => ui) {
  renderInApp(wrap(<NewsletterForm />));
  fireEvent.input(screen.getByRole('textbox'), { target: { value: 'asha@example.in' } });
  fireEvent.submit(screen.getByRole('textbox').closest('form')!);
  await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledOnce());
}

describe('the newsletter box', () => {
  it('thanks in the server’s words on an English page', async () => {
    await subscribe();
    expect(await screen.findByText(THANKS)).toBeTruthy();
  });

  it('thanks in Hindi on a Hindi page (issue 30)', async () => {
    await subscribe((ui) => (
      <LanguageProvider language="hi" texts={hi}>
        {ui}
      </LanguageProvider>
    ));
    expect(await screen.findByText(hi['newsletter.thanks'])).toBeTruthy();
    expect(screen.queryByText(THANKS)).toBeNull();
  });
});
