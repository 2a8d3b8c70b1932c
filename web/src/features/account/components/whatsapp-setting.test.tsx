import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonReply, renderInApp } from '../../../testing/render.tsx';
import { WhatsappSetting, displayWhatsappNumber } from './whatsapp-setting.tsx';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

/** Answers the contact route with `number`, and the profile update as the server does. */
function answer(number: string | null) {
  fetchMock.mockImplementation((input) =>
    Promise.resolve(
      String(input) === '/api/config/contact'
        ? jsonReply({ whatsappNumber: number })
        : jsonReply({ _id: 'u1', name: 'A', email: 'a@example.in', phone: '9876543210', isAdmin: false, token: 't' }),
    ),
  );
}
const checkbox = () => screen.getByRole<HTMLInputElement>('checkbox', { name: 'Order updates on WhatsApp' });

describe('the WhatsApp setting on the profile', () => {
  it("shows the shop's number and turns order updates on WhatsApp on", async () => {
    answer('919812345678');
    renderInApp(<WhatsappSetting enabled={false} />);
    expect(checkbox().checked).toBe(false);
    await screen.findByText(/our WhatsApp number \+91\s98123\s45678/);

    fireEvent.click(checkbox());
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    const [url, init] = fetchMock.mock.calls[1]!;
    expect(url).toBe('/api/users/profile');
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(String(init?.body))).toEqual({ whatsappOptIn: true });
  });

  it('turns them off, and reads without a number when the shop has none', async () => {
    answer(null);
    renderInApp(<WhatsappSetting enabled />);
    expect(checkbox().checked).toBe(true);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(screen.getByText(/news on WhatsApp, besides the text messages/)).toBeTruthy();
    fireEvent.click(checkbox());
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(JSON.parse(String(fetchMock.mock.calls[1]![1]?.body))).toEqual({ whatsappOptIn: false });
  });

  it('writes the number as people read it', () => {
    expect(displayWhatsappNumber('919999900000')).toBe('+91 99999 00000');
    expect(displayWhatsappNumber('4915123456789')).toBe('+4915123456789');
  });
});
