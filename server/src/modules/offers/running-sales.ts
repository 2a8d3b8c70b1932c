import type { RunningSale } from '@rr/core';
import { and, asc, eq, gt, lte } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { sales } from '../../db/schema/index.ts';

/** The sales running at `now` (active, started, not ended), the one ending first first. */
export async function runningSales(db: Database, now: Date = new Date()): Promise<RunningSale[]> {
  const rows = await db
    .select()
    .from(sales)
    .where(and(eq(sales.isActive, true), lte(sales.startsAt, now), gt(sales.endsAt, now)))
    .orderBy(asc(sales.endsAt), asc(sales.id));
  return rows.map((s) => ({
    _id: s.id,
    name: s.name,
    percentOff: s.percentOff,
    banner: s.banner,
    categories: s.categories,
    products: s.productIds,
    endsAt: s.endsAt.toISOString(),
  }));
}
