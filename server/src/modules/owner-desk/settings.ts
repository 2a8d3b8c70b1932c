import type { LowStockSetting } from '@rr/core';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { shopSettings } from '../../db/schema/index.ts';

/** The threshold when the settings row is missing (the migration makes it with this default). */
export const DEFAULT_LOW_STOCK = 3;

/** The low-stock threshold (the migration makes the one settings row). */
export async function lowStockThreshold(db: Database): Promise<number> {
  const [row] = await db.select({ threshold: shopSettings.lowStockThreshold }).from(shopSettings);
  return row?.threshold ?? DEFAULT_LOW_STOCK;
}

export async function setLowStockThreshold(db: Database, input: LowStockSetting): Promise<LowStockSetting> {
  await db
    .update(shopSettings)
    .set({ lowStockThreshold: input.lowStockThreshold, updatedAt: new Date() })
    .where(eq(shopSettings.id, 1));
  return { lowStockThreshold: await lowStockThreshold(db) };
}
