import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hi } from '../../../i18n/hi.ts';
import { LanguageProvider } from '../../../i18n/index.tsx';
import { jsonReply, renderInApp } from '../../../testing/render.tsx';
import { clearCheckout, shippingAddressStore } from '../checkout-store.ts';
import { ShippingPage } from './shipping-page.tsx';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation(async () => jsonReply({ city: 'Pune', state: 'Maharashtra' }));
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  clearCheckout();
});

describe('ShippingPage in Hindi (issue 30)', () => {
  it('labels the address form in Hindi and says its own checks in Hindi', async () => {
    const user = userEvent.setup();
    renderInApp(
      <LanguageProvider language="hi" texts={hi}>
        <ShippingPage />
      </LanguageProvider>,
      '/shipping',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'शिपिंग' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'चेकआउट के चरण' }).textContent).toContain('भुगतान');
    expect(screen.getByText('व्यावसायिक बिल के लिए GSTIN जोड़ें (वैकल्पिक)')).toBeTruthy();
    expect(screen.getByText('हम केवल भारत में डिलीवरी करते हैं।')).toBeTruthy();
    expect(document.title).toBe('शिपिंग | रुद्राक्ष रत्न');

    await user.type(screen.getByLabelText('पता'), '1 Example Road');
    await user.type(screen.getByLabelText('पिनकोड'), '411001');
    await screen.findByDisplayValue('Maharashtra');
    await user.click(screen.getByRole('button', { name: 'आगे बढ़ें' }));
    expect(await screen.findByText('नाम ज़रूरी है')).toBeTruthy();
    expect(screen.getByText('फ़ोन नंबर ज़रूरी है')).toBeTruthy();
    expect(shippingAddressStore.get()).toBeNull();
  });
});
