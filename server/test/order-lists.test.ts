import {
  COURIERS,
  MAX_ADMIN_ORDERS_PAGE,
  ORDERS_PER_PAGE,
  gstPercentOf,
  totalAdjustments,
  order,
  orderStateOf,
  toRupees,
  trackingUrl,
  type Order,
} from '@rr/core';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { orderItems, orderNames, orderPhones, orderStateCounts, orders } from '../src/db/schema/index.ts';
import { isKeptPage } from '../src/modules/orders/reading.ts';
import { SEARCH_PAGES_AHEAD } from '../src/modules/orders/service.ts';
import { bearer, createTestApp, uniquePhone, type TestApp } from './helpers.ts';
import * as make from './factories.ts';

// Issue 13: order lists are read as JSON built by the database (modules/orders/reading.ts) and sent
// without a per-request schema check; the admin search counts a few pages ahead.

let t: TestApp;
let adminToken: string;

beforeAll(async () => {
  t = await createTestApp();
  adminToken = (await make.admin(t)).token;
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, token = adminToken) => t.app.inject({ url, headers: bearer(token) });
const ids = (list: Order[]) => list.map((o) => o._id);

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/**
 * An order as the API answers it, made in JavaScript from drizzle's own mapping of its row and lines:
 * the oracle the database's JSON (modules/orders/reading.ts, decision 0025) must equal.
 */
function toOrder(row: typeof orders.$inferSelect, items: Array<typeof orderItems.$inferSelect>): Order {
  return {
    _id: row.id,
    user: { _id: row.userId, name: row.customerName, email: row.customerEmail, phone: row.customerPhone },
    orderItems: items
      .filter((item) => item.addOnOf === null)
      .map((item) => {
        const addOns = items.filter((a) => a.addOnOf === item.lineNo).sort((a, b) => a.lineNo - b.lineNo);
        const sum = (pick: (i: (typeof items)[number]) => number) => [item, ...addOns].reduce((s, i) => s + pick(i), 0);
        return {
          name: item.name,
          nameHi: item.nameHi,
          qty: item.qty,
          image: item.image,
          price: toRupees(sum((i) => i.pricePaise)),
          product: item.productId,
          hsnCode: item.hsnCode,
          gstPercent: gstPercentOf(item.gstBasisPoints),
          taxPrice: toRupees(sum((i) => i.taxPaise)),
          uqc: item.uqc,
          discount: toRupees(sum((i) => i.discountPaise)),
          taxableValue: toRupees(sum((i) => i.taxablePaise)),
          variant: item.variantId ? { _id: item.variantId, name: item.variantName! } : null,
          addOns: addOns.map((a) => ({
            _id: a.addOnId!,
            name: a.name,
            price: toRupees(a.pricePaise),
            values: a.addOnValues ?? {},
          })),
          returnable: item.returnable,
        };
      }),
    shippingAddress: {
      name: row.recipientName,
      phone: row.recipientPhone,
      address: row.address,
      city: row.city,
      postalCode: row.postalCode,
      state: row.state,
      country: row.country,
    },
    paymentMethod: row.paymentMethod,
    itemsPrice: toRupees(row.itemsPaise),
    shippingPrice: toRupees(row.shippingPaise),
    taxPrice: toRupees(row.taxPaise),
    discountPrice: toRupees(row.discountPaise),
    totalPrice: toRupees(row.totalPaise),
    shippingGst: {
      gstPercent: gstPercentOf(row.shippingGstBasisPoints),
      hsnCode: row.shippingHsnCode,
      taxPrice: toRupees(row.shippingTaxPaise),
    },
    adjustments: totalAdjustments(items).map((a) => ({
      kind: a.kind,
      label: a.label,
      amount: toRupees(a.amountPaise),
    })),
    coupon: row.couponCode === null ? null : { code: row.couponCode, discount: toRupees(row.couponDiscountPaise ?? 0) },
    codFee: row.codFeePaise > 0 ? { amount: toRupees(row.codFeePaise), taxPrice: toRupees(row.codFeeTaxPaise) } : null,
    isPaid: row.isPaid,
    paidAt: iso(row.paidAt),
    isDelivered: row.isDelivered,
    deliveredAt: iso(row.deliveredAt),
    isCancelled: row.isCancelled,
    cancelledAt: iso(row.cancelledAt),
    razorpayOrderId: row.razorpayOrderId,
    razorpayPaymentId: row.razorpayPaymentId,
    createdAt: row.createdAt.toISOString(),
    status: orderStateOf(row),
    isShipped: row.isShipped,
    shippedAt: iso(row.shippedAt),
    shipment:
      row.courier && row.trackingNumber
        ? {
            courier: row.courier,
            trackingNumber: row.trackingNumber,
            trackingUrl: trackingUrl(row.courier, row.trackingNumber),
            // These orders were shipped by hand: no parcel booked with the courier service.
            provider: null,
            label: null,
          }
        : null,
    // No order here was booked with the courier service, so none has tracking events.
    tracking: null,
    invoiceNumber: row.invoiceNumber,
    creditNoteNumber: row.creditNoteNumber,
    refund: row.refundStatus
      ? {
          status: row.refundStatus,
          amount: toRupees(row.refundPaise ?? row.totalPaise),
          refundId: row.refundId,
          error: row.refundError,
          updatedAt: (row.refundUpdatedAt ?? row.updatedAt).toISOString(),
        }
      : null,
    confirmBy: iso(row.confirmBy),
    storeCreditPaid: row.storeCreditPaise / 100,
    // The orders of this test have no partial refunds (returns.test.ts checks their JSON).
    refunds: [],
  };
}

/** The answers as drizzle's own row mapping and `toOrder` make them: what the JSON path must equal. */
async function expectedAnswers(orderIds: string[]): Promise<Order[]> {
  const rows = await t.db.select().from(orders).where(inArray(orders.id, orderIds));
  const lines = await t.db
    .select()
    .from(orderItems)
    .where(inArray(orderItems.orderId, orderIds))
    .orderBy(asc(orderItems.lineNo), asc(orderItems.id));
  return orderIds.map((id) =>
    toOrder(
      rows.find((r) => r.id === id)!,
      lines.filter((l) => l.orderId === id),
    ),
  );
}

/**
 * Orders written straight to the table (the API caps a customer's open Cash on Delivery orders): one a
 * minute back from `newest`, each with two lines, for this name and phone.
 */
async function insertOrders(n: number, who: { name: string; phone: string; recipientPhone?: string; id?: string }) {
  const product = await make.product(t, { stock: 5 });
  const newest = Date.now() - 60_000;
  const created = await t.db
    .insert(orders)
    .values(
      Array.from({ length: n }, (_, i) => ({
        ...(who.id ? { id: who.id } : {}),
        userId: null,
        customerName: who.name,
        customerEmail: `${who.phone}@example.in`,
        customerPhone: who.phone,
        recipientName: who.name,
        recipientPhone: who.recipientPhone ?? who.phone,
        address: '1 Example Road',
        city: 'Pune',
        postalCode: '411001',
        state: 'Maharashtra',
        paymentMethod: 'Cash on Delivery',
        itemsPaise: 100_00,
        shippingPaise: 0,
        taxPaise: 18_00,
        totalPaise: 118_00,
        createdAt: new Date(newest - i * 60_000),
      })),
    )
    .returning({ id: orders.id });
  await t.db.insert(orderItems).values(
    created.flatMap(({ id }) =>
      // Written out of quote order: the answer lists lines by their place in the quote.
      ['Zeta bead', 'Alpha mala'].map((name, written) => ({
        orderId: id,
        productId: product,
        name,
        image: '/images/x.svg',
        lineNo: 1 - written,
        pricePaise: 50_00,
        qty: 1,
        hsnCode: '7117',
        gstBasisPoints: 1800,
        taxablePaise: 50_00,
        taxPaise: 9_00,
      })),
    ),
  );
  return created.map((c) => c.id);
}

describe('order lists read as JSON by the database', () => {
  it('answer each order exactly as its row and lines make it, in every state, to the millisecond', async () => {
    const customer = await make.customer(t);
    const product = await make.product(t, { stock: 20 });
    const placed: string[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await make.codOrder(t, customer.token, product, 1);
      expect(res.statusCode).toBe(201);
      placed.push(res.json<Order>()._id);
    }
    const [shippedKnown, shippedOther, refunded, delivered] = placed as [string, string, string, string];
    // Microseconds that a JavaScript date cuts (not rounds): .123999 is .123.
    const at = new Date('2026-11-20T10:00:00.123Z');
    await t.db
      .update(orders)
      .set({
        isShipped: true,
        shippedAt: at,
        courier: 'Blue Dart',
        trackingNumber: 'AB-1234',
      })
      .where(eq(orders.id, shippedKnown));
    await t.db
      .update(orders)
      .set({ isShipped: true, shippedAt: at, courier: 'Ram Couriers', trackingNumber: 'RC9' })
      .where(eq(orders.id, shippedOther));
    await t.db
      .update(orders)
      .set({ isCancelled: true, cancelledAt: at, refundStatus: 'failed', refundError: 'Gateway said "no" <b>' })
      .where(eq(orders.id, refunded));
    // Written as SQL: a JavaScript date cannot carry the microseconds.
    await t.db.execute(sql`update orders set is_delivered = true, delivered_at = '2026-11-21 10:00:00.123999+00',
      is_paid = true, paid_at = '2026-11-21 09:59:59.999999+00' where id = ${delivered}`);

    const mine = await get('/api/orders/myorders', customer.token);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('application/json; charset=utf-8');
    const list = mine.json<Order[]>();
    expect(list).toEqual(await expectedAnswers([...placed].reverse()));
    // Exactly the contract's fields: the schema (which drops unknown keys) leaves the answers as they are.
    expect(z.parse(z.array(order), list)).toEqual(list);
    expect(list.find((o) => o._id === delivered)).toMatchObject({
      deliveredAt: '2026-11-21T10:00:00.123Z',
      paidAt: '2026-11-21T09:59:59.999Z',
      status: 'delivered',
    });
    expect(list.find((o) => o._id === shippedKnown)!.shipment!.trackingUrl).toContain('AB-1234');
    expect(list.find((o) => o._id === shippedOther)!.shipment!.trackingUrl).toBeNull();
    expect(list.find((o) => o._id === refunded)!.refund).toMatchObject({
      status: 'failed',
      error: 'Gateway said "no" <b>',
    });

    // The same answers one by one and in the admin list.
    for (const id of placed) {
      expect((await get(`/api/orders/${id}`, customer.token)).json()).toEqual(list.find((o) => o._id === id));
    }
    const admin = (await get(`/api/orders?q=${customer.phone}`)).json<Order[]>();
    expect(admin).toEqual(list);
  });

  it('answers amounts in rupees exactly as JavaScript divides the paise', async () => {
    const [id] = await insertOrders(1, { name: 'Paisa Person', phone: uniquePhone() });
    const tricky = { itemsPaise: 1, shippingPaise: 7, taxPaise: 12345, discountPaise: 10, totalPaise: 1999999 };
    await t.db
      .update(orders)
      .set({ ...tricky, isCancelled: true, refundStatus: 'processed', refundPaise: 33333, refundId: 'rfnd_1' })
      .where(eq(orders.id, id!));
    await t.db.execute(sql`update order_items set price_paise = 3, taxable_paise = 2, discount_paise = 1,
      tax_paise = 1, gst_basis_points = 25 where order_id = ${id!}`);
    const [answer] = (await get(`/api/orders?q=${id!.slice(0, 8)}`)).json<Order[]>();
    expect(answer).toEqual((await expectedAnswers([id!]))[0]);
    expect(answer).toMatchObject({ itemsPrice: 0.01, shippingPrice: 0.07, taxPrice: 123.45, totalPrice: 19999.99 });
    expect(answer!.refund!.amount).toBe(333.33);
    expect(answer!.orderItems[0]).toMatchObject({
      price: 0.03,
      taxPrice: 0.01,
      gstPercent: 0.25,
      discount: 0.01,
      taxableValue: 0.02,
    });
  });

  it('links every spelling of every known courier as core does, and no other', async () => {
    // Every name and other spelling of every known courier, written as an admin might, and some others.
    const couriers = [
      ...COURIERS.flatMap((c) => [c.id, c.name, ...c.aliases, c.name.toUpperCase(), ` ${c.name.toLowerCase()}.`]),
      'Ram Couriers',
      'Blue',
    ];
    const shipped = await insertOrders(couriers.length, { name: 'Courier Person', phone: uniquePhone() });
    // Tracking numbers as stored (normalised), and two that are not (written by hand), and a bad one.
    const awb = (i: number) =>
      [`EE${100000000 + i}IN`, `AB-${1000 + i}`, `${9000 + i}`, ` ee 12${i}45 `, 'X/../1', `Ab-${i}0`][i % 6]!;
    for (const [i, id] of shipped.entries()) {
      await t.db
        .update(orders)
        .set({ isShipped: true, courier: couriers[i]!, trackingNumber: awb(i) })
        .where(eq(orders.id, id));
    }
    const answers = (await get(`/api/orders?q=Courier%20Person&limit=100`)).json<Order[]>();
    expect(answers).toEqual(await expectedAnswers([...shipped]));
    const urls = shipped.map((id) => answers.find((a) => a._id === id)!.shipment!.trackingUrl);
    expect(urls).toEqual(shipped.map((_, i) => trackingUrl(couriers[i]!, awb(i))));
    expect(urls.filter((url) => url !== null).length).toBeGreaterThan(couriers.length / 2);
  });

  it('keeps the statements of the first pages at the usual sizes only, so a connection holds a few', () => {
    for (const limit of [ORDERS_PER_PAGE, MAX_ADMIN_ORDERS_PAGE]) {
      for (const page of [1, 2, 5]) expect(isKeptPage({ limit, offset: (page - 1) * limit })).toBe(true);
      expect(isKeptPage({ limit, offset: 5 * limit })).toBe(false);
      expect(isKeptPage({ limit, offset: 999 * limit })).toBe(false);
      expect(isKeptPage({ limit, offset: 3 })).toBe(false);
    }
    for (const limit of [1, 7, 21, 99]) expect(isKeptPage({ limit, offset: 0 })).toBe(false);
  });

  it('pages the same orders whether the page’s statement is kept or planned each time', async () => {
    const customer = await make.customer(t);
    const newestFirst = await insertOrders(45, { name: 'Many Pages', phone: customer.phone });
    await t.db.update(orders).set({ userId: customer._id }).where(inArray(orders.id, newestFirst));
    const page = async (query: string) => ids((await get(`/api/orders/myorders?${query}`, customer.token)).json());
    for (const n of [1, 2, 3]) {
      expect(await page(`limit=20&pageNumber=${n}`)).toEqual(newestFirst.slice((n - 1) * 20, n * 20));
      expect(await page(`limit=7&pageNumber=${n}`)).toEqual(newestFirst.slice((n - 1) * 7, n * 7));
    }
    expect(await page('')).toEqual(newestFirst);
    expect(await page('limit=100&pageNumber=2')).toEqual([]);
    expect(await page('limit=20&pageNumber=7')).toEqual([]);
  });

  it('answers an empty page past the end with the totals', async () => {
    const customer = await make.customer(t);
    const res = await get('/api/orders/myorders?pageNumber=3', customer.token);
    expect(res.json()).toEqual([]);
    expect(res.headers).toMatchObject({ 'x-total-count': '0', 'x-page': '3', 'x-pages': '1' });
  });
});

describe('the admin order search', () => {
  const search = async (query: string) => {
    const res = await get(`/api/orders?${query}`);
    expect(res.statusCode).toBe(200);
    return { list: res.json<Order[]>(), headers: res.headers };
  };

  it('finds a whole phone number as the customer’s or the recipient’s, however it is written', async () => {
    const phone = uniquePhone();
    const recipient = uniquePhone();
    const asCustomer = await insertOrders(2, { name: 'Phone Person', phone });
    const asRecipient = await insertOrders(1, { name: 'Gift Giver', phone: uniquePhone(), recipientPhone: phone });
    await insertOrders(1, { name: 'Someone Else', phone: recipient });
    const expected = [...asCustomer, ...asRecipient].sort();
    for (const written of [phone, `+91 ${phone.slice(0, 5)} ${phone.slice(5)}`, `0${phone}`, `91-${phone}`]) {
      const { list, headers } = await search(`q=${encodeURIComponent(written)}`);
      expect(ids(list).sort()).toEqual(expected);
      expect(headers['x-total-count']).toBe('3');
    }
    // Part of a number still finds it.
    expect(ids((await search(`q=${phone.slice(-6)}`)).list)).toEqual(expect.arrayContaining(expected));
    // A number nobody has.
    expect((await search('q=6000000001')).list).toEqual([]);
  });

  it('counts every order of a whole phone number, past the count limit of a name search, and pages them', async () => {
    const phone = uniquePhone();
    const newestFirst = await insertOrders(12, { name: 'Regular Buyer', phone });
    expect(2 * (1 + SEARCH_PAGES_AHEAD)).toBeLessThan(12);
    for (const page of [1, 2, 6, 7]) {
      const { list, headers } = await search(`q=${phone}&limit=2&pageNumber=${page}`);
      expect(ids(list)).toEqual(newestFirst.slice((page - 1) * 2, page * 2));
      expect(headers['x-total-count']).toBe('12');
      expect(headers['x-pages']).toBe('6');
      expect(headers['x-total-capped']).toBeUndefined();
    }
    expect((await search(`q=${phone}&status=delivered`)).list).toEqual([]);
  });

  it('counts a few pages past the one asked for, and pages the same orders either way', async () => {
    const name = `Manyorders${Date.now()}`;
    const newestFirst = await insertOrders(12, { name, phone: uniquePhone() });
    // Under the count limit: every match counted, the page sorted from them.
    const all = await search(`q=${name}&limit=100`);
    expect(ids(all.list)).toEqual(newestFirst);
    expect(all.list).toEqual(await expectedAnswers(newestFirst));
    // Lines in quote order, whatever order they were written in.
    expect(all.list[0]!.orderItems.map((l) => l.name)).toEqual(['Alpha mala', 'Zeta bead']);
    expect(all.headers['x-total-count']).toBe('12');
    expect(all.headers['x-total-capped']).toBeUndefined();

    // limit 2: page 1 counts up to 2 + 2 x SEARCH_PAGES_AHEAD = 10 and says there are more.
    const countLimit = (page: number) => (page - 1) * 2 + 2 * (1 + SEARCH_PAGES_AHEAD);
    expect(countLimit(1)).toBeLessThan(12);
    for (const page of [1, 2, 3, 6, 7]) {
      const { list, headers } = await search(`q=${name}&limit=2&pageNumber=${page}`);
      expect(ids(list)).toEqual(newestFirst.slice((page - 1) * 2, page * 2));
      const capped = countLimit(page) < 12;
      expect(headers['x-total-count']).toBe(String(Math.min(12, countLimit(page))));
      expect(headers['x-pages']).toBe(String(Math.ceil(Math.min(12, countLimit(page)) / 2)));
      expect(headers['x-total-capped']).toBe(capped ? 'true' : undefined);
    }
    // Narrowed by state, past the end, and with LIKE's own characters.
    expect((await search(`q=${name}&status=delivered`)).list).toEqual([]);
    expect((await search(`q=${name}&limit=2&pageNumber=50`)).list).toEqual([]);
    expect((await search(`q=${encodeURIComponent(`${name.slice(0, 4)}%`)}`)).list).toEqual([]);
  });

  // Issue 31: a search finds its page of ids first, then reads those orders' JSON by id.
  it('answers every search page as the matching orders newest first, found either way (issue 31)', async () => {
    const phone = uniquePhone();
    const name = `Pagedsearch${Date.now()}`;
    const own = await insertOrders(10, { name, phone });
    const gifts = await insertOrders(4, { name: 'Gift Sender', phone: uniquePhone(), recipientPhone: phone });
    const rows = await t.db
      .select({ id: orders.id, createdAt: orders.createdAt })
      .from(orders)
      .where(inArray(orders.id, [...own, ...gifts]));
    const newestFirst = (some: string[]) =>
      rows
        .filter((r) => some.includes(r.id))
        .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1))
        .map((r) => r.id);
    const countLimit = (page: number) => (page - 1) * 2 + 2 * (1 + SEARCH_PAGES_AHEAD);
    const cases = [
      { q: phone, matches: newestFirst([...own, ...gifts]), counted: false },
      { q: phone.slice(-7), matches: newestFirst([...own, ...gifts]), counted: true },
      { q: name, matches: newestFirst(own), counted: true },
    ];
    for (const { q, matches, counted } of cases) {
      expect((await search(`q=${q}&limit=100`)).list).toEqual(await expectedAnswers(matches));
      // Page 1 of a part of a phone counts fewer than its 14 matches (the newest orders walked), page 3 all.
      for (const page of [1, 3, 5, 7, 8]) {
        const { list, headers } = await search(`q=${q}&limit=2&pageNumber=${page}`);
        expect(list).toEqual(await expectedAnswers(matches.slice((page - 1) * 2, page * 2)));
        const total = counted ? Math.min(matches.length, countLimit(page)) : matches.length;
        expect(headers['x-total-count']).toBe(String(total));
        expect(headers['x-total-capped']).toBe(counted && countLimit(page) < matches.length ? 'true' : undefined);
      }
    }
    // Narrowed by state: the delivered ones among the matches only.
    const delivered = [own[3]!, gifts[1]!];
    await t.db.update(orders).set({ isDelivered: true, deliveredAt: new Date() }).where(inArray(orders.id, delivered));
    for (const q of [phone, phone.slice(-7)]) {
      expect(ids((await search(`q=${q}&status=delivered&limit=2`)).list)).toEqual(newestFirst(delivered));
    }
    expect(ids((await search(`q=${name}&status=delivered`)).list)).toEqual([own[3]]);
  });

  // Issue 31: part of a number is looked up among every phone an order holds (migration 0048's table).
  it('finds part of a number an order was given after it was placed, and only the orders holding it', async () => {
    const before = uniquePhone();
    const [order] = await insertOrders(1, { name: 'Changed Phone', phone: before });
    // Digits in its middle that no other test's phone holds (uniquePhone's differ at their end).
    const after = `8${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
    await t.db.update(orders).set({ recipientPhone: after }).where(eq(orders.id, order!));
    const held = async () =>
      Object.fromEntries(
        (
          await t.db
            .select()
            .from(orderPhones)
            .where(inArray(orderPhones.phone, [before, after]))
        ).map((row) => [row.phone, row.orders]),
      );
    expect(await held()).toEqual({ [before]: 1, [after]: 1 });
    expect(ids((await search(`q=${after.slice(-6)}`)).list)).toEqual([order]);
    expect(ids((await search(`q=${after.slice(2, 8)}`)).list)).toEqual([order]);
    expect(ids((await search(`q=${after}`)).list)).toEqual([order]);
    // The customer's own number still finds it, as part and whole.
    expect(ids((await search(`q=${before.slice(-6)}`)).list)).toEqual([order]);
    expect(ids((await search(`q=${before}`)).list)).toEqual([order]);
    // Digits that no phone holds find nothing; LIKE's characters cannot get in (they are not phone text).
    expect((await search('q=%2B91%20000%2000')).list).toEqual([]);
    // Gone: its numbers are held by no order, and find none.
    await t.db.delete(orderItems).where(eq(orderItems.orderId, order!));
    await t.db.delete(orders).where(eq(orders.id, order!));
    expect(await held()).toEqual({ [before]: 0, [after]: 0 });
    expect((await search(`q=${after.slice(-6)}`)).list).toEqual([]);
  });

  it('pages a name held by many orders walking the newest, and counts an order holding it twice once', async () => {
    const name = `Walkname${Date.now()}`;
    const newestFirst = await insertOrders(40, { name, phone: uniquePhone() });
    const kept = await t.db.select().from(orderNames).where(eq(orderNames.name, name));
    expect(kept).toEqual([{ name, orders: 40 }]);
    const countLimit = (page: number) => (page - 1) * 2 + 2 * (1 + SEARCH_PAGES_AHEAD);
    // Page 1 counts up to 10: 40 orders are more than twice that, and dense enough among all orders
    // (40 x 40 > 2 x all) that it walks the newest. Page 8 counts up to 24 and 40 are fewer than twice
    // that, so it counts them all. The same orders either way.
    const [counted] = await t.db.select({ all: sql<number>`sum(${orderStateCounts.n})::int` }).from(orderStateCounts);
    expect(40 * 40).toBeGreaterThan(2 * counted!.all);
    expect(40).toBeGreaterThan(2 * countLimit(1) + 1);
    expect(40).toBeLessThan(2 * countLimit(8) + 1);
    for (const page of [1, 2, 8, 13, 20, 21]) {
      const { list, headers } = await search(`q=${name.toLowerCase()}&limit=2&pageNumber=${page}`);
      expect(list).toEqual(await expectedAnswers(newestFirst.slice((page - 1) * 2, page * 2)));
      expect(headers['x-total-count']).toBe(String(Math.min(40, countLimit(page))));
      expect(headers['x-total-capped']).toBe(countLimit(page) < 40 ? 'true' : undefined);
    }
    expect(ids((await search(`q=${name}&status=delivered&limit=2`)).list)).toEqual([]);
    // A gift from one holder of the name to another: held twice, one match.
    const [gift] = await insertOrders(1, { name: `${name}-Senior`, phone: uniquePhone() });
    await t.db
      .update(orders)
      .set({ recipientName: `${name}-Junior` })
      .where(eq(orders.id, gift!));
    const { list, headers } = await search(`q=${name}-S`);
    expect(ids(list)).toEqual([gift]);
    expect(headers['x-total-count']).toBe('1');
    const both = await search(`q=${name}-`);
    expect(ids(both.list)).toEqual([gift]);
    expect(both.headers['x-total-count']).toBe('1');
  });

  it('finds an order number made of digits from a query that looks like part of a phone', async () => {
    const digitId = `${String(Date.now()).slice(-8)}-1111-4111-8111-111111111111`;
    await insertOrders(1, { name: 'Digit Number', phone: uniquePhone(), id: digitId });
    const { list, headers } = await search(`q=${digitId.slice(0, 8)}`);
    expect(ids(list)).toEqual([digitId]);
    expect(headers['x-total-count']).toBe('1');
  });
});
