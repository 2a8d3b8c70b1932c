import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hi } from '../../../i18n/hi.ts';
import { LanguageProvider } from '../../../i18n/index.tsx';
import { jsonReply, renderInApp } from '../../../testing/render.tsx';
import { clearCheckout, shippingAddressStore } from '../checkout-store.ts';
import { ShippingPage } from './shipping-page.tsx';

/** Issue 32: Continue with errors goes to the first field to fix; an empty pincode says it is required. */

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation(async () => jsonReply({ city: 'Pune', state: 'Maharashtra' }));
});
afterEach(() => {
  // jsdom has no scrollIntoView: a test that watches it puts one in.
  delete (Element.prototype as Partial<Element>).scrollIntoView;
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  clearCheckout();
});

describe('ShippingPage: Continue with errors', () => {
  it('focuses the first field to fix, in the form’s order, and scrolls it into view', async () => {
    const user = userEvent.setup();
    const scrolled: Element[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    renderInApp(<ShippingPage />, '/shipping');

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(document.activeElement).toBe(screen.getByLabelText("Recipient's Name"));
    // The field with its label is scrolled to, so the label shows below the header too.
    expect(scrolled.at(-1)?.textContent).toContain("Recipient's Name");

    await user.type(screen.getByLabelText("Recipient's Name"), 'Asha Verma');
    await user.type(screen.getByLabelText("Recipient's Phone"), '9876543210');
    await user.type(screen.getByLabelText('Address'), '1 Example Road');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    const pincode = screen.getByLabelText('Postal Code');
    expect(document.activeElement).toBe(pincode);
    expect(pincode.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Postal code is required')).toBeTruthy();
    expect(scrolled.at(-1)?.textContent).toContain('Postal Code');
    expect(shippingAddressStore.get()).toBeNull();
  });

  it('says an empty pincode is required, and a wrong one what a pincode is, in Hindi', async () => {
    const user = userEvent.setup();
    renderInApp(
      <LanguageProvider language="hi" texts={hi}>
        <ShippingPage />
      </LanguageProvider>,
      '/shipping',
    );
    await user.type(screen.getByLabelText('पता'), '1 Example Road');
    await user.click(screen.getByRole('button', { name: 'आगे बढ़ें' }));
    expect(screen.getByText('पिनकोड ज़रूरी है')).toBeTruthy();
    expect(screen.getByText('शहर ज़रूरी है')).toBeTruthy();
    expect(screen.getByText('राज्य ज़रूरी है')).toBeTruthy();
    expect(screen.queryByText('पता ज़रूरी है')).toBeNull();

    await user.type(screen.getByLabelText('पिनकोड'), '0123');
    await user.click(screen.getByRole('button', { name: 'आगे बढ़ें' }));
    expect(screen.getByText('पिनकोड 6 अंकों का होना चाहिए और 0 से शुरू नहीं होना चाहिए')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('पाने वाले का नाम'));
  });
});
