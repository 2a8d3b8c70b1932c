/**
 * Test data that a test makes for itself, so no test leans on another's (or on the demo data's) rows.
 * Import as a namespace: `import * as make from './factories.ts'`, then `make.product(t, { stock: 3 })`.
 * Each takes the test app (or just the part it needs), so it works on any app a file starts.
 */
import type { PaymentOrder } from '@rr/core';
import { eq } from 'drizzle-orm';
import { orders, products, users } from '../src/db/schema/index.ts';
import { issueCreditNote } from '../src/modules/fulfilment/index.ts';
import { DEMO_ADMIN, bearer, signIn, uniquePhone, type TestApp } from './helpers.ts';

type WithApp = Pick<TestApp, 'app'>;
type WithDb = Pick<TestApp, 'db'>;

export const ADDRESS = { address: '1 Example Road', city: 'Pune', postalCode: '411001', state: 'Maharashtra' };

let skus = 0;
/** A SKU of its own (SKUs are unique across the shop): `base`, this process and a counter. */
export const sku = (base: string): string => `${base}-${process.pid}-${++skus}`;

export interface ProductSpec {
  /** Units in stock (default 10). */
  stock?: number;
  /** Price before GST in rupees, paise allowed (default ₹250). */
  price?: number;
  category?: 'rudraksha' | 'gems' | 'mala';
  name?: string;
  isDraft?: boolean;
  /** Any other columns (description, mukhi, origin, rating, createdAt, ...). */
  columns?: Partial<typeof products.$inferInsert>;
}

/** A product of the test's own, with the stock and price it needs; its id. */
export async function product(t: WithDb, spec: ProductSpec = {}): Promise<string> {
  const [row] = await t.db
    .insert(products)
    .values({
      name: spec.name ?? `Test bead ${Math.random()}`,
      image: '/images/x.svg',
      category: spec.category ?? 'rudraksha',
      pricePaise: Math.round((spec.price ?? 250) * 100),
      countInStock: spec.stock ?? 10,
      ...(spec.isDraft === undefined ? {} : { isDraft: spec.isDraft }),
      ...spec.columns,
    })
    .returning({ id: products.id });
  return row!.id;
}

/**
 * A newly registered customer, signed in: the reply of POST /api/users and the password. Their phone is
 * proven (as by a code) unless `phoneProven` is false: an unproven phone's Cash on Delivery orders wait
 * for a code (decision 0030), which only the tests of that wait want.
 */
let registered = 0;
export async function customer(
  t: WithApp,
  overrides: Record<string, unknown> = {},
  { phoneProven = true }: { phoneProven?: boolean } = {},
) {
  const phone = uniquePhone();
  // From a device of their own, as customers are, so an app with the request limits on takes them too.
  registered += 1;
  const payload = {
    name: 'Test Customer',
    email: `c${phone}@example.in`,
    phone,
    password: 'secret-pass-1',
    ...overrides,
  };
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/users',
    payload,
    remoteAddress: `10.9.${Math.floor(registered / 250) % 250}.${(registered % 250) + 1}`,
  });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  if (phoneProven) await t.app.db.update(users).set({ phoneVerifiedAt: new Date() }).where(eq(users.phone, phone));
  return {
    ...res.json<{ _id: string; token: string; phone: string; email: string }>(),
    password: payload.password as string,
  };
}
export type Customer = Awaited<ReturnType<typeof customer>>;

/** The demo admin (in every seeded test database), signed in. */
export const admin = (t: WithApp) => signIn(t.app, DEMO_ADMIN);

/** A Cash on Delivery order of `qty` units of one product, placed through the API (the reply as it came). */
export function codOrder(t: WithApp, token: string, productId: string, qty = 1, address: object = ADDRESS) {
  return codOrderOf(t, token, [{ product: productId, qty }], address);
}

/** A Cash on Delivery order of these lines (several products, a line's add-ons), as its customer places it. */
export function codOrderOf(t: WithApp, token: string, orderItems: object[], address: object = ADDRESS) {
  return t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: bearer(token),
    payload: { orderItems, shippingAddress: address, paymentMethod: 'Cash on Delivery' },
  });
}

/** Stock held for an online payment that has not been paid yet: the gateway order to pay. */
export async function paymentHold(
  t: WithApp,
  token: string,
  productId: string,
  qty = 1,
  address: object = ADDRESS,
): Promise<PaymentOrder> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/payments/razorpay/order',
    headers: bearer(token),
    payload: { orderItems: [{ product: productId, qty }], shippingAddress: address },
  });
  if (res.statusCode !== 201) throw new Error(`start payment: ${res.statusCode} ${res.body}`);
  return res.json();
}

export type PaymentResult = {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
};

/** Pays a gateway order in the sandbox gateway: what the browser would send to place the order. */
export async function sandboxPayment(t: WithApp, gatewayOrderId: string): Promise<PaymentResult> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/payments/sandbox/pay',
    payload: { razorpay_order_id: gatewayOrderId },
  });
  if (res.statusCode !== 200) throw new Error(`sandbox pay: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** A hold paid at the gateway but not yet turned into an order: the hold and the signed payment. */
export async function paidHold(t: WithApp, token: string, productId: string, qty = 1, address: object = ADDRESS) {
  const hold = await paymentHold(t, token, productId, qty, address);
  return { hold, payment: await sandboxPayment(t, hold.orderId) };
}

/**
 * A shipped (invoiced) order made cancelled with its credit note, as orders cancelled after dispatch
 * were before issue 23; the API no longer cancels a shipped order, and a parcel coming back or a return
 * (issue 21) is what will credit one.
 */
export async function creditedOrder(t: WithDb, orderId: string): Promise<void> {
  await t.db.transaction(async (tx) => {
    const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    const now = new Date();
    await tx.update(orders).set({ isCancelled: true, cancelledAt: now, updatedAt: now }).where(eq(orders.id, orderId));
    await issueCreditNote(tx, row!, now);
  });
}
