import type { Order } from '@rr/core';

export const ORDER_ID = '0b6f7c3e-5d2a-4c1b-9e8f-1a2b3c4d5e6f';

/** A placed Cash on Delivery order of two lines as the API answers it, with `changes` over it. */
export function testOrder(changes: Partial<Order> = {}): Order {
  const line = {
    qty: 1,
    image: '/images/sample.webp',
    price: 500,
    hsnCode: '7117',
    gstPercent: 18,
    taxPrice: 90,
    uqc: 'NOS',
    discount: 0,
    taxableValue: 500,
    variant: null,
    addOns: [],
    returnable: true,
  };
  return {
    _id: ORDER_ID,
    user: { _id: 'u1', name: 'Asha Verma', email: 'asha@example.in', phone: '9876543210' },
    orderItems: [
      { ...line, name: '5 Mukhi Rudraksha', product: 'p1', qty: 2, taxPrice: 180, taxableValue: 1000 },
      { ...line, name: 'Sphatik Mala', product: 'p2' },
    ],
    shippingAddress: {
      name: 'Asha Verma',
      phone: '9876543210',
      address: '12 Example Lane',
      city: 'Varanasi',
      postalCode: '221001',
      state: 'Uttar Pradesh',
      country: 'India',
    },
    paymentMethod: 'Cash on Delivery',
    itemsPrice: 1500,
    shippingPrice: 0,
    taxPrice: 270,
    discountPrice: 0,
    totalPrice: 1770,
    shippingGst: { gstPercent: 18, hsnCode: '7117', taxPrice: 0 },
    adjustments: [],
    coupon: null,
    codFee: null,
    isPaid: false,
    paidAt: null,
    isDelivered: false,
    deliveredAt: null,
    isCancelled: false,
    cancelledAt: null,
    razorpayOrderId: null,
    razorpayPaymentId: null,
    createdAt: '2026-11-20T05:00:00.000Z',
    status: 'placed',
    isShipped: false,
    shippedAt: null,
    shipment: null,
    tracking: null,
    invoiceNumber: null,
    creditNoteNumber: null,
    refund: null,
    confirmBy: null,
    refunds: [],
    storeCreditPaid: 0,
    ...changes,
  };
}

/** The same order delivered (cash collected) on 25 Nov 2026. */
export function deliveredOrder(changes: Parameters<typeof testOrder>[0] = {}) {
  return testOrder({
    status: 'delivered',
    isShipped: true,
    shippedAt: '2026-11-22T05:00:00.000Z',
    isDelivered: true,
    deliveredAt: '2026-11-25T05:00:00.000Z',
    isPaid: true,
    paidAt: '2026-11-25T05:00:00.000Z',
    invoiceNumber: 'INV/2026-27/0001',
    ...changes,
  });
}
