/** Invoice serials: consecutive per series and financial year, no gaps and no duplicates under concurrency. */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { takeNextNumber } from '../src/modules/fulfilment/document-series.ts';
import { createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(() => t.close());

describe('document series', () => {
  it('numbers each series and financial year on its own, from 1', async () => {
    const take = (series: 'invoice' | 'credit-note', year: string) =>
      t.db.transaction((tx) => takeNextNumber(tx, series, year));
    expect(await take('invoice', '2030-31')).toBe(1);
    expect(await take('invoice', '2030-31')).toBe(2);
    expect(await take('credit-note', '2030-31')).toBe(1);
    expect(await take('invoice', '2031-32')).toBe(1);
    expect(await take('invoice', '2030-31')).toBe(3);
  });

  it('gives a rolled-back number back: the next issue takes it', async () => {
    await expect(
      t.db.transaction(async (tx) => {
        expect(await takeNextNumber(tx, 'invoice', '2032-33')).toBe(1);
        throw new Error('the shipment failed');
      }),
    ).rejects.toThrow('the shipment failed');
    expect(await t.db.transaction((tx) => takeNextNumber(tx, 'invoice', '2032-33'))).toBe(1);
  });

  it('issues 1..n exactly once to n concurrent transactions', async () => {
    const n = 40;
    const numbers = await Promise.all(
      Array.from({ length: n }, () =>
        t.db.transaction(async (tx) => {
          const number = await takeNextNumber(tx, 'invoice', '2033-34');
          // Work after taking the number keeps the row locked a while, as shipping an order does.
          await tx.execute(sql`select pg_sleep(0.005)`);
          return number;
        }),
      ),
    );
    expect([...numbers].sort((a, b) => a - b)).toEqual(Array.from({ length: n }, (_, i) => i + 1));
  });
});
