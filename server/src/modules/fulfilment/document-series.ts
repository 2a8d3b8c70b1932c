import { sql } from 'drizzle-orm';
import type { DocumentKind } from '@rr/core';
import type { Transaction } from '../../db/client.ts';
import { documentSeries } from '../../db/schema/index.ts';

/**
 * The next number of a document series in a financial year (1, 2, 3, ...). Call it inside the
 * transaction that stores the document: the series row stays locked until that transaction ends, so
 * concurrent issues queue, numbers are consecutive, and a rolled-back issue leaves no gap.
 */
export async function takeNextNumber(tx: Transaction, series: DocumentKind, financialYear: string): Promise<number> {
  const [row] = await tx
    .insert(documentSeries)
    .values({ series, financialYear, lastNumber: 1 })
    .onConflictDoUpdate({
      target: [documentSeries.series, documentSeries.financialYear],
      set: { lastNumber: sql`${documentSeries.lastNumber} + 1` },
    })
    .returning({ lastNumber: documentSeries.lastNumber });
  return row!.lastNumber;
}
