import type { Order } from '@rr/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ShippingSection } from './order-sections.tsx';

const address = {
  name: 'Ravi Kulkarni',
  phone: '9822012345',
  address: '1 Example Road',
  city: 'Pune',
  postalCode: '411001',
  state: 'Maharashtra',
  country: 'India',
};
/** The parts of an order the shipping section reads. */
const orderWith = (shippingAddress: Order['shippingAddress']) =>
  ({
    shippingAddress,
    user: { _id: 'u1', name: 'Asha Verma', email: 'asha@example.in', phone: '9876543210' },
    isDelivered: false,
    deliveredAt: null,
    isCancelled: false,
  }) as unknown as Order;

describe('ShippingSection', () => {
  it('shows the business invoice’s name and GSTIN of an order that has them', () => {
    render(<ShippingSection order={orderWith({ ...address, gstin: '27AAPFU0939F1ZV', businessName: 'Verma Gems' })} />);
    expect(screen.getByText('Business invoice:').parentElement!.textContent).toBe(
      'Business invoice: Verma Gems, GSTIN 27AAPFU0939F1ZV',
    );
  });

  it('says nothing of a business invoice otherwise', () => {
    render(<ShippingSection order={orderWith(address)} />);
    expect(screen.queryByText(/Business invoice|GSTIN/)).toBeNull();
  });
});
