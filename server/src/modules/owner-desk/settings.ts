import type { LowStockSetting } from '@rr/core';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { shopSettings } from '../../db/schema/index.ts';
import { recordChange, type Actor } from '../audit/index.ts';

/** The threshold when the settings row is missing (the migration makes it with this default). */
export const DEFAULT_LOW_STOCK = 3;

/** The low-stock threshold (the migration makes the one settings row). */
export async function lowStockThreshold(db: Database): Promise<number> {
  const [row] = await db.select({ threshold: shopSettings.lowStockThreshold }).from(shopSettings);
  return row?.threshold ?? DEFAULT_LOW_STOCK;
}

/** Sets the threshold, recorded as `settings.low_stock` when it changes (issue 29). */
export async function setLowStockThreshold(
  db: Database,
  input: LowStockSetting,
  actor: Actor,
): Promise<LowStockSetting> {
  return db.transaction(async (tx) => {
    const [was] = await tx
      .select({ lowStockThreshold: shopSettings.lowStockThreshold })
      .from(shopSettings)
      .where(eq(shopSettings.id, 1))
      .for('update');
    await tx
      .update(shopSettings)
      .set({ lowStockThreshold: input.lowStockThreshold, updatedAt: new Date() })
      .where(eq(shopSettings.id, 1));
    const now = { lowStockThreshold: await lowStockThreshold(tx) };
    await recordChange(tx, actor, {
      action: 'settings.low_stock',
      entity: 'settings',
      entityId: 'low-stock',
      before: { lowStockThreshold: was?.lowStockThreshold ?? DEFAULT_LOW_STOCK },
      after: now,
    });
    return now;
  });
}
