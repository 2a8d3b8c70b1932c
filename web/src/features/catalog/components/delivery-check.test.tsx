import type { PincodeAnswer } from '@rr/core';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deliveryPincodeStore } from '../../../lib/delivery-pincode.ts';
import { jsonReply, renderInApp } from '../../../testing/render.tsx';
import { DeliveryCheck } from './delivery-check.tsx';

const guwahati: PincodeAnswer = {
  pincode: '781001',
  city: 'Guwahati',
  division: 'Guwahati',
  district: 'Kamrup Metropolitan',
  state: 'Assam',
  cod: true,
  deliveryDays: { min: 5, max: 7 },
  deliverBy: { from: '2026-12-01', to: '2026-12-02' },
  zone: 'special',
};

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  deliveryPincodeStore.set('');
});

const pincodeBox = () => screen.getByLabelText<HTMLInputElement>('Deliver to');
function check(code: string) {
  fireEvent.input(pincodeBox(), { target: { value: code } });
  fireEvent.click(screen.getByRole('button', { name: 'Check' }));
}

describe('DeliveryCheck on the product page', () => {
  it('asks nothing until a pincode is checked, then says when, where and whether COD is taken', async () => {
    fetchMock.mockResolvedValue(jsonReply(guwahati));
    renderInApp(<DeliveryCheck />);
    expect(fetchMock).not.toHaveBeenCalled();

    check('781001');

    expect(await screen.findByText('Delivered between Tue, 1 Dec and Wed, 2 Dec')).toBeTruthy();
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/pincode/781001');
    expect(screen.getByText('to Guwahati, Kamrup Metropolitan, Assam')).toBeTruthy();
    expect(screen.getByText('Cash on Delivery available')).toBeTruthy();
    expect(deliveryPincodeStore.get()).toBe('781001');
  });

  it('says "Delivered by" for one date, and that COD is not taken where it is not', async () => {
    fetchMock.mockResolvedValue(
      jsonReply({ ...guwahati, cod: false, deliverBy: { from: '2026-12-02', to: '2026-12-02' } }),
    );
    renderInApp(<DeliveryCheck />);
    check('781001');

    expect(await screen.findByText('Delivered by Wed, 2 Dec')).toBeTruthy();
    expect(screen.getByText('Cash on Delivery not available here - pay online')).toBeTruthy();
  });

  it('fills in the pincode checked last', () => {
    deliveryPincodeStore.set('411001');
    renderInApp(<DeliveryCheck />);
    expect(pincodeBox().value).toBe('411001');
  });

  it('refuses a pincode of the wrong shape without asking the server', async () => {
    renderInApp(<DeliveryCheck />);
    check('7810');
    expect((await screen.findByRole('alert')).textContent).toBe('A pincode is 6 digits');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says so when the server does not know the pincode, and does not remember it', async () => {
    fetchMock.mockResolvedValue(jsonReply({ code: 'UNKNOWN_PINCODE', message: 'Unknown pincode' }, 404));
    renderInApp(<DeliveryCheck />);
    check('999999');
    expect((await screen.findByRole('alert')).textContent).toBe('We do not know this pincode');
    expect(deliveryPincodeStore.get()).toBe('');
  });
});
