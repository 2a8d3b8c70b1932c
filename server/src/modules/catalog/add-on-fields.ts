import { inFieldOrder } from '@rr/core';
import { inArray } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { productAddOns } from '../../db/schema/index.ts';

interface AddOnLine {
  addOnId?: string | null;
  addOnValues?: Readonly<Record<string, string>> | null;
}

/**
 * Order lines with their add-ons' texts in the order the add-on asks for them (the wearer's name before
 * the gotra), as documents and messages print them: stored as JSONB, they come back in the database's
 * key order. An add-on removed since keeps the stored order.
 */
export async function withAddOnFieldOrder<L extends AddOnLine>(
  db: Database | Transaction,
  lines: readonly L[],
): Promise<L[]> {
  const ids = [...new Set(lines.flatMap((l) => (l.addOnId && l.addOnValues ? [l.addOnId] : [])))];
  if (ids.length === 0) return [...lines];
  const rows = await db
    .select({ id: productAddOns.id, fields: productAddOns.fields })
    .from(productAddOns)
    .where(inArray(productAddOns.id, ids));
  const fieldsOf = new Map(rows.map((r) => [r.id, r.fields.map((f) => f.name)]));
  return lines.map((l) =>
    l.addOnId && l.addOnValues ? { ...l, addOnValues: inFieldOrder(l.addOnValues, fieldsOf.get(l.addOnId) ?? []) } : l,
  );
}
