/**
 * readTogether (db/client.ts): reads that do not wait for each other run at once on the pool and one
 * after another in a transaction, whose one connection takes one statement at a time. Placing an order
 * reads its catalog, sales and shipping that way inside its transaction: node-postgres queued them with
 * a deprecation warning ("Calling client.query() when the client is already executing a query") that
 * `npm run load` printed, and pg 9 refuses them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readTogether } from '../src/db/client.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import * as make from './factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('readTogether', () => {
  it('runs reads one after another in a transaction and at once outside one, answering in order', async () => {
    const events: string[] = [];
    const read = (name: string, ms: number) => async () => {
      events.push(`start ${name}`);
      await sleep(ms);
      events.push(`end ${name}`);
      return name;
    };
    await t.db.transaction(async (tx) => {
      expect(await readTogether(tx, read('a', 30), read('b', 1))).toEqual(['a', 'b']);
    });
    expect(events).toEqual(['start a', 'end a', 'start b', 'end b']);

    events.length = 0;
    expect(await readTogether(t.db, read('a', 30), read('b', 1))).toEqual(['a', 'b']);
    expect(events).toEqual(['start a', 'start b', 'end b', 'end a']);
  });

  it('places an order without a statement sent to a busy connection', async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.message);
    process.on('warning', onWarning);
    try {
      const product = await make.product(t, { name: `Read together ${Math.random()}` });
      const buyer = await make.customer(t);
      const res = await make.codOrderOf(t, buyer.token, [{ product, qty: 1 }]);
      expect(res.statusCode).toBe(201);
      await sleep(50);
    } finally {
      process.off('warning', onWarning);
    }
    expect(warnings.filter((w) => w.includes('already executing a query'))).toEqual([]);
  });
});
