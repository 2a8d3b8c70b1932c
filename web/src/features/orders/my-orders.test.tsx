import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hi } from '../../i18n/hi.ts';
import { LanguageProvider } from '../../i18n/index.tsx';
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
});
