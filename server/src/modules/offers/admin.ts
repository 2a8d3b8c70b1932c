import {
  couponInput,
  couponKindProblem,
  errorCodes,
  saleInput,
  toPaise,
  toRupees,
  type Coupon,
  type CouponInput,
  type CouponUpdate,
  type OfferState,
  type Sale,
  type SaleInput,
  type SaleUpdate,
  UUID_PATTERN,
} from '@rr/core';
import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { categories, coupons, offerUses, orders, products, sales } from '../../db/schema/index.ts';
import { DomainError } from '../../domain-error.ts';
import { recordAudit, recordChange, type Actor } from '../audit/index.ts';

type CouponRow = typeof coupons.$inferSelect;
type SaleRow = typeof sales.$inferSelect;

const notFound = (what: 'coupon' | 'sale') =>
  new DomainError('not_found', errorCodes.offerNotFound, what === 'coupon' ? 'Coupon not found' : 'Sale not found');

/** Where an offer stands at `now`. */
export function offerState(
  o: { isActive: boolean; startsAt: Date | null; endsAt: Date | null; usageLimit?: number | null; uses?: number },
  now: Date,
): OfferState {
  if (!o.isActive) return 'paused';
  if (o.endsAt && o.endsAt <= now) return 'expired';
  if (o.usageLimit != null && (o.uses ?? 0) >= o.usageLimit) return 'used_up';
  if (o.startsAt && o.startsAt > now) return 'scheduled';
  return 'active';
}

interface Takings {
  uses: number;
  revenuePaise: number;
  discountPaise: number;
}

/**
 * What each offer's live uses brought in: the totals of their orders that are not cancelled, and what
 * the offer took off them. Uses of checkouts still being paid count as uses, not revenue.
 */
async function takingsOf(db: Database, column: 'coupon_id' | 'sale_id', ids: string[]): Promise<Map<string, Takings>> {
  if (!ids.length) return new Map();
  const offer = column === 'coupon_id' ? offerUses.couponId : offerUses.saleId;
  const rows = await db
    .select({
      id: sql<string>`${offer}`,
      uses: sql<number>`count(*)`.mapWith(Number),
      revenuePaise:
        sql<number>`coalesce(sum(${orders.totalPaise}) filter (where not ${orders.isCancelled}), 0)`.mapWith(Number),
      discountPaise:
        sql<number>`coalesce(sum(${offerUses.discountPaise}) filter (where ${orders.id} is not null and not ${orders.isCancelled}), 0)`.mapWith(
          Number,
        ),
    })
    .from(offerUses)
    .leftJoin(orders, eq(orders.id, offerUses.orderId))
    .where(sql`${offer} in ${ids} and ${offerUses.releasedAt} is null`)
    .groupBy(offer);
  return new Map(rows.map((r) => [r.id, r]));
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function couponReply(row: CouponRow, takings: Takings | undefined, now: Date): Coupon {
  return {
    _id: row.id,
    code: row.code,
    percentOff: row.percentOff,
    amountOff: row.amountOffPaise === null ? null : toRupees(row.amountOffPaise),
    freeShipping: row.freeShipping,
    minOrder: toRupees(row.minOrderPaise),
    startsAt: iso(row.startsAt),
    endsAt: iso(row.endsAt),
    usageLimit: row.usageLimit,
    perCustomerLimit: row.perCustomerLimit,
    firstOrderOnly: row.firstOrderOnly,
    categories: row.categories,
    products: row.productIds,
    combinesWithOnlineDiscount: row.combinesWithOnlineDiscount,
    isActive: row.isActive,
    status: offerState(row, now),
    uses: row.uses,
    revenue: toRupees(takings?.revenuePaise ?? 0),
    discountGiven: toRupees(takings?.discountPaise ?? 0),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function saleReply(row: SaleRow, takings: Takings | undefined, now: Date): Sale {
  return {
    _id: row.id,
    name: row.name,
    nameHi: row.nameHi,
    percentOff: row.percentOff,
    categories: row.categories,
    products: row.productIds,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    banner: row.banner,
    bannerHi: row.bannerHi,
    isActive: row.isActive,
    status: offerState(row, now),
    uses: takings?.uses ?? 0,
    revenue: toRupees(takings?.revenuePaise ?? 0),
    discountGiven: toRupees(takings?.discountPaise ?? 0),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Refuses categories or products the shop does not have (a typo would silently cover nothing). */
async function refuseUnknownScope(db: Database, scope: { categories?: string[]; products?: string[] }) {
  const slugs = [...new Set(scope.categories ?? [])];
  if (slugs.length) {
    const found = await db.select({ slug: categories.slug }).from(categories).where(inArray(categories.slug, slugs));
    const missing = slugs.filter((s) => !found.some((f) => f.slug === s));
    if (missing.length) {
      throw new DomainError(
        'invalid_data',
        errorCodes.unknownCategory,
        `categories: no category ${missing.join(', ')}`,
      );
    }
  }
  const ids = [...new Set(scope.products ?? [])];
  if (ids.length) {
    const found = await db.select({ id: products.id }).from(products).where(inArray(products.id, ids));
    if (found.length !== ids.length) {
      throw new DomainError(
        'invalid_data',
        errorCodes.productNotFound,
        'products: a product chosen is not in the catalog',
      );
    }
  }
}

const idOrNotFound = (id: string, what: 'coupon' | 'sale') => {
  if (!UUID_PATTERN.test(id)) throw notFound(what);
  return id.toLowerCase();
};

const isCodeTaken = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } };
  return (e.code ?? e.cause?.code) === '23505';
};

const codeTaken = (code: string) =>
  new DomainError('conflict', errorCodes.couponCodeTaken, `code: another coupon is ${code}`);

function couponColumns(input: CouponInput) {
  return {
    code: input.code,
    percentOff: input.percentOff ?? null,
    amountOffPaise: input.amountOff == null ? null : toPaise(input.amountOff),
    freeShipping: input.freeShipping === true,
    minOrderPaise: toPaise(input.minOrder ?? 0),
    startsAt: input.startsAt ? new Date(input.startsAt) : null,
    endsAt: input.endsAt ? new Date(input.endsAt) : null,
    usageLimit: input.usageLimit ?? null,
    perCustomerLimit: input.perCustomerLimit ?? null,
    firstOrderOnly: input.firstOrderOnly ?? false,
    categories: [...new Set(input.categories ?? [])],
    productIds: [...new Set(input.products ?? [])],
    combinesWithOnlineDiscount: input.combinesWithOnlineDiscount ?? false,
    isActive: input.isActive ?? true,
  };
}

export async function listCoupons(db: Database, now = new Date()): Promise<Coupon[]> {
  const rows = await db.select().from(coupons).orderBy(desc(coupons.createdAt), desc(coupons.id));
  const takings = await takingsOf(
    db,
    'coupon_id',
    rows.map((r) => r.id),
  );
  return rows.map((r) => couponReply(r, takings.get(r.id), now));
}

async function oneCoupon(db: Database, id: string): Promise<Coupon> {
  const [row] = await db.select().from(coupons).where(eq(coupons.id, id));
  if (!row) throw notFound('coupon');
  return couponReply(row, (await takingsOf(db, 'coupon_id', [id])).get(id), new Date());
}

/** Issue 29: what a coupon's entries record of it (its rules, not its uses). */
const couponFields = (row: CouponRow) => couponAsInput(row);

export async function createCoupon(db: Database, input: CouponInput, actor: Actor): Promise<Coupon> {
  await refuseUnknownScope(db, input);
  try {
    const id = await db.transaction(async (tx) => {
      const [row] = await tx.insert(coupons).values(couponColumns(input)).returning();
      const after = couponFields(row!);
      await recordAudit(tx, actor, {
        action: 'coupon.create',
        entity: 'coupon',
        entityId: row!.id,
        before: null,
        after,
      });
      return row!.id;
    });
    return await oneCoupon(db, id);
  } catch (err) {
    if (isCodeTaken(err)) throw codeTaken(input.code);
    throw err;
  }
}

/** The coupon as its create body would say it, so an update can be checked as a whole. */
function couponAsInput(row: CouponRow): CouponInput {
  const reply = couponReply(row, undefined, new Date());
  return {
    code: reply.code,
    percentOff: reply.percentOff,
    amountOff: reply.amountOff,
    freeShipping: reply.freeShipping,
    minOrder: reply.minOrder,
    startsAt: reply.startsAt,
    endsAt: reply.endsAt,
    usageLimit: reply.usageLimit,
    perCustomerLimit: reply.perCustomerLimit,
    firstOrderOnly: reply.firstOrderOnly,
    categories: reply.categories,
    products: reply.products,
    combinesWithOnlineDiscount: reply.combinesWithOnlineDiscount,
    isActive: reply.isActive,
  };
}

/** A whole offer checked again after an update: refused with the first problem, naming its field. */
function checkedWhole<T>(
  schema: {
    safeParse(
      v: unknown,
    ): { success: true; data: T } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
  },
  value: unknown,
): T {
  const checked = schema.safeParse(value);
  if (checked.success) return checked.data;
  const issue = checked.error.issues[0];
  const field = issue?.path.map(String).join('.');
  throw new DomainError(
    'invalid_data',
    errorCodes.validationFailed,
    `${field ? `${field}: ` : ''}${issue?.message ?? 'not valid'}`,
  );
}

const KIND_FIELDS = ['percentOff', 'amountOff', 'freeShipping'] as const;

/** PUT: the fields sent replace the coupon's; sending a kind of discount replaces the kind. */
export async function updateCoupon(db: Database, id: string, update: CouponUpdate, actor: Actor): Promise<Coupon> {
  const key = idOrNotFound(id, 'coupon');
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(coupons).where(eq(coupons.id, key)).for('update');
    if (!row) throw notFound('coupon');
    const checked = couponUpdated(row, update);
    await refuseUnknownScope(tx, update);
    try {
      const [now] = await tx
        .update(coupons)
        .set({ ...couponColumns(checked), updatedAt: new Date() })
        .where(eq(coupons.id, key))
        .returning();
      const change = { action: 'coupon.update', entity: 'coupon', entityId: key } as const;
      await recordChange(tx, actor, { ...change, before: couponFields(row), after: couponFields(now!) });
    } catch (err) {
      if (isCodeTaken(err)) throw codeTaken(checked.code);
      throw err;
    }
  });
  return oneCoupon(db, key);
}

/** The coupon `update` makes of `row`, checked as a whole. */
function couponUpdated(row: CouponRow, update: CouponUpdate): CouponInput {
  const merged: CouponInput = { ...couponAsInput(row) };
  if (KIND_FIELDS.some((k) => update[k] != null && update[k] !== false)) {
    merged.percentOff = null;
    merged.amountOff = null;
    merged.freeShipping = false;
  }
  for (const [k, v] of Object.entries(update)) if (v !== undefined) (merged as Record<string, unknown>)[k] = v;
  const problem = couponKindProblem(merged);
  if (problem) throw new DomainError('invalid_data', errorCodes.validationFailed, problem);
  return checkedWhole<CouponInput>(couponInput, merged);
}

/** Deletes a coupon. Its orders keep their code and discount; its uses go with it. */
export async function deleteCoupon(db: Database, id: string, actor: Actor): Promise<void> {
  const key = idOrNotFound(id, 'coupon');
  await db.transaction(async (tx) => {
    const [gone] = await tx.delete(coupons).where(eq(coupons.id, key)).returning();
    if (!gone) throw notFound('coupon');
    const before = couponFields(gone);
    await recordAudit(tx, actor, { action: 'coupon.delete', entity: 'coupon', entityId: key, before, after: null });
  });
}

function saleColumns(input: SaleInput) {
  return {
    name: input.name,
    percentOff: input.percentOff,
    categories: [...new Set(input.categories ?? [])],
    productIds: [...new Set(input.products ?? [])],
    startsAt: new Date(input.startsAt),
    endsAt: new Date(input.endsAt),
    banner: input.banner ?? '',
    nameHi: input.nameHi ?? '',
    bannerHi: input.bannerHi ?? '',
    isActive: input.isActive ?? true,
  };
}

export async function listSales(db: Database, now = new Date()): Promise<Sale[]> {
  const rows = await db.select().from(sales).orderBy(desc(sales.startsAt), desc(sales.id));
  const takings = await takingsOf(
    db,
    'sale_id',
    rows.map((r) => r.id),
  );
  return rows.map((r) => saleReply(r, takings.get(r.id), now));
}

async function oneSale(db: Database, id: string): Promise<Sale> {
  const [row] = await db.select().from(sales).where(eq(sales.id, id));
  if (!row) throw notFound('sale');
  return saleReply(row, (await takingsOf(db, 'sale_id', [id])).get(id), new Date());
}

/** Issue 29: what a sale's entries record of it (its rules, not its takings). */
function saleFields(row: SaleRow) {
  const { name, nameHi, percentOff, categories, products, startsAt, endsAt, banner, bannerHi, isActive } = saleReply(
    row,
    undefined,
    new Date(),
  );
  return { name, nameHi, percentOff, categories, products, startsAt, endsAt, banner, bannerHi, isActive };
}

export async function createSale(db: Database, input: SaleInput, actor: Actor): Promise<Sale> {
  await refuseUnknownScope(db, input);
  const id = await db.transaction(async (tx) => {
    const [row] = await tx.insert(sales).values(saleColumns(input)).returning();
    const after = saleFields(row!);
    await recordAudit(tx, actor, { action: 'sale.create', entity: 'sale', entityId: row!.id, before: null, after });
    return row!.id;
  });
  return oneSale(db, id);
}

export async function updateSale(db: Database, id: string, update: SaleUpdate, actor: Actor): Promise<Sale> {
  const key = idOrNotFound(id, 'sale');
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(sales).where(eq(sales.id, key)).for('update');
    if (!row) throw notFound('sale');
    const merged: Record<string, unknown> = { ...saleReply(row, undefined, new Date()) };
    for (const [k, v] of Object.entries(update)) if (v !== undefined) merged[k] = v;
    const checked = checkedWhole<SaleInput>(saleInput, merged);
    await refuseUnknownScope(tx, update);
    const [now] = await tx
      .update(sales)
      .set({ ...saleColumns(checked), updatedAt: new Date() })
      .where(eq(sales.id, key))
      .returning();
    const change = { action: 'sale.update', entity: 'sale', entityId: key } as const;
    await recordChange(tx, actor, { ...change, before: saleFields(row), after: saleFields(now!) });
  });
  return oneSale(db, key);
}

export async function deleteSale(db: Database, id: string, actor: Actor): Promise<void> {
  const key = idOrNotFound(id, 'sale');
  await db.transaction(async (tx) => {
    const [gone] = await tx.delete(sales).where(eq(sales.id, key)).returning();
    if (!gone) throw notFound('sale');
    const before = saleFields(gone);
    await recordAudit(tx, actor, { action: 'sale.delete', entity: 'sale', entityId: key, before, after: null });
  });
}
