/**
 * Issue 30: an order line keeps its variant's and add-ons' Hindi names as they were when it was bought
 * (order_items.variant_name_hi, and name_hi on an add-on's line: migration 0044), for the Hindi order
 * page, the Hindi customer's messages and the invoice; English where one had none.
 */
import { product as productSchema, type Order } from '@rr/core';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, outboxMessages, productAddOns, productVariants } from '../src/db/schema/index.ts';
import { DomainError } from '../src/domain-error.ts';
import { invoiceOf } from '../src/modules/fulfilment/index.ts';
import { takeCart } from '../src/modules/stock/index.ts';
import { bearer, createTestApp, type TestApp } from './helpers.ts';
import * as make from './factories.ts';

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp();
  adminToken = (await make.admin(t)).token;
});
afterAll(async () => {
  await t?.close();
});

const { sku } = make;

/** A product with Hindi names, sold in two variants (one with a Hindi name) and two add-ons (likewise). */
async function beadInHindi() {
  const name = `Nepal 5 Mukhi ${Math.random()}`;
  const id = await make.product(t, { name, columns: { nameHi: 'पंचमुखी' } });
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/products/${id}`,
    headers: bearer(adminToken),
    payload: {
      variants: [
        { name: '20 mm', nameHi: '20 मिमी', sku: sku('HI-20'), price: 600, countInStock: 5, isDefault: true },
        { name: '22 mm', sku: sku('HI-22'), price: 900, countInStock: 5 },
      ],
      addOns: [
        { name: 'Silver capping', nameHi: 'चाँदी की कैपिंग', price: 350 },
        { name: 'Gift box', price: 50 },
      ],
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  const product = productSchema.parse(res.json());
  const [twenty, twentyTwo] = product.variants;
  const [capping, box] = product.addOns;
  return { id, name, twenty: twenty!, twentyTwo: twentyTwo!, capping: capping!, box: box! };
}

type Bead = Awaited<ReturnType<typeof beadInHindi>>;

/**
 * A Hindi customer's Cash on Delivery order of the bead: 20 mm with both add-ons, and 22 mm alone. Answers
 * the order's id, with the buyer.
 */
async function orderOfBoth(bead: Bead) {
  const buyer = await make.customer(t, { language: 'hi' });
  const res = await make.codOrderOf(t, buyer.token, [
    { product: bead.id, qty: 1, variant: bead.twenty._id, addOns: [{ _id: bead.capping._id }, { _id: bead.box._id }] },
    { product: bead.id, qty: 1, variant: bead.twentyTwo._id },
  ]);
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json<Order>()._id, buyer };
}

const placedEmail = async (orderId: string, email: string) =>
  (
    await t.db
      .select()
      .from(outboxMessages)
      .where(like(outboxMessages.idempotencyKey, `order:${orderId}:order_placed%`))
  ).find((m) => m.channel === 'email' && m.recipient === email)!;

describe('a refusal for stock in Hindi', () => {
  it('names the line in Hindi beside English: the product and its variant, English where one has no Hindi name', async () => {
    const bead = await beadInHindi();
    const buyer = await make.customer(t);
    const order = (variant: string, qty: number) =>
      make.codOrderOf(t, buyer.token, [{ product: bead.id, qty, variant }]);
    const short = await order(bead.twenty._id, 6);
    expect(short.statusCode).toBe(409);
    expect(short.json()).toEqual({
      code: 'NOT_ENOUGH_STOCK',
      message: `Only 5 of ${bead.name} (20 mm) left in stock.`,
      details: { count: 5, product: `${bead.name} (20 mm)`, productHi: 'पंचमुखी (20 मिमी)' },
    });
    await t.db.update(productVariants).set({ countInStock: 0 }).where(eq(productVariants.id, bead.twentyTwo._id));
    const out = await order(bead.twentyTwo._id, 1);
    expect(out.json()).toEqual({
      code: 'OUT_OF_STOCK',
      message: `${bead.name} (22 mm) is out of stock.`,
      details: { product: `${bead.name} (22 mm)`, productHi: 'पंचमुखी (22 mm)' },
    });
  });
});

describe('a product sold out while ordering (SOLD_OUT)', () => {
  it('sends its name, and its Hindi name where it has one, beside the English message', async () => {
    const name = `Neelam ${Math.random()}`;
    const id = await make.product(t, { name, stock: 1, columns: { nameHi: 'नीलम' } });
    const take = (nameHi: string | null) =>
      t.db.transaction((tx) => takeCart(tx, [{ productId: id, name, nameHi, qty: 2 }], { reason: 'order' }));
    const refused = await take('नीलम').catch((error: unknown) => error);
    expect(refused).toMatchObject({
      code: 'SOLD_OUT',
      message: `${name} sold out while you were ordering.`,
      options: { details: { product: name, productHi: 'नीलम' } },
    });
    expect(refused).toBeInstanceOf(DomainError);
    const plain = (await take(null).catch((error: unknown) => error)) as DomainError;
    expect(plain.options.details).toEqual({ product: name });
  });
});

describe("an order line's variant and add-ons in Hindi", () => {
  it('keep the Hindi names they were bought with, and none where they had none', async () => {
    const bead = await beadInHindi();
    const { id, buyer } = await orderOfBoth(bead);
    // Renamed later: the order keeps what they were bought as.
    await t.db.update(productVariants).set({ nameHi: 'नया' }).where(eq(productVariants.id, bead.twenty._id));
    await t.db.update(productAddOns).set({ nameHi: 'नया' }).where(eq(productAddOns.id, bead.capping._id));

    const order = (await t.app.inject({ url: `/api/orders/${id}`, headers: bearer(buyer.token) })).json<Order>();
    const byVariant = new Map(order.orderItems.map((line) => [line.variant?._id, line]));
    const twenty = byVariant.get(bead.twenty._id)!;
    expect(twenty.variant).toEqual({ _id: bead.twenty._id, name: '20 mm', nameHi: '20 मिमी' });
    expect(twenty.addOns.map((a) => [a.name, a.nameHi])).toEqual([
      ['Silver capping', 'चाँदी की कैपिंग'],
      ['Gift box', undefined],
    ]);
    expect(byVariant.get(bead.twentyTwo._id)!.variant).toEqual({ _id: bead.twentyTwo._id, name: '22 mm' });
  });

  it("are in a Hindi customer's order e-mail, English where there is no Hindi name", async () => {
    const bead = await beadInHindi();
    const { id, buyer } = await orderOfBoth(bead);
    const text = (await placedEmail(id, buyer.email)).text;
    expect(text).toContain('पंचमुखी — 20 मिमी');
    expect(text).toContain('चाँदी की कैपिंग');
    expect(text).toContain('Gift box');
    expect(text).toContain('पंचमुखी — 22 mm');
    expect(text).not.toContain('20 mm');
    expect(text).not.toContain('Silver capping');
  });

  it('are written on the invoice after the English ones', async () => {
    const bead = await beadInHindi();
    const { id } = await orderOfBoth(bead);
    const shipped = await t.app.inject({
      method: 'PUT',
      url: `/api/orders/${id}/ship`,
      headers: bearer(adminToken),
      payload: { courier: 'India Post', trackingNumber: 'EE123456789IN' },
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, id));
    const descriptions = (await invoiceOf(t.db, row!)).lines
      .filter((l) => l.kind === 'goods')
      .map((l) => l.description.replaceAll(bead.name, 'Nepal 5 Mukhi'));
    expect(descriptions.sort()).toEqual(
      [
        'Nepal 5 Mukhi — 20 mm / पंचमुखी — 20 मिमी',
        'Silver capping for Nepal 5 Mukhi / पंचमुखी के लिए चाँदी की कैपिंग',
        'Gift box for Nepal 5 Mukhi / पंचमुखी के लिए Gift box',
        'Nepal 5 Mukhi — 22 mm / पंचमुखी — 22 mm',
      ].sort(),
    );
  });
});
