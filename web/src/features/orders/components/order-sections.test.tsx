import type { Order } from '@rr/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testOrder } from '../../../testing/order.ts';
import { CancelledNotice, ShippingSection } from './order-sections.tsx';

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

describe('CancelledNotice (issue 28)', () => {
  const cancelled = { status: 'cancelled', isCancelled: true, cancelledAt: '2026-11-27T05:00:00.000Z' } as const;

  it('gives back the store credit of an order it paid wholly, with no cash refund of nothing', () => {
    const order = testOrder({ ...cancelled, paymentMethod: 'Store credit', isPaid: true, storeCreditPaid: 1770 });
    render(<CancelledNotice order={order} isAdmin={false} />);
    const text = screen.getByRole('alert').textContent;
    expect(text).toContain('The ₹1,770.00 of store credit used went back to your account.');
    expect(text).not.toContain('A refund of');
  });

  it('owes the cash part of a Cash on Delivery order paid partly with credit', () => {
    const order = testOrder({ ...cancelled, isPaid: true, storeCreditPaid: 770 });
    render(<CancelledNotice order={order} isAdmin />);
    expect(screen.getByRole('alert').textContent).toContain(
      'A refund of ₹1,000.00 is due: the cash has to be paid back to the customer. The ₹770.00 of store credit used went back to the customer.',
    );
  });
});
