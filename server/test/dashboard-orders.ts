/** Orders written straight into the database at a given moment, for the dashboard's tests (the API always stamps "now"). */
import { DEFAULT_PAYMENT_METHOD } from '@rr/core';
import type { Database } from '../src/db/client.ts';
import { orderItems, orders } from '../src/db/schema/index.ts';

export interface DeskOrderOptions {
  /** false: paid online; Cash on Delivery otherwise. */
  cod?: boolean;
  cancelled?: boolean;
  /** One line of this product, `qty` units at the total / qty each. */
  productId?: string;
  qty?: number;
}

let serial = 0;
function orderValues(at: Date, totalPaise: number, options: DeskOrderOptions) {
  serial++;
  return {
    customerName: `Desk Buyer ${serial}`,
    customerEmail: `desk${serial}@example.in`,
    customerPhone: '9876543210',
    recipientName: `Desk Buyer ${serial}`,
    recipientPhone: '9876543210',
    address: '1 Example Road',
    city: 'Pune',
    postalCode: '411001',
    state: 'Maharashtra',
    paymentMethod: options.cod === false ? 'Razorpay' : DEFAULT_PAYMENT_METHOD,
    itemsPaise: totalPaise,
    shippingPaise: 0,
    taxPaise: 0,
    totalPaise,
    isCancelled: options.cancelled ?? false,
    createdAt: at,
  };
}

/** Many orders without lines in one statement (a thousand one by one takes half a minute on a busy machine). */
export async function deskOrdersAt(db: Database, list: Array<{ at: Date; totalPaise: number }>): Promise<string[]> {
  const rows = await db
    .insert(orders)
    .values(list.map(({ at, totalPaise }) => orderValues(at, totalPaise, {})))
    .returning({ id: orders.id });
  return rows.map((r) => r.id);
}

export async function deskOrderAt(db: Database, at: Date, totalPaise: number, options: DeskOrderOptions = {}) {
  const [row] = await db
    .insert(orders)
    .values(orderValues(at, totalPaise, options))
    .returning({ id: orders.id });
  if (options.productId) {
    await db.insert(orderItems).values({
      orderId: row!.id,
      productId: options.productId,
      name: 'Desk product',
      image: '/images/x.svg',
      pricePaise: Math.round(totalPaise / (options.qty ?? 1)),
      qty: options.qty ?? 1,
      gstBasisPoints: 0,
      taxablePaise: Math.round(totalPaise / (options.qty ?? 1)) * (options.qty ?? 1),
      taxPaise: 0,
    });
  }
  return row!.id;
}
