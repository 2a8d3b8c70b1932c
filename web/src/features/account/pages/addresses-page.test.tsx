import type { SavedAddress } from '@rr/core';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonReply, renderInApp } from '../../../testing/render.tsx';
import { AddressesPage } from './addresses-page.tsx';

// Issue 28: the account's saved addresses.

const HOME: SavedAddress = {
  _id: 'a1',
  label: 'Home',
  name: 'Asha Verma',
  phone: '9876543210',
  address: '12 MG Road',
  city: 'Pune',
  postalCode: '411001',
  state: 'Maharashtra',
  country: 'India',
  isDefault: true,
};
const OFFICE: SavedAddress = {
  ...HOME,
  _id: 'a2',
  label: 'Office',
  address: '4 Park Street',
  gstin: '27AAPFU0939F1ZV',
  businessName: 'Ratna Traders',
  isDefault: false,
};

const fetchMock = vi.fn<typeof fetch>();
let saved: SavedAddress[] = [];

beforeEach(() => {
  saved = [HOME, OFFICE];
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation(async (url, init) => {
    const path = String(url);
    if (path.startsWith('/api/pincode/')) return jsonReply({ city: 'Pune', state: 'Maharashtra' });
    if (init?.method === 'POST') return jsonReply({ ...HOME, _id: 'a3', isDefault: false }, 201);
    if (init?.method === 'PUT') return jsonReply({ ...OFFICE, isDefault: true });
    if (init?.method === 'DELETE') return jsonReply({ message: 'Address removed' });
    return jsonReply(saved);
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

const sent = (method: string) =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === method)
    .map(([url, init]) => [String(url), init?.body ? JSON.parse(String(init.body)) : undefined]);

describe('AddressesPage', () => {
  it('lists the saved addresses, the default marked, with a business’s GSTIN', async () => {
    renderInApp(<AddressesPage />, '/profile/addresses');
    const list = await screen.findByRole('list', { name: 'Saved addresses' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('strong')?.textContent)).toEqual(['Home', 'Office']);
    expect(within(items[0]!).getByText('Default')).toBeTruthy();
    expect(within(items[1]!).queryByText('Default')).toBeNull();
    expect(within(items[1]!).getByText('GSTIN 27AAPFU0939F1ZV · Ratna Traders')).toBeTruthy();
    // The default is already the default: nothing to make of it.
    expect(screen.queryByRole('button', { name: 'Make Home the default' })).toBeNull();
  });

  it('makes another address the default, and deletes one', async () => {
    const user = userEvent.setup();
    renderInApp(<AddressesPage />, '/profile/addresses');
    await user.click(await screen.findByRole('button', { name: 'Make Office the default' }));
    await vi.waitFor(() => expect(sent('PUT')).toEqual([['/api/users/addresses/a2', { isDefault: true }]]));
    await user.click(screen.getByRole('button', { name: 'Delete Home' }));
    await vi.waitFor(() => expect(sent('DELETE')).toEqual([['/api/users/addresses/a1', undefined]]));
  });

  it('adds an address, refusing a wrong GSTIN before anything is sent', async () => {
    saved = [];
    const user = userEvent.setup();
    renderInApp(<AddressesPage />, '/profile/addresses');
    expect(await screen.findByText(/No saved addresses yet/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add a new address' }));
    const form = screen.getByRole('form', { name: 'New address' });
    await user.type(within(form).getByLabelText('Label (optional)'), 'Parents');
    await user.type(within(form).getByLabelText("Recipient's Name"), 'Meera Verma');
    await user.type(within(form).getByLabelText("Recipient's Phone"), '9876543219');
    await user.type(within(form).getByLabelText('Address'), '9 Temple Lane');
    await user.type(within(form).getByLabelText('Postal Code'), '411001');
    await screen.findByDisplayValue('Maharashtra');
    await user.click(within(form).getByText('GSTIN for a business invoice (optional)'));
    await user.type(within(form).getByLabelText('GSTIN'), '27aapfu0939f1zw');
    await user.click(within(form).getByRole('button', { name: 'Save address' }));
    expect(await screen.findByText('GSTIN has a wrong check character (a typing mistake?)')).toBeTruthy();
    expect(sent('POST')).toEqual([]);

    await user.clear(within(form).getByLabelText('GSTIN'));
    await user.type(within(form).getByLabelText('GSTIN'), '27aapfu0939f1zv');
    await user.type(within(form).getByLabelText('Business name'), 'Verma Gems');
    await user.click(within(form).getByRole('checkbox', { name: 'Use as my default address' }));
    await user.click(within(form).getByRole('button', { name: 'Save address' }));
    await vi.waitFor(() =>
      expect(sent('POST')).toEqual([
        [
          '/api/users/addresses',
          {
            label: 'Parents',
            name: 'Meera Verma',
            phone: '9876543219',
            address: '9 Temple Lane',
            postalCode: '411001',
            city: 'Pune',
            state: 'Maharashtra',
            gstin: '27AAPFU0939F1ZV',
            businessName: 'Verma Gems',
            isDefault: true,
          },
        ],
      ]),
    );
    // Saved: the form closes.
    await vi.waitFor(() => expect(screen.queryByRole('form', { name: 'New address' })).toBeNull());
  });

  it('edits an address, taking off a GSTIN emptied', async () => {
    const user = userEvent.setup();
    renderInApp(<AddressesPage />, '/profile/addresses');
    await user.click(await screen.findByRole('button', { name: 'Edit Office' }));
    const form = screen.getByRole('form', { name: 'Edit address' });
    expect(within(form).getByLabelText<HTMLInputElement>('Address').value).toBe('4 Park Street');
    await user.clear(within(form).getByLabelText('GSTIN'));
    await user.clear(within(form).getByLabelText('Business name'));
    await user.click(within(form).getByRole('button', { name: 'Save address' }));
    await vi.waitFor(() => expect(sent('PUT')).toHaveLength(1));
    expect(sent('PUT')[0]).toEqual([
      '/api/users/addresses/a2',
      expect.objectContaining({ address: '4 Park Street', gstin: null, businessName: null }),
    ]);
  });
});
