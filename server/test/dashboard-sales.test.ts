/**
 * The tables the owner's dashboard reads instead of the orders (migration 0020): order_sales_daily,
 * product_sales_daily and the 30-day product_sales_window. Each must equal a recount of the orders after
 * placements and cancellations made at once (as the stock ledger is checked against the stock), and the
 * window must stay right as the days pass, looking back as well as forward.
 */
import { type DashboardReply, type Order } from '@rr/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, productSalesWindowStart, products as productsTable } from '../src/db/schema/index.ts';
import { dashboard, istDay } from '../src/modules/owner-desk/dashboard.ts';
import { salesDisagreements } from '../src/modules/owner-desk/sales-check.ts';
import { ledgerDisagreements } from '../src/modules/stock/index.ts';
import { bearer, createTestApp, type TestApp } from './helpers.ts';
import * as make from './factories.ts';
import { deskOrderAt } from './dashboard-orders.ts';

let t: TestApp;
let adminToken: string;

beforeAll(async () => {
  t = await createTestApp();
  adminToken = (await make.admin(t)).token;
});
afterAll(async () => {
  await t?.close();
});

const DAY_MS = 86_400_000;
const cancel = (id: string) =>
  t.app.inject({ method: 'PUT', url: `/api/orders/${id}/cancel`, headers: bearer(adminToken) });

/** An order of `qty` units of one product at `pricePaise` each, placed at a given moment. */
const orderAt = (at: Date, productId: string, qty: number, pricePaise: number) =>
  deskOrderAt(t.db, at, qty * pricePaise, { productId, qty });

describe('the dashboard tables under orders placed and cancelled at once', () => {
  it('equal a recount of the orders after concurrent placements and cancellations, with no deadlock', async () => {
    const ids = await Promise.all(Array.from({ length: 4 }, () => make.product(t, { stock: 1000 })));
    const buyers = await Promise.all(Array.from({ length: 8 }, () => make.customer(t)));
    const first = await Promise.all(buyers.map((b, i) => make.codOrder(t, b.token, ids[i % 4]!, 2)));
    expect(first.map((r) => r.statusCode)).toEqual(Array(8).fill(201));
    const results = await Promise.all([
      // Each cart lists the same products in another order, while today's first orders are cancelled.
      ...Array.from({ length: 16 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/orders',
          headers: bearer(buyers[i % 8]!.token),
          payload: {
            orderItems: (i % 2 ? [...ids].reverse() : ids).map((product) => ({ product, qty: 1 })),
            shippingAddress: make.ADDRESS,
            paymentMethod: 'Cash on Delivery',
          },
        }),
      ),
      ...first.map((r) => cancel(r.json<Order>()._id)),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([...Array(16).fill(201), ...Array(8).fill(200)]);
    expect(await salesDisagreements(t.db)).toEqual([]);
    expect(await ledgerDisagreements(t.db)).toEqual([]);

    const reply = (
      await t.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: bearer(adminToken) })
    ).json<DashboardReply>();
    const today = reply.periods.today.current;
    const placedToday = (await t.db.select().from(orders)).filter(
      (o) => !o.isCancelled && istDay(o.createdAt) === istDay(new Date()),
    );
    expect(today.orders).toBe(placedToday.length);
    expect(today.revenue).toBe(placedToday.reduce((s, o) => s + o.totalPaise, 0) / 100);
    for (const id of ids) expect(reply.topByUnits.find((p) => p._id === id)?.units).toBe(16);
  });
});

describe('the top products window as the days pass', () => {
  const now = new Date();
  const at = (daysBack: number) => new Date(now.getTime() - daysBack * DAY_MS);
  const unitsOf = (reply: DashboardReply) =>
    Object.fromEntries(reply.topByUnits.map((p) => [p.name, p.units] as const));
  const products: Record<string, string> = {};
  let old = '';

  beforeAll(async () => {
    // Seven products, so the list of five leaves some out; sold 40, 20, 1 and 0 days ago, more than the
    // products of the concurrent orders above.
    for (const name of ['W1', 'W2', 'W3', 'W4', 'W5', 'W6', 'W7']) products[name] = await make.product(t, { name });
    old = await orderAt(at(40), products.W1!, 500, 100);
    await orderAt(at(20), products.W2!, 300, 100);
    await orderAt(at(20), products.W3!, 90, 100);
    await orderAt(at(1), products.W3!, 90, 100);
    await orderAt(at(1), products.W4!, 70, 100);
    await orderAt(at(0), products.W5!, 50, 100);
    await orderAt(at(0), products.W6!, 30, 100);
    await orderAt(at(0), products.W7!, 20, 100);
  });

  const w = (reply: DashboardReply) => {
    const units = unitsOf(reply);
    return Object.fromEntries(Object.keys(products).flatMap((n) => (units[n] ? [[n, units[n]]] : [])));
  };

  it('ranks the last 30 days, of products still in the catalog, five of them', async () => {
    expect(w(await dashboard(t.db, now))).toEqual({ W2: 300, W3: 180, W4: 70, W5: 50, W6: 30 });
    expect(await salesDisagreements(t.db)).toEqual([]);
  });

  it('rolls on when days have passed, taking off the days that left it', async () => {
    const later = new Date(now.getTime() + 15 * DAY_MS);
    // 15 days on, the orders of 20 days ago (35 by then) have left the window.
    expect(w(await dashboard(t.db, later))).toEqual({ W3: 90, W4: 70, W5: 50, W6: 30, W7: 20 });
    const [start] = await t.db.select().from(productSalesWindowStart);
    expect(start!.firstDay).toBe(istDay(later) - 29);
    expect(await salesDisagreements(t.db)).toEqual([]);
    // A change to a day before the window (cancelling a 40-day-old order) leaves it as it is.
    await t.db.update(orders).set({ isCancelled: true }).where(eq(orders.id, old));
    expect(await salesDisagreements(t.db)).toEqual([]);
    expect(w(await dashboard(t.db, later))).toEqual({ W3: 90, W4: 70, W5: 50, W6: 30, W7: 20 });
  });

  it('still answers a look back before the window, from the days themselves', async () => {
    expect(w(await dashboard(t.db, now))).toEqual({ W2: 300, W3: 180, W4: 70, W5: 50, W6: 30 });
    // The one left out comes in when a product leaves the catalog; the window is not moved back.
    await t.db.delete(productsTable).where(eq(productsTable.id, products.W2!));
    expect(w(await dashboard(t.db, now))).toEqual({ W3: 180, W4: 70, W5: 50, W6: 30, W7: 20 });
    expect(await salesDisagreements(t.db)).toEqual([]);
    const [start] = await t.db.select().from(productSalesWindowStart);
    expect(start!.firstDay).toBe(istDay(new Date(now.getTime() + 15 * DAY_MS)) - 29);
  });
});
