/**
 * Issue 31: what a Cash on Delivery order costs the database, without changing what it does. Counted by
 * test triggers (rows updated, statements run) and by the statements the server sends: each product row
 * an order takes stock from is updated once (its stock and its units sold together), a delivery or a
 * shipment that invoices an order updates the order's row once, the wishlisters' alert statement runs
 * only when a product may have run out, and placing an order reads the customer's row once (the lock).
 */
import type { PGlite } from '@electric-sql/pglite';
import { and, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRows } from '../src/db/client.ts';
import { shortOrderNumber } from '@rr/core';
import { orders, outboxMessages, products, stockAlerts } from '../src/db/schema/index.ts';
import { bearer, createTestApp, type TestApp } from './helpers.ts';
import * as make from './factories.ts';

let t: TestApp;
let admin: string;

const COUNTERS = [
  'create table test_writes (what text not null)',
  `create function test_count_write() returns trigger language plpgsql as $$
    begin insert into test_writes values (TG_ARGV[0]); return null; end $$`,
  `create trigger test_products_rows after update on products for each row execute function test_count_write('products row')`,
  `create trigger test_orders_rows after update on orders for each row execute function test_count_write('orders row')`,
  `create trigger test_alert_statements after insert on stock_alerts for each statement
    execute function test_count_write('stock_alerts statement')`,
];

beforeAll(async () => {
  t = await createTestApp();
  for (const statement of COUNTERS) await t.db.execute(sql.raw(statement));
  admin = (await make.admin(t)).token;
});
afterAll(async () => {
  await t?.close();
});

/** What `action` wrote, by the counters above: how many of each. */
async function writesOf(action: () => Promise<unknown>): Promise<Record<string, number>> {
  await t.db.execute(sql`delete from test_writes`);
  await action();
  const rows = await rawRows<{ what: string; n: number }>(
    t.db,
    sql`select what, count(*)::int as n from test_writes group by what`,
  );
  return Object.fromEntries(rows.map((r) => [r.what, r.n]));
}

/** The text of every statement the server sends while `action` runs (either database). */
async function statementsOf(action: () => Promise<unknown>): Promise<string[]> {
  return (await sentStatements(action)).map((sent) => sent.text);
}

/** A statement sent and the connection it went on (PGlite: its one connection). */
interface Sent {
  connection: object;
  text: string;
}

/** Every statement the server sends while `action` runs, with its connection (either database). */
async function sentStatements(action: () => Promise<unknown>): Promise<Sent[]> {
  const texts: Sent[] = [];
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const config = args[0] as string | { text?: string };
    texts.push({ connection: this, text: typeof config === 'string' ? config : (config.text ?? '') });
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
  // PGlite: every statement of the extended protocol starts with a Parse message ('P') naming its text.
  const pglite = t.database.kind === 'pglite' ? (t.db as unknown as { $client: PGlite }).$client : null;
  const exec = pglite?.execProtocolRawSync;
  if (pglite && exec) {
    const decoder = new TextDecoder();
    pglite.execProtocolRawSync = (message: Uint8Array) => {
      if (message[0] === 0x50) {
        const start = message.indexOf(0, 5) + 1;
        texts.push({ connection: pglite, text: decoder.decode(message.subarray(start, message.indexOf(0, start))) });
      }
      // A simple query ('Q', its text after the length): how PGlite begins and ends a transaction.
      if (message[0] === 0x51) {
        texts.push({ connection: pglite, text: decoder.decode(message.subarray(5, message.indexOf(0, 5))) });
      }
      return exec.call(pglite, message);
    };
  }
  try {
    await action();
  } finally {
    pg.Client.prototype.query = query;
    if (pglite && exec) pglite.execProtocolRawSync = exec;
  }
  return texts;
}

/**
 * The round trips of the transaction that sent a statement like `marker`: its connection's statements
 * between the `begin` before it and the `commit` after (the app's other work, such as the outbox's poll,
 * goes on other connections meanwhile).
 */
function inTransaction(sent: Sent[], marker: RegExp): string[] {
  const at = sent.findIndex((s) => marker.test(s.text));
  expect(at, `a statement like ${String(marker)}`).toBeGreaterThanOrEqual(0);
  const own = sent.filter((s) => s.connection === sent[at]!.connection).map((s) => s.text);
  const mark = own.findIndex((text) => marker.test(text));
  const begin = own.findLastIndex((text, i) => i < mark && /^begin$/i.test(text.trim()));
  const commit = own.findIndex((text, i) => i > mark && /^commit$/i.test(text.trim()));
  expect(
    [begin, commit].every((i) => i >= 0),
    'the change ran one transaction',
  ).toBe(true);
  return own.slice(begin + 1, commit);
}

const deliver = (id: string) =>
  t.app.inject({ method: 'PUT', url: `/api/orders/${id}/deliver`, headers: bearer(admin), payload: {} });
const stockOf = async (id: string) =>
  (
    await t.db
      .select({ count: products.countInStock, sold: products.unitsSold })
      .from(products)
      .where(eq(products.id, id))
  )[0]!;

describe('one Cash on Delivery order', () => {
  it('updates each product it takes stock from once: the stock and the units sold together', async () => {
    const first = await make.product(t, { stock: 10 });
    const second = await make.product(t, { stock: 5 });
    const customer = await make.customer(t);
    let placed: Awaited<ReturnType<typeof make.codOrder>> | undefined;
    const writes = await writesOf(async () => {
      placed = await make.codOrderOf(t, customer.token, [
        { product: first, qty: 2 },
        { product: second, qty: 1 },
      ]);
    });
    expect(placed!.statusCode, placed!.body).toBe(201);
    expect(writes['products row']).toBe(2);
    expect(await stockOf(first)).toEqual({ count: 8, sold: 2 });
    expect(await stockOf(second)).toEqual({ count: 4, sold: 1 });
  });

  it('runs the wishlisters’ alert only when a product may have run out, and still alerts them then', async () => {
    const id = await make.product(t, { stock: 2 });
    const saver = await make.customer(t);
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/users/wishlist',
      headers: bearer(saver.token),
      payload: { product: id },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const buyer = await make.customer(t);

    const leavesOne = await writesOf(async () =>
      expect((await make.codOrder(t, buyer.token, id)).statusCode).toBe(201),
    );
    expect(leavesOne['stock_alerts statement']).toBeUndefined();
    expect(await t.db.select().from(stockAlerts).where(eq(stockAlerts.productId, id))).toEqual([]);

    const sellsOut = await writesOf(async () => expect((await make.codOrder(t, buyer.token, id)).statusCode).toBe(201));
    expect(sellsOut['stock_alerts statement']).toBe(1);
    const alerts = await t.db.select().from(stockAlerts).where(eq(stockAlerts.productId, id));
    expect(alerts.map((a) => a.phone)).toEqual([saver.phone]);
  });

  it('reads the customer’s row once, as it locks it, also for an order that waits for its code', async () => {
    const id = await make.product(t);
    const unproven = await make.customer(t, {}, { phoneProven: false });
    // Signed in: the session's user is read (and kept) before, as for any request of theirs.
    expect((await t.app.inject({ url: '/api/users/profile', headers: bearer(unproven.token) })).statusCode).toBe(200);
    let placed: Awaited<ReturnType<typeof make.codOrder>> | undefined;
    const statements = await statementsOf(async () => {
      placed = await make.codOrder(t, unproven.token, id);
    });
    expect(placed!.statusCode, placed!.body).toBe(201);
    // It waits for the code sent to the phone never proven (decision 0030).
    const [row] = await t.db
      .select({ confirmBy: orders.confirmBy })
      .from(orders)
      .where(eq(orders.id, placed!.json<{ _id: string }>()._id));
    expect(row!.confirmBy).not.toBeNull();
    expect(statements.filter((text) => /from "users"/.test(text))).toEqual([
      expect.stringMatching(
        /"whatsapp_opt_in_at", "phone_verified_at", "language", "order_emails" from "users" .* for update$/,
      ),
    ]);
  });
  it('writes its news from what its transaction already has: 15 statements, the account and the lines read once', async () => {
    const id = await make.product(t);
    const customer = await make.customer(t);
    let placed: Awaited<ReturnType<typeof make.codOrder>> | undefined;
    const statements = inTransaction(
      await sentStatements(async () => {
        placed = await make.codOrder(t, customer.token, id);
      }),
      /^insert into "orders"/,
    );
    expect(placed!.statusCode, placed!.body).toBe(201);
    // The account as it was locked (not read again for the news), the order as it was inserted (not read
    // back), its lines read once for the news' items and savings.
    expect(statements.filter((text) => /from "users"/.test(text))).toHaveLength(1);
    expect(statements.filter((text) => /^select [^(]*from "orders" where "orders"."id" = \$1/.test(text))).toEqual([]);
    expect(statements.filter((text) => /^select [^(]*from "order_items"/.test(text))).toHaveLength(1);
    // The customer's open COD orders counted and added up in one statement (issue 31: was two).
    expect(statements.filter((text) => /^select count\(\*\)/.test(text))).toEqual([
      expect.stringMatching(/^select count\(\*\), coalesce\(sum\(.*from "orders" where \("orders"\."user_id" = \$1/),
    ]);
    expect(statements).toHaveLength(15);
    const [news] = await t.db
      .select({ kind: outboxMessages.kind, text: outboxMessages.text })
      .from(outboxMessages)
      .where(and(eq(outboxMessages.recipient, customer.phone), eq(outboxMessages.kind, 'order_placed')));
    expect(news!.text).toContain(shortOrderNumber(placed!.json<{ _id: string }>()._id));
  });
});

describe('an order delivered or shipped', () => {
  it('is delivered in 12 statements: the account read once for the news and the review request', async () => {
    const customer = await make.customer(t);
    const placed = await make.codOrder(t, customer.token, await make.product(t));
    const id = placed.json<{ _id: string }>()._id;
    let delivered: Awaited<ReturnType<typeof deliver>> | undefined;
    const statements = inTransaction(
      await sentStatements(async () => {
        delivered = await deliver(id);
      }),
      /^update "orders" set "is_delivered"/,
    );
    expect(delivered!.statusCode, delivered!.body).toBe(200);
    expect(statements.filter((text) => /"order_emails"/.test(text))).toHaveLength(1);
    // The lines read once for the review request (with whether each is reviewed), once inside the ratings' read.
    expect(statements.filter((text) => /"order_items"/.test(text))).toHaveLength(2);
    expect(statements).toHaveLength(12);
    const asked = await t.db
      .select({ kind: outboxMessages.kind })
      .from(outboxMessages)
      .where(and(eq(outboxMessages.recipient, customer.phone), eq(outboxMessages.kind, 'review_request')));
    expect(asked.length).toBeGreaterThan(0);
  });

  it('is delivered and invoiced in one update of its row', async () => {
    const customer = await make.customer(t);
    const placed = await make.codOrder(t, customer.token, await make.product(t));
    const id = placed.json<{ _id: string }>()._id;
    let delivered: Awaited<ReturnType<typeof deliver>> | undefined;
    const writes = await writesOf(async () => {
      delivered = await deliver(id);
    });
    expect(delivered!.statusCode, delivered!.body).toBe(200);
    expect(delivered!.json()).toMatchObject({ isDelivered: true, invoiceNumber: expect.stringMatching(/\/\d{7}$/) });
    expect(writes['orders row']).toBe(1);
  });

  it('is shipped and invoiced in one update of its row; delivering it then leaves the invoice as it was', async () => {
    const customer = await make.customer(t);
    const placed = await make.codOrder(t, customer.token, await make.product(t));
    const id = placed.json<{ _id: string }>()._id;
    let shipped: Awaited<ReturnType<typeof deliver>> | undefined;
    const writes = await writesOf(async () => {
      shipped = await t.app.inject({
        method: 'PUT',
        url: `/api/orders/${id}/ship`,
        headers: bearer(admin),
        payload: { courier: 'Delhivery', trackingNumber: '1234567890123' },
      });
    });
    expect(shipped!.statusCode, shipped!.body).toBe(200);
    const invoiceNumber = shipped!.json<{ invoiceNumber: string }>().invoiceNumber;
    expect(invoiceNumber).toMatch(/\/\d{7}$/);
    expect(writes['orders row']).toBe(1);
    const delivered = await deliver(id);
    expect(delivered.json()).toMatchObject({ isDelivered: true, invoiceNumber });
  });
});
