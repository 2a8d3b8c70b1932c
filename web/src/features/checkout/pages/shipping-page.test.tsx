import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonReply, renderInApp } from '../../../testing/render.tsx';
import { clearCheckout, shippingAddressStore } from '../checkout-store.ts';
import { ShippingPage } from './shipping-page.tsx';

const fetchMock = vi.fn<typeof fetch>();
const BUSINESS = 'Add GSTIN for a business invoice (optional)';

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  // The pincode lookup fills in the city and state.
  fetchMock.mockImplementation(async () => jsonReply({ city: 'Pune', state: 'Maharashtra' }));
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  clearCheckout();
});

async function fillAddress(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText("Recipient's Name"), 'Asha Verma');
  await user.type(screen.getByLabelText("Recipient's Phone"), '9876543210');
  await user.type(screen.getByLabelText('Address'), '1 Example Road');
  await user.type(screen.getByLabelText('Postal Code'), '411001');
  await screen.findByDisplayValue('Maharashtra');
}

describe('ShippingPage: a GSTIN for a business invoice', () => {
  it('keeps the GSTIN fields folded away, and sends no GSTIN when they are left empty', async () => {
    const user = userEvent.setup();
    renderInApp(<ShippingPage />, '/shipping');
    const fold = screen.getByText(BUSINESS).closest('details')!;
    expect(fold.open).toBe(false);
    await fillAddress(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(shippingAddressStore.get()).toEqual({
      name: 'Asha Verma',
      phone: '9876543210',
      address: '1 Example Road',
      city: 'Pune',
      postalCode: '411001',
      state: 'Maharashtra',
    });
  });

  it('refuses a GSTIN whose check character is wrong, under the field, and keeps a right one upper-cased', async () => {
    const user = userEvent.setup();
    renderInApp(<ShippingPage />, '/shipping');
    await fillAddress(user);
    await user.click(screen.getByText(BUSINESS));
    await user.type(screen.getByLabelText('GSTIN'), '27aapfu0939f1zw');
    await user.type(screen.getByLabelText('Business name'), 'Verma Gems');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('GSTIN has a wrong check character (a typing mistake?)')).toBeTruthy();
    expect(screen.getByLabelText('GSTIN').getAttribute('aria-invalid')).toBe('true');
    expect(shippingAddressStore.get()).toBeNull();

    await user.clear(screen.getByLabelText('GSTIN'));
    await user.type(screen.getByLabelText('GSTIN'), '27aapfu0939f1zv');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(shippingAddressStore.get()).toMatchObject({ gstin: '27AAPFU0939F1ZV', businessName: 'Verma Gems' });
  });

  it('asks for the GSTIN when only a business name is given', async () => {
    const user = userEvent.setup();
    renderInApp(<ShippingPage />, '/shipping');
    await fillAddress(user);
    await user.click(screen.getByText(BUSINESS));
    await user.type(screen.getByLabelText('Business name'), 'Verma Gems');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('GSTIN is required for a business invoice')).toBeTruthy();
    expect(shippingAddressStore.get()).toBeNull();
  });
});
