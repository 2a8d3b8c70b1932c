import {
  DEFAULT_COD_MAX_PAISE,
  DEFAULT_CUTOFF_MINUTES,
  DEFAULT_PACKAGE,
  SHIPPING_ZONES,
  cutoffMinutesOf,
  cutoffTimeOf,
  toPaise,
  toRupees,
  type Package,
  type RateCard,
  type RateCardInput,
  type ShippingSettings,
  type ShippingSettingsUpdate,
  type ShippingZone,
  type ZoneRates,
} from '@rr/core';
import { eq } from 'drizzle-orm';
import { hotStatement, type Database, type Transaction } from '../../db/client.ts';
import { shopSettings } from '../../db/schema/index.ts';
import { recordChange, type Actor } from '../audit/index.ts';

/** The shop's shipping and Cash on Delivery settings as the server uses them (paise, minutes). */
export interface ShopShipping {
  rateCard: RateCard | null;
  codMaxPaise: number;
  codConfirmAbovePaise: number | null;
  codConfirmUnproven: boolean;
  /** Where parcels leave from: the owner's pickup pincode, else the seller's. */
  originPincode: string;
  cutoffMinutes: number;
  holidays: ReadonlySet<string>;
  defaultPackage: Package;
}

/** The settings when the row is missing (the migration makes it with these defaults). */
const defaults = (sellerPincode: string): ShopShipping => ({
  rateCard: null,
  codMaxPaise: DEFAULT_COD_MAX_PAISE,
  codConfirmAbovePaise: null,
  codConfirmUnproven: true,
  originPincode: sellerPincode,
  cutoffMinutes: DEFAULT_CUTOFF_MINUTES,
  holidays: new Set(),
  defaultPackage: DEFAULT_PACKAGE,
});

const readSettings = hotStatement((db) => db.select().from(shopSettings).where(eq(shopSettings.id, 1)));

/** The shop's shipping settings (one row; read per quote and order, in the caller's transaction). */
export async function readShipping(db: Database | Transaction, sellerPincode: string): Promise<ShopShipping> {
  const [row] = await readSettings(db);
  return shippingOf(row, sellerPincode);
}

function shippingOf(row: typeof shopSettings.$inferSelect | undefined, sellerPincode: string): ShopShipping {
  if (!row) return defaults(sellerPincode);
  return {
    rateCard: row.rateCard,
    codMaxPaise: row.codMaxPaise,
    codConfirmAbovePaise: row.codConfirmAbovePaise,
    codConfirmUnproven: row.codConfirmUnproven,
    originPincode: row.originPincode ?? sellerPincode,
    cutoffMinutes: row.cutoffMinutes,
    holidays: new Set(row.holidays),
    defaultPackage: row.defaultPackage,
  };
}

const zonesIn = (rates: Record<ShippingZone, number>, convert: (n: number) => number) =>
  Object.fromEntries(SHIPPING_ZONES.map((zone) => [zone, convert(rates[zone])])) as ZoneRates;

function rateCardOf(input: RateCardInput): RateCard {
  return {
    slabs: input.slabs.map((s) => ({ upToGrams: s.upToGrams, rates: zonesIn(s.rates, toPaise) })),
    extraPer500g: zonesIn(input.extraPer500g, toPaise),
    freeAbovePaise: input.freeAbove === null ? null : toPaise(input.freeAbove),
    codFeePaise: toPaise(input.codFee),
    codFeePercent: input.codFeePercent,
  };
}

function rateCardAnswer(card: RateCard): RateCardInput {
  return {
    slabs: card.slabs.map((s) => ({ upToGrams: s.upToGrams, rates: zonesIn(s.rates, toRupees) })),
    extraPer500g: zonesIn(card.extraPer500g, toRupees),
    freeAbove: card.freeAbovePaise === null ? null : toRupees(card.freeAbovePaise),
    codFee: toRupees(card.codFeePaise),
    codFeePercent: card.codFeePercent,
  };
}

/** GET /api/admin/shipping: the settings in the API's terms (rupees, 'HH:MM'). */
export async function shippingSettingsAnswer(db: Database, sellerPincode: string): Promise<ShippingSettings> {
  const [row] = await readSettings(db);
  const s = shippingOf(row, sellerPincode);
  return {
    rateCard: s.rateCard && rateCardAnswer(s.rateCard),
    codMax: toRupees(s.codMaxPaise),
    codConfirmAbove: s.codConfirmAbovePaise === null ? null : toRupees(s.codConfirmAbovePaise),
    codConfirmUnproven: s.codConfirmUnproven,
    originPincode: row?.originPincode ?? null,
    cutoffTime: cutoffTimeOf(s.cutoffMinutes),
    holidays: [...s.holidays].sort(),
    defaultPackage: s.defaultPackage,
  };
}

/** The columns an update sets: the fields sent, nothing else. */
function columnsOf(update: ShippingSettingsUpdate): Partial<typeof shopSettings.$inferInsert> {
  const set: Partial<typeof shopSettings.$inferInsert> = { updatedAt: new Date() };
  if (update.rateCard !== undefined) set.rateCard = update.rateCard && rateCardOf(update.rateCard);
  if (update.codMax !== undefined) set.codMaxPaise = toPaise(update.codMax);
  if (update.codConfirmAbove !== undefined) {
    set.codConfirmAbovePaise = update.codConfirmAbove === null ? null : toPaise(update.codConfirmAbove);
  }
  if (update.codConfirmUnproven !== undefined) set.codConfirmUnproven = update.codConfirmUnproven;
  if (update.originPincode !== undefined) set.originPincode = update.originPincode;
  if (update.cutoffTime !== undefined) set.cutoffMinutes = cutoffMinutesOf(update.cutoffTime);
  if (update.holidays !== undefined) set.holidays = [...new Set(update.holidays)].sort();
  if (update.defaultPackage !== undefined) set.defaultPackage = update.defaultPackage;
  return set;
}

/**
 * PUT /api/admin/shipping: changes the fields sent, nothing else; recorded as `settings.shipping` with
 * the settings it changed, in the API's terms (issue 29).
 */
export async function updateShippingSettings(
  db: Database,
  update: ShippingSettingsUpdate,
  sellerPincode: string,
  actor: Actor,
): Promise<ShippingSettings> {
  return db.transaction(async (tx) => {
    await tx.select({ id: shopSettings.id }).from(shopSettings).where(eq(shopSettings.id, 1)).for('update');
    const before = await shippingSettingsAnswer(tx, sellerPincode);
    await tx.update(shopSettings).set(columnsOf(update)).where(eq(shopSettings.id, 1));
    const after = await shippingSettingsAnswer(tx, sellerPincode);
    await recordChange(tx, actor, {
      action: 'settings.shipping',
      entity: 'settings',
      entityId: 'shipping',
      before,
      after,
    });
    return after;
  });
}
