import type { Order, OrderItem, OrderReturn, PartialRefund } from '@rr/core';

export const ORDER_ID = '0b6f7c3e-5d2a-4c1b-9e8f-1a2b3c4d5e6f';

function item(over: Partial<OrderItem> & Pick<OrderItem, 'name' | 'product' | 'qty' | 'price'>): OrderItem {
  return {
    image: '/images/sample.jpg',
    hsnCode: '7117',
    gstPercent: 3,
    taxPrice: 0,
    uqc: 'NOS',
    discount: 0,
    taxableValue: over.price * over.qty,
    variant: null,
    addOns: [],
    returnable: true,
    ...over,
  };
}

/**
 * A delivered Cash on Delivery order, its cash collected: two 5 Mukhi beads (₹100 off them) and a mala,
 * GST 3% on top, shipping ₹100 + ₹3 GST; ₹2,575 in all.
 */
export const deliveredOrder: Order = {
  _id: ORDER_ID,
  user: { _id: 'u1', name: 'Asha Rao', email: 'asha@example.com', phone: '9876543210' },
  orderItems: [
    item({
      name: '5 Mukhi Rudraksha',
      product: 'p-bead',
      qty: 2,
      price: 1000,
      discount: 100,
      taxableValue: 1900,
      taxPrice: 57,
      variant: { _id: 'v-20', name: '20 mm' },
    }),
    item({ name: 'Tulsi Mala', product: 'p-mala', qty: 1, price: 500, taxPrice: 15 }),
  ],
  shippingAddress: {
    name: 'Asha Rao',
    phone: '9876543210',
    address: '12 MG Road',
    city: 'Pune',
    postalCode: '411001',
    state: 'Maharashtra',
    country: 'India',
  },
  paymentMethod: 'Cash on Delivery',
  itemsPrice: 2500,
  shippingPrice: 100,
  taxPrice: 75,
  discountPrice: 100,
  totalPrice: 2575,
  shippingGst: { gstPercent: 3, hsnCode: '7117', taxPrice: 3 },
  adjustments: [],
  coupon: null,
  codFee: null,
  isPaid: true,
  paidAt: '2026-11-20T06:00:00.000Z',
  isDelivered: true,
  deliveredAt: '2026-11-20T06:00:00.000Z',
  isCancelled: false,
  cancelledAt: null,
  razorpayOrderId: null,
  razorpayPaymentId: null,
  createdAt: '2026-11-18T06:00:00.000Z',
  status: 'delivered',
  isShipped: true,
  shippedAt: '2026-11-19T06:00:00.000Z',
  shipment: null,
  tracking: null,
  invoiceNumber: 'RR/2026-27/0042',
  creditNoteNumber: null,
  refund: null,
  confirmBy: null,
  refunds: [],
  storeCreditPaid: 0,
};

export function partialRefund(over: Partial<PartialRefund> = {}): PartialRefund {
  return {
    _id: 'r1',
    lines: [{ product: 'p-bead', variant: 'v-20', name: '5 Mukhi Rudraksha', qty: 1 }],
    itemsAmount: 978.5,
    shippingAmount: 40.78,
    taxPrice: 30.69,
    amount: 1019.28,
    method: 'store_credit',
    gatewayAmount: 0,
    storeCreditAmount: 1019.28,
    status: 'processed',
    error: null,
    transferReference: null,
    creditNoteNumber: 'RR/CN/2026-27/0007',
    createdAt: '2026-11-22T06:00:00.000Z',
    ...over,
  };
}

export function orderReturn(over: Partial<OrderReturn> = {}): OrderReturn {
  return {
    _id: 'ret-1',
    order: ORDER_ID,
    orderNumber: '3C4D5E6F',
    customer: { name: 'Asha Rao', phone: '9876543210' },
    status: 'requested',
    resolution: 'refund',
    lines: [{ product: 'p-bead', variant: 'v-20', name: '5 Mukhi Rudraksha (20 mm)', qty: 1 }],
    reason: 'The bead arrived cracked.',
    photos: ['/uploads/crack-1.jpg', '/uploads/crack-2.jpg'],
    videoUrl: 'https://example.com/unboxing',
    ownerNote: null,
    customerNote: null,
    pickup: null,
    refund: null,
    replacement: null,
    createdAt: '2026-11-21T06:00:00.000Z',
    updatedAt: '2026-11-21T06:00:00.000Z',
    ...over,
  };
}
