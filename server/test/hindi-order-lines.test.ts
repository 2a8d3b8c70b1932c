/**
 * Issue 30: an order keeps the Hindi name of what was bought beside the English one (order_items.name_hi,
 * migration 0041), for its Hindi page, the Hindi customer's messages and the invoice.
 */
import type { Order } from '@rr/core';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems, orders, outboxMessages, productAddOns, products } from '../src/db/schema/index.ts';
import { invoiceOf } from '../src/modules/fulfilment/index.ts';
import { bearer, createTestApp, type TestApp } from './helpers.ts';
import * as make from './factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const NEELAM = 'Blue Sapphire (Neelam), Unheated';
const NEELAM_HI = 'नीलम (ब्लू सफ़ायर), अनहीटेड';

const hindiProduct = (name = NEELAM, nameHi = NEELAM_HI) =>
  make.product(t, { name: `${name} ${Math.random()}`, columns: { nameHi }, category: 'gems' });

const placedMessages = (orderId: string) =>
  t.db
    .select()
    .from(outboxMessages)
    .where(like(outboxMessages.idempotencyKey, `order:${orderId}:order_placed%`));

describe("an order's lines in Hindi", () => {
  it("keep the product's Hindi name as it was bought, null for a product without one", async () => {
    const neelam = await hindiProduct();
    const plain = await make.product(t, { name: 'Plain bead' });
    const buyer = await make.customer(t, { language: 'hi' });
    const res = await make.codOrderOf(t, buyer.token, [
      { product: neelam, qty: 1 },
      { product: plain, qty: 2 },
    ]);
    expect(res.statusCode).toBe(201);
    const placed = res.json<Order>();
    // Renamed later: the order keeps what it was bought as.
    await t.db.update(products).set({ nameHi: 'नया नाम' }).where(eq(products.id, neelam));

    const order = (
      await t.app.inject({ url: `/api/orders/${placed._id}`, headers: bearer(buyer.token) })
    ).json<Order>();
    const byProduct = new Map(order.orderItems.map((line) => [line.product, line]));
    expect(byProduct.get(neelam)).toMatchObject({ nameHi: NEELAM_HI });
    expect(byProduct.get(neelam)!.name).toMatch(/^Blue Sapphire/);
    expect(byProduct.get(plain)).toMatchObject({ name: 'Plain bead', nameHi: null });
  });

  it('keep none on an add-on line', async () => {
    const neelam = await hindiProduct();
    const [addOn] = await t.db
      .insert(productAddOns)
      .values({ productId: neelam, position: 0, name: 'Energisation', pricePaise: 501_00, isService: true })
      .returning({ id: productAddOns.id });
    const buyer = await make.customer(t);
    const res = await make.codOrderOf(t, buyer.token, [{ product: neelam, qty: 1, addOns: [{ _id: addOn!.id }] }]);
    expect(res.statusCode, res.body).toBe(201);
    const rows = await t.db
      .select({ nameHi: orderItems.nameHi, addOnId: orderItems.addOnId })
      .from(orderItems)
      .where(eq(orderItems.orderId, res.json<Order>()._id));
    expect(rows.find((r) => r.addOnId === null)!.nameHi).toBe(NEELAM_HI);
    expect(rows.find((r) => r.addOnId !== null)!.nameHi).toBeNull();
  });

  it("name the products in Hindi in a Hindi customer's order e-mail, in English in an English one's", async () => {
    const neelam = await hindiProduct();
    const hindi = await make.customer(t, { language: 'hi', name: 'राम कुमार' });
    const english = await make.customer(t);
    const emailOf = async (token: string, email: string) => {
      const order = (await make.codOrder(t, token, neelam)).json<Order>();
      return (await placedMessages(order._id)).find((m) => m.channel === 'email' && m.recipient === email)!;
    };
    const inHindi = await emailOf(hindi.token, hindi.email);
    expect(inHindi.text).toContain(NEELAM_HI);
    expect(inHindi.text).not.toContain('Blue Sapphire');
    // Its link opens the order page in Hindi.
    expect(inHindi.text).toMatch(/\/hi\/order\/[0-9a-f-]{36}/);
    const inEnglish = await emailOf(english.token, english.email);
    expect(inEnglish.text).toContain('Blue Sapphire (Neelam)');
    expect(inEnglish.text).not.toContain(NEELAM_HI);
    expect(inEnglish.text).not.toContain('/hi/');
  });

  it('are written on the invoice in English, then in Hindi', async () => {
    const neelam = await hindiProduct();
    const plain = await make.product(t, { name: 'Plain bead for the invoice' });
    const buyer = await make.customer(t, { language: 'hi' });
    const placed = await make.codOrderOf(t, buyer.token, [
      { product: neelam, qty: 1 },
      { product: plain, qty: 1 },
    ]);
    const id = placed.json<Order>()._id;
    // The invoice is issued as the order ships.
    const admin = await make.admin(t);
    const shipped = await t.app.inject({
      method: 'PUT',
      url: `/api/orders/${id}/ship`,
      headers: bearer(admin.token),
      payload: { courier: 'India Post', trackingNumber: 'EE123456789IN' },
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, id));
    const descriptions = (await invoiceOf(t.db, row!)).lines
      .filter((l) => l.kind === 'goods')
      .map((l) => l.description);
    expect(descriptions).toHaveLength(2);
    const neelamLine = descriptions.find((d) => d.startsWith('Blue Sapphire'))!;
    expect(neelamLine.endsWith(` / ${NEELAM_HI}`), neelamLine).toBe(true);
    expect(descriptions).toContain('Plain bead for the invoice');
  });
});

describe('the outbox keeps the language a message is written in', () => {
  it("is the customer's for their SMS and e-mail, English for the shop's copy", async () => {
    const bead = await make.product(t);
    const hindi = await make.customer(t, { language: 'hi' });
    const order = (await make.codOrder(t, hindi.token, bead)).json<Order>();
    const messages = await placedMessages(order._id);
    expect(messages.find((m) => m.channel === 'sms')!.language).toBe('hi');
    expect(messages.find((m) => m.recipient === hindi.email)!.language).toBe('hi');
    const english = await make.customer(t);
    const theirs = await placedMessages((await make.codOrder(t, english.token, bead)).json<Order>()._id);
    expect(theirs.find((m) => m.channel === 'sms')!.language).toBe('en');
  });
});
