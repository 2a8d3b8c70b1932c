import type { SavedAddress } from '@rr/core';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonReply, renderInApp } from '../../../testing/render.tsx';
import type * as account from '../../account/index.ts';
import { clearCheckout, shippingAddressStore } from '../checkout-store.ts';
import { ShippingPage } from './shipping-page.tsx';

// Issue 28: a signed-in customer's saved addresses on the shipping step.

vi.mock('../../account/index.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof account>()),
  useUserInfo: () => ({
    _id: 'u1',
    name: 'Asha Verma',
    email: 'asha@example.in',
    phone: '9876543210',
    isAdmin: false,
    token: 't',
  }),
}));

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
  _id: 'a2',
  label: 'Office',
  name: 'Ravi Kumar',
  phone: '9876543211',
  address: '4 Park Street',
  city: 'Kolkata',
  postalCode: '700016',
  state: 'West Bengal',
  country: 'India',
  gstin: '27AAPFU0939F1ZV',
  businessName: 'Ratna Traders',
  isDefault: false,
};

const fetchMock = vi.fn<typeof fetch>();
let saved: SavedAddress[] = [];

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation(async (url, init) => {
    if (String(url) !== '/api/users/addresses') return jsonReply({ city: 'Pune', state: 'Maharashtra' });
    if (init?.method === 'POST') return jsonReply({ ...JSON.parse(String(init.body)), _id: 'a9' }, 201);
    return jsonReply(saved);
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  clearCheckout();
  saved = [];
});

const posts = () =>
  fetchMock.mock.calls
    .filter(([url, init]) => String(url) === '/api/users/addresses' && init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init!.body)) as object);
const radio = (name: RegExp) => screen.getByRole<HTMLInputElement>('radio', { name });

async function fillAddress(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Address'), '7 Lake Road');
  await user.type(screen.getByLabelText('Postal Code'), '411001');
  await screen.findByDisplayValue('Maharashtra');
}

describe('ShippingPage with saved addresses', () => {
  it('preselects the default and ships to it without the form', async () => {
    saved = [HOME, OFFICE];
    const user = userEvent.setup();
    renderInApp(<ShippingPage />, '/shipping');
    expect((await screen.findByRole<HTMLInputElement>('radio', { name: /Home/ })).checked).toBe(true);
    expect(radio(/Office/).checked).toBe(false);
    expect(radio(/Add a new address/).checked).toBe(false);
    expect(screen.queryByLabelText('Address')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(shippingAddressStore.get()).toEqual({
      name: 'Asha Verma',
      phone: '9876543210',
      address: '12 MG Road',
      city: 'Pune',
      postalCode: '411001',
      state: 'Maharashtra',
    });
    expect(posts()).toEqual([]);
  });

  it('ships to another saved address picked, with its GSTIN and business name', async () => {
    saved = [HOME, OFFICE];
    const user = userEvent.setup();
    renderInApp(<ShippingPage />, '/shipping');
    await user.click(await screen.findByRole('radio', { name: /Office/ }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(shippingAddressStore.get()).toEqual({
      name: 'Ravi Kumar',
      phone: '9876543211',
      address: '4 Park Street',
      city: 'Kolkata',
      postalCode: '700016',
      state: 'West Bengal',
      gstin: '27AAPFU0939F1ZV',
      businessName: 'Ratna Traders',
    });
  });

  it('picks the saved address this browser last shipped to', async () => {
    saved = [HOME, OFFICE];
    shippingAddressStore.set({
      name: 'Ravi Kumar',
      phone: '9876543211',
      address: '4 Park Street',
      city: 'Kolkata',
      postalCode: '700016',
      state: 'West Bengal',
      gstin: '27AAPFU0939F1ZV',
      businessName: 'Ratna Traders',
    });
    renderInApp(<ShippingPage />, '/shipping');
    expect((await screen.findByRole<HTMLInputElement>('radio', { name: /Office/ })).checked).toBe(true);
  });

  it('offers the form for a new address, saving it to the account only when ticked', async () => {
    saved = [HOME];
    const user = userEvent.setup();
    renderInApp(<ShippingPage />, '/shipping');
    await user.click(await screen.findByRole('radio', { name: /Add a new address/ }));
    // A fresh form for the account holder, not the default's lines.
    expect(screen.getByLabelText<HTMLInputElement>('Address').value).toBe('');
    expect(screen.getByLabelText<HTMLInputElement>("Recipient's Name").value).toBe('Asha Verma');
    const saveBox = screen.getByRole<HTMLInputElement>('checkbox', { name: 'Save this address to my account' });
    expect(saveBox.checked).toBe(false);
    await fillAddress(user);
    await user.click(saveBox);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await vi.waitFor(() => expect(shippingAddressStore.get()).toMatchObject({ address: '7 Lake Road' }));
    expect(posts()).toEqual([
      {
        name: 'Asha Verma',
        phone: '9876543210',
        address: '7 Lake Road',
        city: 'Pune',
        postalCode: '411001',
        state: 'Maharashtra',
      },
    ]);
  });

  it('ticks "Save this address" for a customer with none saved, and can be left unticked', async () => {
    const user = userEvent.setup();
    renderInApp(<ShippingPage />, '/shipping');
    const saveBox = await screen.findByRole<HTMLInputElement>('checkbox', { name: 'Save this address to my account' });
    expect(saveBox.checked).toBe(true);
    expect(screen.queryByRole('radio')).toBeNull();
    await fillAddress(user);
    await user.click(saveBox);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(shippingAddressStore.get()).toMatchObject({ address: '7 Lake Road' });
    expect(posts()).toEqual([]);
  });

  it('stays on the step, saying why, when the account refuses the address', async () => {
    fetchMock.mockImplementation(async (url, init) => {
      if (String(url) !== '/api/users/addresses') return jsonReply({ city: 'Pune', state: 'Maharashtra' });
      if (init?.method === 'POST')
        return jsonReply({ message: 'You can keep at most 10 addresses', code: 'ADDRESS_LIMIT' }, 409);
      return jsonReply([]);
    });
    const user = userEvent.setup();
    renderInApp(<ShippingPage />, '/shipping');
    await screen.findByRole('checkbox', { name: 'Save this address to my account' });
    await fillAddress(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('You can keep at most 10 addresses')).toBeTruthy();
    expect(shippingAddressStore.get()).toBeNull();
  });
});
