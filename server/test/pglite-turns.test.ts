import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPglite, pgliteHandle, rawRows, type DatabaseHandle } from '../src/db/client.ts';

// Issue 31, decision 0069: PGlite runs its statements inside the server's own thread. Each statement
// waits a turn of the event loop first, so other requests (answers from memory among them) are served
// between an order's statements instead of after the whole order.

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = pgliteHandle(newPglite());
  await handle.db.execute(sql`create table counter (id int primary key, n int not null)`);
  await handle.db.execute(sql`insert into counter values (1, 0)`);
});
afterAll(async () => {
  await handle?.close();
});

/** Counts the event loop's turns while `work` runs: what other requests would have had. */
async function turnsDuring(work: () => Promise<unknown>): Promise<number> {
  let turns = 0;
  let running = true;
  const spin = () => {
    if (!running) return;
    turns++;
    setImmediate(spin);
  };
  setImmediate(spin);
  try {
    await work();
  } finally {
    running = false;
  }
  return turns;
}

const STATEMENTS = 20;

describe('statements on PGlite take turns with the rest of the process', () => {
  it('lets the event loop turn before each statement of a transaction', async () => {
    const turns = await turnsDuring(() =>
      handle.db.transaction(async (tx) => {
        for (let i = 0; i < STATEMENTS; i++) await tx.execute(sql`update counter set n = n + 1 where id = 1`);
      }),
    );
    expect(turns).toBeGreaterThanOrEqual(STATEMENTS);
    const [row] = await rawRows<{ n: number }>(handle.db, sql`select n from counter where id = 1`);
    expect(row!.n).toBe(STATEMENTS);
  });

  it('and before each statement outside one', async () => {
    const turns = await turnsDuring(async () => {
      for (let i = 0; i < STATEMENTS; i++) await handle.db.execute(sql`select n from counter where id = 1`);
    });
    expect(turns).toBeGreaterThanOrEqual(STATEMENTS);
  });

  it('reads timestamps, dates, intervals and their arrays as PostgreSQL’s text, which drizzle converts itself', async () => {
    const [row] = await rawRows<Record<string, unknown>>(
      handle.db,
      sql`select timestamptz '2026-11-28 10:00:00+05:30' as at, date '2026-11-28' as day, interval '2 days' as span,
        array[date '2026-11-28'] as days, array[1.50]::numeric[] as amounts`,
    );
    expect(row).toEqual({
      at: '2026-11-28 04:30:00+00',
      day: '2026-11-28',
      span: '2 days',
      days: '{2026-11-28}',
      amounts: '{1.50}',
    });
  });

  it('still rolls a failed transaction back, and a statement waiting outside it runs after it', async () => {
    const before = (await rawRows<{ n: number }>(handle.db, sql`select n from counter where id = 1`))[0]!.n;
    let outsideSaw: number | null = null;
    const failing = handle.db.transaction(async (tx) => {
      await tx.execute(sql`update counter set n = n + 100 where id = 1`);
      // Another request's read, sent while the transaction is open: PGlite's one connection is the
      // transaction's, so it waits, and sees the value from after the rollback.
      void rawRows<{ n: number }>(handle.db, sql`select n from counter where id = 1`).then(([row]) => {
        outsideSaw = row!.n;
      });
      await tx.execute(sql`update counter set n = n + 100 where id = 1`);
      throw new Error('refused');
    });
    await expect(failing).rejects.toThrow('refused');
    await expect.poll(() => outsideSaw).toBe(before);
    const [after] = await rawRows<{ n: number }>(handle.db, sql`select n from counter where id = 1`);
    expect(after!.n).toBe(before);
  });
});
