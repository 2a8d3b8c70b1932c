/**
 * Issue 15, the owner's desk: the dashboard's figures against sums computed here from the orders
 * themselves (across Indian day edges), the orders and catalog CSV files, the catalog import with
 * hostile files, and the stock ledger.
 */
import {
  DEFAULT_PAYMENT_METHOD,
  LOW_STOCK_COUNT_CAP,
  type DashboardReply,
  type ImportPreview,
  type Order,
} from '@rr/core';
import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderSalesDaily, orders, products, stockAlerts, stockLedger } from '../src/db/schema/index.ts';
import { dashboard } from '../src/modules/owner-desk/dashboard.ts';
import { salesDisagreements } from '../src/modules/owner-desk/sales-check.ts';
import { ORDERS_EXPORT_COLUMNS, refundCells } from '../src/modules/owner-desk/orders-export.ts';
import { ledgerDisagreements } from '../src/modules/stock/index.ts';
import { csvField, parseCsv, readCell } from '../src/csv.ts';
import { bearer, createTestApp, type TestApp } from './helpers.ts';
import * as make from './factories.ts';
import { deskOrderAt, deskOrdersAt, type DeskOrderOptions } from './dashboard-orders.ts';

let t: TestApp;
let adminToken: string;
let adminId: string;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await make.admin(t);
  adminToken = admin.token;
  adminId = admin._id;
});
afterAll(async () => {
  await t?.close();
});

const asAdmin = (
  method: 'GET' | 'PUT' | 'POST',
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) => t.app.inject({ method, url, headers: { ...bearer(adminToken), ...headers }, payload: payload as string });
const csvBody = { 'content-type': 'text/csv' };
const preview = (body: string | Buffer) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/catalog/import/preview',
    headers: { ...bearer(adminToken), ...csvBody },
    payload: body,
  });
const apply = (body: string | Buffer, plan: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/catalog/import?plan=${plan}`,
    headers: { ...bearer(adminToken), ...csvBody },
    payload: body,
  });

/** The catalog as the export writes it, read back. */
async function exported(): Promise<string[][]> {
  const res = await asAdmin('GET', '/api/admin/catalog/export');
  expect(res.statusCode).toBe(200);
  return parseCsv(res.body);
}
/** The stock version the export writes for a product (its last column). */
async function stockVersion(id: string): Promise<string> {
  const row = (await exported()).find((r) => r[0] === id)!;
  expect(row.at(-1)).toMatch(/^\d+$/);
  return row.at(-1)!;
}

/** A CSV file of these cells, quoted where needed and nothing else (no apostrophes added). */
const csv = (rows: Array<Array<string | number>>) =>
  rows
    .map((r) => r.map((c) => (/[",\n]/.test(String(c)) ? `"${String(c).replaceAll('"', '""')}"` : String(c))).join(','))
    .join('\r\n');

/** The Indian calendar date of a moment, by the platform's time zone data (not our offset arithmetic). */
const indianDate = (at: Date) => at.toLocaleDateString('en-CA', { timeZone: 'Asia/Kolkata' });

/** An order written straight into the database at a given moment (the API always stamps "now"). */
const orderAt = (at: Date, totalPaise: number, options: DeskOrderOptions = {}) =>
  deskOrderAt(t.db, at, totalPaise, options);

describe('GET /api/admin/dashboard', () => {
  // A fixed "now": 10:00 IST on 23 Nov 2026.
  const now = new Date('2026-11-23T04:30:00Z');
  const minute = 60_000;
  const todayStart = new Date('2026-11-22T18:30:00Z');

  beforeAll(async () => {
    // Edges of Indian days: the last millisecond of yesterday and the first of today, and of 6, 7, 29,
    // 30, 59 and 60 days ago; then a spread of orders, some cancelled, some paid online.
    for (const back of [0, 6, 7, 29, 30, 59, 60]) {
      const start = new Date(todayStart.getTime() - back * 86_400_000);
      await orderAt(start, 10_000 + back);
      await orderAt(new Date(start.getTime() - 1), 20_000 + back, { cod: false });
    }
    for (let i = 0; i < 60; i++) {
      const at = new Date(now.getTime() - ((i * 7919) % (92 * 24 * 60)) * minute);
      await orderAt(at, 5_000 + i * 37, { cod: i % 3 !== 0, cancelled: i % 5 === 0 });
    }
  });

  /** The figures of the Indian dates [first, last], from every order in the database. */
  async function expected(first: string, last: string, read?: Array<typeof orders.$inferSelect>) {
    const all = read ?? (await t.db.select().from(orders));
    const inRange = all.filter(
      (o) => !o.isCancelled && indianDate(o.createdAt) >= first && indianDate(o.createdAt) <= last,
    );
    const paise = inRange.reduce((s, o) => s + o.totalPaise, 0);
    const cod = inRange.filter((o) => o.paymentMethod === DEFAULT_PAYMENT_METHOD).length;
    return {
      revenue: paise / 100,
      orders: inRange.length,
      averageOrderValue: inRange.length ? Math.round(paise / inRange.length) / 100 : 0,
      codShare: inRange.length ? cod / inRange.length : 0,
    };
  }
  const dateBack = (days: number) => indianDate(new Date(now.getTime() - days * 86_400_000));

  it('gives each period and the one before it, by Indian days, as summed from the orders', async () => {
    const reply = await dashboard(t.db, now);
    expect(reply.today).toBe('2026-11-23');
    const periods: Array<[keyof DashboardReply['periods'], number]> = [
      ['today', 1],
      ['week', 7],
      ['month', 30],
    ];
    for (const [name, days] of periods) {
      const { current, previous } = reply.periods[name];
      expect(current, name).toMatchObject(await expected(dateBack(days - 1), dateBack(0)));
      expect(previous, name).toMatchObject(await expected(dateBack(2 * days - 1), dateBack(days)));
      expect(current.orders, `${name} has orders`).toBeGreaterThan(0);
    }
  });

  /** Every period and chart day of the dashboard against the sums of the orders. */
  async function expectFiguresOfOrders() {
    const reply = await dashboard(t.db, now);
    const all = await t.db.select().from(orders);
    for (const [name, days] of [
      ['today', 1],
      ['week', 7],
      ['month', 30],
    ] as const) {
      expect(reply.periods[name].current, name).toMatchObject(await expected(dateBack(days - 1), dateBack(0), all));
      expect(reply.periods[name].previous, name).toMatchObject(
        await expected(dateBack(2 * days - 1), dateBack(days), all),
      );
    }
    for (const day of reply.daily) {
      const e = await expected(day.date, day.date, all);
      expect({ date: day.date, revenue: day.revenue, orders: day.orders }).toEqual({
        date: day.date,
        revenue: e.revenue,
        orders: e.orders,
      });
    }
  }

  it('follows every change that moves a figure: total, method, cancel and restore, placing day, deletion', async () => {
    const product = await make.product(t, { name: 'Desk moved bead' });
    const ids = [
      await orderAt(new Date(todayStart.getTime() + minute), 31_000, { productId: product, qty: 2 }),
      await orderAt(new Date(todayStart.getTime() - 6 * 86_400_000), 32_000, { cod: false }),
      await orderAt(new Date(todayStart.getTime() - 29 * 86_400_000), 33_000, { cancelled: true, productId: product }),
      await orderAt(new Date(todayStart.getTime() - 2 * 86_400_000), 34_000, { productId: product, qty: 3 }),
    ] as const;
    await expectFiguresOfOrders();
    await t.db.update(orders).set({ totalPaise: 41_000 }).where(eq(orders.id, ids[0]));
    await t.db.update(orders).set({ paymentMethod: DEFAULT_PAYMENT_METHOD }).where(eq(orders.id, ids[1]));
    await t.db.update(orders).set({ isCancelled: false }).where(eq(orders.id, ids[2]));
    // Across the edge of today: the last millisecond of yesterday.
    await t.db
      .update(orders)
      .set({ createdAt: new Date(todayStart.getTime() - 1) })
      .where(eq(orders.id, ids[0]));
    await t.db.delete(orders).where(eq(orders.id, ids[3]));
    // Several changes in one transaction: each is counted once, at the commit.
    await t.db.transaction(async (tx) => {
      await tx.update(orders).set({ totalPaise: 42_000, isCancelled: true }).where(eq(orders.id, ids[1]));
      await tx.update(orders).set({ isCancelled: false, totalPaise: 43_000 }).where(eq(orders.id, ids[1]));
      await tx.update(orders).set({ paymentMethod: 'Razorpay' }).where(eq(orders.id, ids[2]));
    });
    await expectFiguresOfOrders();
    expect(await salesDisagreements(t.db)).toEqual([]);
  });

  it('catches a day that disagrees with its orders (the check can fail)', async () => {
    const [day] = await t.db.select().from(orderSalesDaily).limit(1);
    await t.db
      .update(orderSalesDaily)
      .set({ orders: day!.orders + 1 })
      .where(eq(orderSalesDaily.day, day!.day));
    expect(await salesDisagreements(t.db)).toEqual([
      expect.objectContaining({ table: 'order_sales_daily', key: String(day!.day) }),
    ]);
    await t.db.update(orderSalesDaily).set({ orders: day!.orders }).where(eq(orderSalesDaily.day, day!.day));
    expect(await salesDisagreements(t.db)).toEqual([]);
  });

  it('charts 90 Indian days ending today, each summed from its orders', async () => {
    const reply = await dashboard(t.db, now);
    expect(reply.daily).toHaveLength(90);
    expect(reply.daily.at(-1)!.date).toBe('2026-11-23');
    expect(reply.daily[0]!.date).toBe(dateBack(89));
    for (const day of reply.daily) {
      const e = await expected(day.date, day.date);
      expect({ date: day.date, revenue: day.revenue, orders: day.orders }).toEqual({
        date: day.date,
        revenue: e.revenue,
        orders: e.orders,
      });
    }
  });

  it('answers admins only, in one request, with the definitions stated in core', async () => {
    const res = await asAdmin('GET', '/api/admin/dashboard');
    expect(res.statusCode).toBe(200);
    expect(res.json<DashboardReply>().daily).toHaveLength(90);
    const customer = await make.customer(t);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: bearer(customer.token) })).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/dashboard' })).statusCode).toBe(401);
  });

  it('counts new customers, lists orders to ship and low stock by the threshold the admin sets', async () => {
    const before = (await asAdmin('GET', '/api/admin/dashboard')).json<DashboardReply>();
    await make.customer(t);
    const low = await make.product(t, { stock: 2, name: 'Desk low bead' });
    const buyer = await make.customer(t);
    const placed = (await make.codOrder(t, buyer.token, low, 1)).json<Order>();
    const after = (await asAdmin('GET', '/api/admin/dashboard')).json<DashboardReply>();
    expect(after.periods.today.current.newCustomers).toBe(before.periods.today.current.newCustomers + 2);
    expect(after.toShip.count).toBe(before.toShip.count + 1);
    expect(after.lowStock.products).toContainEqual({ _id: low, name: 'Desk low bead', countInStock: 1 });

    expect((await asAdmin('PUT', '/api/admin/settings/low-stock', { lowStockThreshold: 0 })).json()).toEqual({
      lowStockThreshold: 0,
    });
    const strict = (await asAdmin('GET', '/api/admin/dashboard')).json<DashboardReply>();
    expect(strict.lowStock.threshold).toBe(0);
    expect(strict.lowStock.products.map((p) => p._id)).not.toContain(low);
    expect((await asAdmin('PUT', '/api/admin/settings/low-stock', { lowStockThreshold: -1 })).statusCode).toBe(400);
    expect((await asAdmin('PUT', '/api/admin/settings/low-stock', { lowStockThreshold: 3 })).statusCode).toBe(200);

    expect((await asAdmin('PUT', `/api/orders/${placed._id}/cancel`)).statusCode).toBe(200);
    const cancelled = (await asAdmin('GET', '/api/admin/dashboard')).json<DashboardReply>();
    expect(cancelled.toShip.count).toBe(before.toShip.count);
  });

  it('lists the ten oldest orders to ship and the ten products lowest on stock, with their counts', async () => {
    const reply = (await asAdmin('GET', '/api/admin/dashboard')).json<DashboardReply>();
    const waiting = and(eq(orders.isShipped, false), eq(orders.isDelivered, false), eq(orders.isCancelled, false));
    const oldest = await t.db.select().from(orders).where(waiting).orderBy(asc(orders.createdAt)).limit(10);
    expect(reply.toShip.oldest).toEqual(
      oldest.map((o) => ({
        _id: o.id,
        createdAt: o.createdAt.toISOString(),
        customerName: o.customerName,
        totalPrice: o.totalPaise / 100,
      })),
    );
    expect(reply.toShip.count).toBe((await t.db.select().from(orders).where(waiting)).length);
    const low = and(eq(products.isDraft, false), lte(products.countInStock, reply.lowStock.threshold));
    const lowest = await t.db
      .select({ _id: products.id, name: products.name, countInStock: products.countInStock })
      .from(products)
      .where(low)
      .orderBy(asc(products.countInStock), asc(products.name))
      .limit(10);
    expect(lowest.length).toBeGreaterThan(0);
    expect(reply.lowStock.products).toEqual(lowest);
    expect(reply.lowStock.count).toBe((await t.db.select().from(products).where(low)).length);
    expect(reply.lowStock.capped).toBe(false);
  });

  it('counts low-stock products up to the cap, then says there are more', async () => {
    const { threshold } = (await asAdmin('GET', '/api/admin/dashboard')).json<DashboardReply>().lowStock;
    const low = and(eq(products.isDraft, false), lte(products.countInStock, threshold));
    const already = (await t.db.select().from(products).where(low)).length;
    const added = await t.db
      .insert(products)
      .values(
        Array.from({ length: LOW_STOCK_COUNT_CAP - already }, (_, i) => ({
          name: `Desk cap bead ${i}`,
          image: '/images/x.svg',
          category: 'rudraksha',
          pricePaise: 10_000,
          countInStock: 0,
        })),
      )
      .returning({ id: products.id });
    const ids = added.map((a) => a.id);
    try {
      const exactly = (await asAdmin('GET', '/api/admin/dashboard')).json<DashboardReply>().lowStock;
      expect(exactly).toMatchObject({ count: LOW_STOCK_COUNT_CAP, capped: false });
      ids.push(await make.product(t, { name: 'Desk cap bead past the cap', stock: 0 }));
      const past = (await asAdmin('GET', '/api/admin/dashboard')).json<DashboardReply>().lowStock;
      expect(past).toMatchObject({ count: LOW_STOCK_COUNT_CAP, capped: true });
    } finally {
      await t.db.delete(products).where(inArray(products.id, ids));
    }
  });

  it('ranks top products of the last 30 days by units and by value, without cancelled orders', async () => {
    const [a, b] = [await make.product(t, { name: 'Desk top A' }), await make.product(t, { name: 'Desk top B' })];
    const nowish = new Date();
    await orderAt(nowish, 90_000, { productId: a, qty: 9 }); // 9 units, ₹900
    await orderAt(nowish, 200_000, { productId: b, qty: 2 }); // 2 units, ₹2000
    const gone = await orderAt(nowish, 100_000, { productId: b, qty: 10 });
    await orderAt(new Date(nowish.getTime() - 31 * 86_400_000), 900_000, { productId: b, qty: 50 });
    const top = async () => (await asAdmin('GET', '/api/admin/dashboard')).json<DashboardReply>();
    const find = (list: DashboardReply['topByUnits'], id: string) => list.find((p) => p._id === id);
    // b: 12 units and ₹3000 before the cancel.
    expect(find((await top()).topByUnits, b)).toMatchObject({ units: 12, revenue: 3000 });
    await t.db.update(orders).set({ isCancelled: true }).where(eq(orders.id, gone));
    const reply = await top();
    expect(find(reply.topByUnits, a)).toMatchObject({ units: 9, revenue: 900 });
    expect(find(reply.topByRevenue, b)).toMatchObject({ units: 2, revenue: 2000 });
    const units = reply.topByUnits.map((p) => p._id);
    const value = reply.topByRevenue.map((p) => p._id);
    expect(units.indexOf(a)).toBeLessThan(units.indexOf(b) === -1 ? Infinity : units.indexOf(b));
    expect(value.indexOf(b)).toBeLessThan(value.indexOf(a) === -1 ? Infinity : value.indexOf(a));
  });
});

describe('GET /api/admin/orders/export', () => {
  it('streams the orders of a range of Indian dates and a state as CSV that reads back', async () => {
    const product = await make.product(t, { stock: 20, name: 'Export, "quoted" bead' });
    const buyer = await make.customer(t, { name: '=HYPERLINK("http://evil")' });
    const placed = (await make.codOrder(t, buyer.token, product, 2)).json<Order>();
    const today = indianDate(new Date());
    const res = await asAdmin('GET', `/api/admin/orders/export?from=${today}&to=${today}&state=placed`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const [header, ...rows] = parseCsv(res.body);
    expect(header).toEqual([...ORDERS_EXPORT_COLUMNS]);
    expect(header!.slice(0, 7)).toEqual(['Order id', 'Date (IST)', 'Customer', 'Phone', 'State', 'City', 'Pincode']);
    const row = rows.find((r) => r[0] === placed._id)!;
    expect(row).toBeDefined();
    // The formula is written as text (an apostrophe first), the quotes and comma survive.
    expect(row[2]).toBe(`'=HYPERLINK("http://evil")`);
    expect(row[12]).toBe('Export, "quoted" bead x 2');
    expect(row[1]!.slice(0, 10)).toBe(today);
    // Money by column name: issue 26's coupon columns stand beside "Discount", before "Total".
    const money = (name: string) => Number(row[header!.indexOf(name)]);
    expect(header!.slice(13, 17)).toEqual(['Items value', 'Shipping', 'Tax', 'Discount']);
    expect(money('Total')).toBeCloseTo(placed.totalPrice, 2);
    expect(money('Items value') + money('Shipping') + money('Tax') - money('Discount')).toBeCloseTo(
      placed.totalPrice,
      2,
    );
    // No coupon: both coupon cells empty.
    expect([row[header!.indexOf('Coupon')], row[header!.indexOf('Coupon discount')]]).toEqual(['', '']);
    expect(rows.every((r) => r.length === header!.length)).toBe(true);

    const cancelled = await asAdmin('GET', `/api/admin/orders/export?from=${today}&to=${today}&state=cancelled`);
    expect(parseCsv(cancelled.body).some((r) => r[0] === placed._id)).toBe(false);
  });

  // Issue 32: the invoice, the parcel and the money given back, in columns after the coupon's.
  it('names each order’s invoice number, courier, AWB and refunds', async () => {
    const product = await make.product(t, { stock: 20, price: 500 });
    const buyer = await make.customer(t);
    const [shipped, waiting] = [
      (await make.codOrder(t, buyer.token, product, 2)).json<Order>(),
      (await make.codOrder(t, buyer.token, product, 1)).json<Order>(),
    ];
    const ship = await asAdmin('PUT', `/api/orders/${shipped._id}/ship`, {
      courier: 'Delhivery',
      trackingNumber: '1234567890123',
    });
    expect(ship.statusCode, ship.body).toBe(200);
    await asAdmin('PUT', `/api/orders/${shipped._id}/deliver`, { cashCollected: true });
    const refund = await asAdmin('POST', `/api/orders/${shipped._id}/refund`, {
      lines: [{ product, qty: 1 }],
      method: 'transfer',
      transferReference: 'UTR0000123',
    });
    expect(refund.statusCode, refund.body).toBe(200);
    const order = refund.json<Order>();
    expect(order.invoiceNumber).toBeTruthy();
    expect(order.refunds).toHaveLength(1);

    const today = indianDate(new Date());
    const [header, ...rows] = parseCsv(
      (await asAdmin('GET', `/api/admin/orders/export?from=${today}&to=${today}`)).body,
    );
    const added = ['Invoice number', 'Courier', 'AWB', 'Refund', 'Refund status'];
    expect(header!.slice(-5)).toEqual(added);
    const cells = (id: string) => {
      const row = rows.find((r) => r[0] === id)!;
      return added.map((name) => row[header!.indexOf(name)]);
    };
    expect(cells(shipped._id)).toEqual([
      order.invoiceNumber,
      'Delhivery',
      '1234567890123',
      order.refunds[0]!.amount.toFixed(2),
      'processed',
    ]);
    expect(cells(waiting._id)).toEqual(['', '', '', '', '']);
  });

  it('reads every order of a range once, in batches, across equal timestamps', async () => {
    const at = new Date('2025-01-15T06:00:00Z');
    const ids = new Set(
      await deskOrdersAt(
        t.db,
        Array.from({ length: 1203 }, (_, i) => ({ at: new Date(at.getTime() + (i % 3)), totalPaise: 1000 })),
      ),
    );
    const res = await asAdmin('GET', '/api/admin/orders/export?from=2025-01-15&to=2025-01-15');
    const rows = parseCsv(res.body).slice(1);
    expect(rows).toHaveLength(1203);
    expect(new Set(rows.map((r) => r[0]))).toEqual(ids);
  });

  it('refuses a range that is not one', async () => {
    for (const query of [
      'from=2026-11-30&to=2026-11-01',
      'from=2026-13-01&to=2026-11-01',
      'to=2026-11-01',
      'from=2026-11-01&to=2026-11-02&state=lost',
    ]) {
      const res = await asAdmin('GET', `/api/admin/orders/export?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
  });
});

describe('the orders CSV’s refund cells', () => {
  const none = { status: null, amountPaise: null, totalPaise: 150_000 };
  it.each([
    ['no refund', none, [], ['', '']],
    // A cancelled online order's refund before the gateway named an amount: the order's total.
    ['a cancellation refund', { status: 'pending', amountPaise: null, totalPaise: 150_000 }, [], [1500, 'pending']],
    [
      'partial refunds, a failed one first',
      none,
      [
        { amountPaise: 20_000, status: 'processed' },
        { amountPaise: 5_050, status: 'failed' },
        { amountPaise: 10_000, status: 'pending' },
      ],
      [350.5, 'failed'],
    ],
    [
      'a cancellation and a partial refund, one pending',
      { status: 'processed', amountPaise: 100_000, totalPaise: 150_000 },
      [{ amountPaise: 50_000, status: 'pending' }],
      [1500, 'pending'],
    ],
  ] as const)('%s', (_name, cancellation, partial, expected) => {
    expect(refundCells(cancellation, partial)).toEqual(expected);
  });
});

describe('catalog export and import', () => {
  it('round-trips: the exported catalog, uploaded unchanged, changes nothing', async () => {
    const id = await make.product(t, { name: '+Plus, "quoted" name', stock: 4 });
    await t.db
      .update(products)
      .set({ mukhi: 5, origin: 'Nepal', sizeMm: 22.5, description: '-dash first\nsecond line' })
      .where(eq(products.id, id));
    const file = await exported();
    const row = file.find((r) => r[0] === id)!;
    expect(row[1]).toBe(`'+Plus, "quoted" name`);
    const body = (await asAdmin('GET', '/api/admin/catalog/export')).body;
    const res = await preview(body);
    expect(res.statusCode, res.body).toBe(200);
    const plan = res.json<ImportPreview>();
    expect(plan.counts).toEqual({ create: 0, update: 0, unchanged: file.length - 1, conflict: 0, invalid: 0 });
    const applied = await apply(body, plan.plan);
    expect(applied.json()).toEqual({ created: 0, updated: 0, unchanged: file.length - 1, conflicts: 0 });
  });

  it('raises five prices with a preview of every change, then applies them in one go', async () => {
    const ids = await Promise.all(Array.from({ length: 5 }, (_, i) => make.product(t, { price: 100 + i, stock: 7 })));
    const body = csv([['id', 'price'], ...ids.map((id, i) => [id, (110 + i).toFixed(2)])]);
    const res = await preview(body);
    const plan = res.json<ImportPreview>();
    expect(plan.counts).toEqual({ create: 0, update: 5, unchanged: 0, conflict: 0, invalid: 0 });
    expect(plan.rows[0]).toMatchObject({
      row: 2,
      action: 'update',
      _id: ids[0],
      changes: [{ column: 'price', from: '100.00', to: '110.00' }],
      errors: [],
    });
    // Nothing is written by the preview.
    const [first] = await t.db.select().from(products).where(eq(products.id, ids[0]!));
    expect(first!.pricePaise).toBe(10_000);
    expect((await apply(body, plan.plan)).json()).toEqual({ created: 0, updated: 5, unchanged: 0, conflicts: 0 });
    const after = await t.db.select().from(products).where(inArray(products.id, ids));
    expect(after.map((p) => p.pricePaise).sort()).toEqual([11_000, 11_100, 11_200, 11_300, 11_400]);
    expect(after.every((p) => p.countInStock === 7)).toBe(true);
  });

  it('creates products with facts and stock, recorded in the ledger as an import by the admin', async () => {
    const name = `Imported mala ${Date.now()}`;
    const body = csv([
      ['name', 'category', 'price', 'mrp', 'stock', 'brand', 'description', 'bead_count', 'origin'],
      [name, 'mala', '500', '700', '6', 'Desk', 'Sandalwood, 108 beads', '108', 'India'],
    ]);
    const plan = (await preview(body)).json<ImportPreview>();
    expect(plan.rows[0]).toMatchObject({ action: 'create', _id: null, name });
    expect(plan.rows[0]!.changes).toContainEqual({ column: 'stock', from: '', to: '6' });
    expect((await apply(body, plan.plan)).json()).toEqual({ created: 1, updated: 0, unchanged: 0, conflicts: 0 });
    const [made] = await t.db.select().from(products).where(eq(products.name, name));
    expect(made).toMatchObject({
      category: 'mala',
      pricePaise: 50_000,
      mrpPaise: 70_000,
      countInStock: 6,
      beadCount: 108,
      origin: 'India',
      isDraft: false,
    });
    const ledger = await t.db.select().from(stockLedger).where(eq(stockLedger.productId, made!.id));
    expect(ledger).toMatchObject([{ before: 0, after: 6, reason: 'import', actorId: adminId }]);
    // The same file again would make a second product of the same name: refused.
    const again = (await preview(body)).json<ImportPreview>();
    expect(again.rows[0]!.errors[0]).toMatchObject({ column: 'name', message: expect.stringContaining(made!.id) });
  });

  it('checks facts by the rules the admin form uses (core productFacts), naming the column', async () => {
    const [id, other] = [await make.product(t, { price: 100 }), await make.product(t, { price: 100 })];
    const lab = 'L'.repeat(100); // within the form's 120 characters
    const body = csv([
      ['id', 'planet', 'certificate_lab', 'size_mm', 'weight_carats'],
      [id, 'saturn', lab, '8.5', '5.25'],
      [other, 'Pluto', 'L'.repeat(121), '8.555', '0'],
    ]);
    const plan = (await preview(body)).json<ImportPreview>();
    expect(plan.rows[0]).toMatchObject({ action: 'update', errors: [] });
    expect(plan.rows[1]!.errors.map((e) => e.column).sort()).toEqual([
      'certificate_lab',
      'planet',
      'size_mm',
      'weight_carats',
    ]);
    const good = csv([
      ['id', 'planet', 'certificate_lab', 'size_mm', 'weight_carats'],
      [id, 'saturn', lab, '8.5', '5.25'],
    ]);
    const planned = (await preview(good)).json<ImportPreview>();
    expect((await apply(good, planned.plan)).statusCode).toBe(200);
    const [row] = await t.db.select().from(products).where(eq(products.id, id));
    expect(row).toMatchObject({ planet: 'Saturn', certificateLab: lab, sizeMm: 8.5, weightCarats: 5.25 });
  });

  it('lists every error by row and column, and applies nothing while any is left', async () => {
    const id = await make.product(t, { price: 100 });
    const body = csv([
      ['id', 'name', 'category', 'price', 'mrp', 'stock', 'mukhi', 'description'],
      [id, 'Fine', 'rudraksha', '120', '', '10', '5', 'ok'],
      [id, 'Twice', 'rudraksha', '120', '', '5', '', ''],
      ['', '=cmd|/C calc!A0', 'gems', '-4', '', '2', '', '@SUM(A1)'],
      ['', 'No category', '', 'abc', '', '1.5', '30', ''],
      ['not-a-uuid', 'x', 'gems', '10', '5', '1', '', ''],
      ['', 'Short row'],
    ]);
    const res = await preview(body);
    expect(res.statusCode).toBe(200);
    const plan = res.json<ImportPreview>();
    const errorsOf = (row: number) =>
      plan.rows
        .find((r) => r.row === row)!
        .errors.map((e) => e.column)
        .sort();
    expect(plan.rows[0]).toMatchObject({ action: 'update', errors: [] });
    expect(errorsOf(3)).toEqual(['id']);
    expect(errorsOf(4)).toEqual(['description', 'name', 'price']);
    expect(errorsOf(5)).toEqual(['category', 'mukhi', 'price', 'stock']);
    expect(errorsOf(6)).toEqual(['id', 'mrp']);
    expect(errorsOf(7)).toContain('');
    expect(plan.counts.invalid).toBe(5);
    const refused = await apply(body, plan.plan);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('IMPORT_INVALID');
    const [still] = await t.db.select().from(products).where(eq(products.id, id));
    expect(still!.pricePaise).toBe(10_000);
  });

  it('refuses to apply when the catalog changed after the preview', async () => {
    const id = await make.product(t, { stock: 5 });
    const body = csv([
      ['id', 'stock', 'stock_version'],
      [id, '50', await stockVersion(id)],
    ]);
    const plan = (await preview(body)).json<ImportPreview>();
    expect(plan.rows[0]).toMatchObject({ action: 'update' });
    const buyer = await make.customer(t);
    expect((await make.codOrder(t, buyer.token, id, 1)).statusCode).toBe(201);
    const res = await apply(body, plan.plan);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('IMPORT_STALE');
    const [row] = await t.db.select().from(products).where(eq(products.id, id));
    expect(row!.countInStock).toBe(4);
  });

  it('an import that sells a saved product out leaves the customers who saved it waiting (issue 28)', async () => {
    const fan = await make.customer(t);
    const id = await make.product(t, { stock: 3 });
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/users/wishlist',
      headers: bearer(fan.token),
      payload: { product: id },
    });
    expect(saved.statusCode).toBe(201);
    const body = csv([
      ['id', 'stock', 'stock_version'],
      [id, '0', await stockVersion(id)],
    ]);
    expect((await apply(body, (await preview(body)).json<ImportPreview>().plan)).statusCode).toBe(200);
    expect(await t.db.select().from(stockAlerts).where(eq(stockAlerts.productId, id))).toMatchObject([
      { userId: fan._id, phone: fan.phone, productUrl: `${t.config.publicUrl}/product/${id}`, notifiedAt: null },
    ]);
  });

  it('refuses files it cannot read, changing nothing', async () => {
    const cases: Array<[string | Buffer, number, string]> = [
      [Buffer.from([0xff, 0xfe, 0x69, 0x00, 0x64, 0x00]), 400, 'UTF-16'],
      [Buffer.from('name,price\r\nCaf\xe9,100', 'latin1'), 400, 'not UTF-8'],
      [Buffer.from('PK\u0003\u0004\u0000\u0000binary'), 400, 'not text'],
      ['', 400, 'request body'],
      ['name,colour\r\nA,red', 400, 'Unknown column "colour"'],
      ['name,name\r\nA,B', 400, 'appears twice'],
      ['name,price', 400, 'no products'],
      ['name,price\r\n"Open quote,100', 400, 'never closed'],
      [`name,price\r\n${'A,1\r\n'.repeat(5001)}`, 413, 'at most 5000'],
      [Buffer.alloc(2 * 1024 * 1024 + 10, 'a'), 413, 'larger than 2 MB'],
    ];
    const before = await t.db.select().from(products);
    for (const [body, status, message] of cases) {
      const res = await preview(body);
      expect(res.statusCode, message).toBe(status);
      expect(res.json().message, message).toContain(message);
      const applied = await apply(body, 'a'.repeat(64));
      expect(applied.statusCode, message).toBe(status);
    }
    expect(await t.db.select().from(products)).toEqual(before);
  });

  it('exports, sets and clears a product’s own HSN code, GST rate and UQC (issue 24), naming a bad column', async () => {
    const id = await make.product(t, { category: 'gems', price: 1000, columns: { hsnCode: '71039100' } });
    const header = (await exported())[0]!;
    const own = (await exported()).find((r) => r[0] === id)!;
    const cellAt = (column: string) => own[header.indexOf(column)];
    expect([cellAt('hsn_code'), cellAt('gst_percent'), cellAt('uqc')]).toEqual(['71039100', '', '']);

    const body = csv([
      ['id', 'hsn_code', 'gst_percent', 'uqc'],
      [id, '', '0.25', 'prs'],
    ]);
    const plan = (await preview(body)).json<ImportPreview>();
    expect(plan.rows[0]).toMatchObject({
      action: 'update',
      errors: [],
      changes: [
        { column: 'hsn_code', from: '71039100', to: '' },
        { column: 'gst_percent', from: '', to: '0.25' },
        { column: 'uqc', from: '', to: 'PRS' },
      ],
    });
    expect((await apply(body, plan.plan)).statusCode).toBe(200);
    const [stored] = await t.db.select().from(products).where(eq(products.id, id));
    expect(stored).toMatchObject({ hsnCode: null, gstBasisPoints: 25, uqc: 'PRS' });
    const again = (await exported()).find((r) => r[0] === id)!;
    expect([
      again[header.indexOf('hsn_code')],
      again[header.indexOf('gst_percent')],
      again[header.indexOf('uqc')],
    ]).toEqual(['', '0.25', 'PRS']);

    const bad = csv([
      ['id', 'hsn_code', 'gst_percent', 'uqc'],
      [id, '71031', '7', 'KGS'],
    ]);
    const refused = (await preview(bad)).json<ImportPreview>();
    expect(refused.rows[0]!.errors.map((e) => e.column).sort()).toEqual(['gst_percent', 'hsn_code', 'uqc']);
  });

  it('reads a quoted cell with commas, line breaks and doubled quotes as its text', async () => {
    const id = await make.product(t, {});
    const description = 'Line one, with a comma\nLine "two", quoted\r\nand a third';
    const body = `id,description\n${id},"${description.replaceAll('"', '""')}"\r\n`;
    const plan = (await preview(body)).json<ImportPreview>();
    expect(plan.rows).toHaveLength(1);
    expect(plan.rows[0]).toMatchObject({ action: 'update', errors: [] });
    expect((await apply(body, plan.plan)).statusCode).toBe(200);
    const [stored] = await t.db.select().from(products).where(eq(products.id, id));
    expect(stored!.description).toBe(description);
  });

  it('refuses a row breaking the MRP rule with the admin form’s message, at the product’s own rate', async () => {
    const [viaFile, viaForm] = [
      await make.product(t, { category: 'gems', price: 100, columns: { mrpPaise: 15_000 } }),
      await make.product(t, { category: 'gems', price: 100, columns: { mrpPaise: 15_000 } }),
    ];
    // ₹140 with 18% GST is ₹165.20, above the stored ₹150 MRP.
    const form = await asAdmin('PUT', `/api/products/${viaForm}`, { price: 140 });
    expect(form.statusCode).toBe(400);
    const body = csv([
      ['id', 'price'],
      [viaFile, '140'],
    ]);
    const plan = (await preview(body)).json<ImportPreview>();
    expect(plan.rows[0]).toMatchObject({
      action: 'invalid',
      errors: [{ column: 'mrp', message: form.json<{ message: string }>().message }],
    });
    // The file's own rate counts: at 3% the price with GST (₹144.20) is within the MRP.
    const atOwnRate = csv([
      ['id', 'price', 'gst_percent'],
      [viaFile, '140', '3'],
    ]);
    const planned = (await preview(atOwnRate)).json<ImportPreview>();
    expect(planned.rows[0]).toMatchObject({ action: 'update', errors: [] });
    expect((await apply(atOwnRate, planned.plan)).statusCode).toBe(200);
    const [stored] = await t.db.select().from(products).where(eq(products.id, viaFile));
    expect(stored).toMatchObject({ pricePaise: 14_000, gstBasisPoints: 300 });
  });

  it('takes a file with Excel’s byte-order mark and an apostrophe before formula-like text', async () => {
    const id = await make.product(t, {});
    const body = `\ufeffid,name\r\n${id},'=Not a formula`;
    const plan = (await preview(body)).json<ImportPreview>();
    expect(plan.rows[0]).toMatchObject({ action: 'update', changes: [{ column: 'name', to: '=Not a formula' }] });
  });
});

describe('the stock column of an import (issue 23)', () => {
  /** The export's rows for these products, by id, as the cells of the file. */
  async function exportedRows(ids: string[]): Promise<{ header: string[]; rows: string[][] }> {
    const [header, ...rows] = await exported();
    return { header: header!, rows: ids.map((id) => rows.find((r) => r[0] === id)!) };
  }
  const fileOf = (header: string[], rows: string[][]) =>
    [header, ...rows].map((r) => r.map(csvField).join(',')).join('\r\n');
  const column = (header: string[], name: string) => header.indexOf(name);
  const stockOf = async (id: string) =>
    (await t.db.select({ n: products.countInStock }).from(products).where(eq(products.id, id)))[0]!.n;

  it('leaves a sale made after the export sold when the file changes only the price', async () => {
    const id = await make.product(t, { stock: 6, price: 100 });
    const { header, rows } = await exportedRows([id]);
    const buyer = await make.customer(t);
    expect((await make.codOrder(t, buyer.token, id, 1)).statusCode).toBe(201);
    rows[0]![column(header, 'price')] = '120.00';
    const body = fileOf(header, rows);
    const plan = (await preview(body)).json<ImportPreview>();
    expect(plan.rows[0]).toMatchObject({
      action: 'update',
      changes: [{ column: 'price', from: '100.00', to: '120.00' }],
      conflicts: [],
    });
    expect((await apply(body, plan.plan)).json()).toMatchObject({ updated: 1, conflicts: 0 });
    const [row] = await t.db.select().from(products).where(eq(products.id, id));
    expect(row).toMatchObject({ pricePaise: 12_000, countInStock: 5 });
  });

  it('applies a stock the owner changed while it has not moved; after a sale that row is a conflict, left whole, and the others apply', async () => {
    const [still, sold, other] = await Promise.all([1, 2, 3].map(() => make.product(t, { stock: 8, price: 100 })));
    const { header, rows } = await exportedRows([still!, sold!, other!]);
    const buyer = await make.customer(t);
    expect((await make.codOrder(t, buyer.token, sold!, 2)).statusCode).toBe(201);
    rows[0]![column(header, 'stock')] = '20';
    rows[1]![column(header, 'stock')] = '20';
    rows[1]![column(header, 'price')] = '150.00';
    rows[2]![column(header, 'price')] = '130.00';
    const body = fileOf(header, rows);
    const plan = (await preview(body)).json<ImportPreview>();
    expect(plan.counts).toEqual({ create: 0, update: 2, unchanged: 0, conflict: 1, invalid: 0 });
    expect(plan.rows[0]).toMatchObject({ action: 'update', changes: [{ column: 'stock', from: '8', to: '20' }] });
    expect(plan.rows[1]).toMatchObject({
      action: 'conflict',
      _id: sold,
      errors: [],
      conflicts: [{ column: 'stock', message: expect.stringContaining('moved from 8 to 6 after the export') }],
    });
    expect((await apply(body, plan.plan)).json()).toEqual({ created: 0, updated: 2, unchanged: 0, conflicts: 1 });
    expect([await stockOf(still!), await stockOf(sold!), await stockOf(other!)]).toEqual([20, 6, 8]);
    const [left] = await t.db.select().from(products).where(eq(products.id, sold!));
    expect(left!.pricePaise).toBe(10_000);
    const [priced] = await t.db.select().from(products).where(eq(products.id, other!));
    expect(priced!.pricePaise).toBe(13_000);
    // The same file again: the applied rows have nothing left to write; the sold one is still a conflict.
    const again = (await preview(body)).json<ImportPreview>();
    expect(again.rows.map((r) => r.action)).toEqual(['unchanged', 'conflict', 'unchanged']);
    expect(await ledgerDisagreements(t.db)).toEqual([]);
  });

  it('takes no stock for a product without the version it was exported at, and refuses a version not its own', async () => {
    const [id, other] = await Promise.all([make.product(t, { stock: 4 }), make.product(t, { stock: 4 })]);
    const bare = csv([
      ['id', 'stock', 'brand'],
      [id, '9', 'New brand'],
      [other, '4', 'Same stock'],
    ]);
    const plan = (await preview(bare)).json<ImportPreview>();
    expect(plan.rows.map((r) => r.action)).toEqual(['conflict', 'update']);
    expect(plan.rows[0]!.conflicts[0]!.message).toContain('does not say which stock it was exported with');
    const foreign = csv([
      ['id', 'stock', 'stock_version'],
      [id, '9', await stockVersion(other)],
      [other, '5', 'v7'],
    ]);
    const refused = (await preview(foreign)).json<ImportPreview>();
    expect(refused.rows.map((r) => [r.action, r.errors.map((e) => e.column)])).toEqual([
      ['invalid', ['stock_version']],
      ['invalid', ['stock_version']],
    ]);
    expect(await stockOf(id)).toBe(4);
  });
});

describe('one cell rule for the import, the export and the API (issue 23)', () => {
  const samples = ['-dash', '=SUM(A1)', '+91 98', '@here', "'quoted", "''twice", 'plain, with "quotes"', '₹ 1,200'];

  it('reads CSV as spreadsheets write it: mixed line ends, blank lines, quotes inside and around cells', () => {
    const text = 'a,b\r\n"x, ""y""\nz",2\n\r\nq"r,\r"open"\r\n,\n';
    expect(parseCsv(text)).toEqual([['a', 'b'], ['x, "y"\nz', '2'], ['q"r', ''], ['open'], ['', '']]);
    expect(() => parseCsv('a,b\r\n"never closed,1\r\n')).toThrow(/never closed/);
  });

  it('reads back every text the export writes, and refuses what a spreadsheet would run', () => {
    for (const text of samples) {
      const [cell] = parseCsv(csvField(text))[0]!;
      expect(readCell(cell!), text).toEqual({ text });
    }
    for (const cell of ['-1+1', '=1+1', '+1', '@SUM(A1)', ' =1+1'])
      expect(readCell(cell).problem, cell).toMatch(/formula/);
    for (const cell of ['bell\u0007', 'nul\u0000', 'del\u007f', '\u009bcsi']) {
      expect(readCell(cell).problem, JSON.stringify(cell)).toMatch(/control character/);
    }
    expect(readCell('tab\tinside, and\nline breaks')).toEqual({ text: 'tab\tinside, and\nline breaks' });
  });

  it('refuses in a cell what the API refuses in a field, and a dash first without the apostrophe', async () => {
    const id = await make.product(t, { stock: 3 });
    const api = await asAdmin('PUT', `/api/products/${id}`, { description: 'ring\u0007bell' });
    expect(api.statusCode).toBe(400);
    const body = csv([
      ['id', 'name', 'description', 'brand'],
      [id, 'Fine name', 'ring\u0007bell', 'ok'],
      [id, '-dash name', 'ok', "'-dash brand"],
    ]);
    const plan = (await preview(body)).json<ImportPreview>();
    expect(plan.rows[0]).toMatchObject({ action: 'invalid', errors: [{ column: 'description' }] });
    expect(plan.rows[0]!.errors[0]!.message).toContain('control character');
    expect(plan.rows[1]!.errors).toContainEqual({ column: 'name', message: expect.stringContaining('formula') });
    expect(plan.rows[1]!.errors.map((e) => e.column)).not.toContain('brand');

    // A dash first, saved through the API, goes out with the apostrophe and reads back unchanged.
    expect((await asAdmin('PUT', `/api/products/${id}`, { brand: '-Nepal-' })).statusCode).toBe(200);
    const row = (await exported()).find((r) => r[0] === id)!;
    expect(row).toContain("'-Nepal-");
    const file = (await asAdmin('GET', '/api/admin/catalog/export')).body;
    const planned = (await preview(file)).json<ImportPreview>();
    expect(planned.rows.find((r) => r._id === id)).toMatchObject({ action: 'unchanged' });
  });

  it('names at most five unknown columns, and how many more there are', async () => {
    const header = ['name', ...Array.from({ length: 300 }, (_, i) => `extra_${i}`)].join(',');
    const res = await preview(`${header}\r\nA`);
    expect(res.statusCode).toBe(400);
    const message: string = res.json().message;
    expect(message).toContain('Unknown columns "extra_0", "extra_1", "extra_2", "extra_3", "extra_4" and 295 more.');
    expect(message).not.toContain('extra_5"');
    // Bounded: the five names and the file's own column list (issue 25 added the variant columns, issue
    // 27 the package columns).
    expect(message.length).toBeLessThan(800);
  });
});

describe('stock history and the ledger', () => {
  it('records orders, cancels, holds, releases and admin edits with who and why, newest first', async () => {
    const id = await make.product(t, { stock: 10 });
    const buyer = await make.customer(t);
    const placed = (await make.codOrder(t, buyer.token, id, 2)).json<Order>();
    expect((await asAdmin('PUT', `/api/orders/${placed._id}/cancel`)).statusCode).toBe(200);
    const hold = await make.paymentHold(t, buyer.token, id, 3);
    const released = await t.app.inject({
      method: 'POST',
      url: `/api/payments/razorpay/order/${hold.orderId}/release`,
      headers: bearer(buyer.token),
    });
    expect(released.statusCode).toBe(200);
    const edit = await asAdmin('PUT', `/api/products/${id}`, { countInStock: 12, stockWas: 10 });
    expect(edit.statusCode, edit.body).toBe(200);

    const res = await asAdmin('GET', `/api/admin/products/${id}/stock-history`);
    expect(res.statusCode).toBe(200);
    const entries = res.json<{ entries: Array<Record<string, unknown>> }>().entries;
    expect(entries.map((e) => [e.reason, e.before, e.after])).toEqual([
      ['admin-edit', 10, 12],
      ['release', 7, 10],
      ['hold', 10, 7],
      ['cancel', 8, 10],
      ['order', 10, 8],
      ['created', 0, 10],
    ]);
    expect(entries[0]).toMatchObject({ actorName: expect.any(String), reference: null });
    // Issue 23: a cancellation names the admin who made it.
    expect(entries[3]).toMatchObject({ reference: placed._id, actorName: expect.any(String) });
    expect(entries[3]!.actorName).toBe(entries[0]!.actorName);
    // Issue 32: and says that the one who cancelled is on the staff, the one who ordered a customer.
    expect(entries[3]).toMatchObject({ actorIsStaff: true });
    expect(entries[4]).toMatchObject({ actorName: 'Test Customer', actorIsStaff: false });
    expect(entries[1]).toMatchObject({
      reference: expect.any(String),
      actorName: 'Test Customer',
      actorIsStaff: false,
    });
    expect(await ledgerDisagreements(t.db)).toEqual([]);
  });

  it('answers 404 for a product that does not exist', async () => {
    expect(
      (await asAdmin('GET', '/api/admin/products/00000000-0000-4000-8000-000000000000/stock-history')).statusCode,
    ).toBe(404);
    expect((await asAdmin('GET', '/api/admin/products/nope/stock-history')).statusCode).toBe(404);
  });

  it('agrees with the stock after orders, holds, cancels, edits and imports at once', async () => {
    const ids = await Promise.all(Array.from({ length: 3 }, () => make.product(t, { stock: 30 })));
    const buyers = await Promise.all(Array.from({ length: 6 }, () => make.customer(t)));
    const placed = await Promise.all(
      buyers.flatMap((b, i) => [
        make.codOrder(t, b.token, ids[i % 3]!, 2),
        make.codOrder(t, b.token, ids[(i + 1) % 3]!, 1),
      ]),
    );
    const orderIds = placed.filter((r) => r.statusCode === 201).map((r) => r.json<Order>()._id);
    const importBody = `id,stock,stock_version\r\n${ids[2]},40,${await stockVersion(ids[2]!)}`;
    await Promise.all([
      ...orderIds.slice(0, 4).map((o) => asAdmin('PUT', `/api/orders/${o}/cancel`)),
      ...buyers.map((b, i) => make.paymentHold(t, b.token, ids[i % 3]!, 1).catch(() => null)),
      asAdmin('PUT', `/api/products/${ids[0]}`, { countInStock: 25 }),
      preview(importBody).then((r) => apply(importBody, r.json<ImportPreview>().plan)),
    ]);
    expect(await ledgerDisagreements(t.db)).toEqual([]);
    expect(await salesDisagreements(t.db)).toEqual([]);
    const reasons = await t.db
      .select({ reason: stockLedger.reason })
      .from(stockLedger)
      .where(inArray(stockLedger.productId, ids));
    expect(reasons.some((r) => r.reason === 'direct')).toBe(false);
  });

  it('catches a disagreement (the check can fail)', async () => {
    const id = await make.product(t, { stock: 3 });
    await t.db.delete(stockLedger).where(eq(stockLedger.productId, id));
    expect(await ledgerDisagreements(t.db)).toEqual([
      { productId: id, problem: 'the changes add up to 0, the stock is 3' },
    ]);
    await t.db.update(products).set({ countInStock: 0 }).where(eq(products.id, id));
    await t.db.insert(stockLedger).values({ productId: id, before: 0, after: 0, reason: 'direct' });
    await t.db.delete(stockLedger).where(eq(stockLedger.productId, id));
  });
});
