import {
  CATEGORIES,
  errorCodes,
  categoryLabel,
  gstBasisPointsOf,
  gstPercentOf,
  isCategory,
  type CategoryGst,
  type CategoryUpdate,
} from '@rr/core';
import { and, asc, count, eq, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { categories, products } from '../../db/schema/index.ts';
import { DomainError } from '../../domain-error.ts';
import { recordChange, type Actor } from '../audit/index.ts';

export const CATEGORY_NOT_FOUND = 'Category not found';

const formatPercent = (basisPoints: number) => `${gstPercentOf(basisPoints)}%`;

type CategoryRow = typeof categories.$inferSelect;

function toCategoryGst(row: CategoryRow): CategoryGst {
  return {
    slug: row.slug as CategoryGst['slug'],
    name: categoryLabel(row.slug),
    hsnCode: row.hsnCode,
    gstPercent: gstPercentOf(row.gstBasisPoints),
    uqc: row.uqc as CategoryGst['uqc'],
  };
}

export async function listCategories(db: Database): Promise<CategoryGst[]> {
  const rows = await db.select().from(categories).orderBy(asc(categories.slug));
  return rows.filter((row) => (CATEGORIES as readonly string[]).includes(row.slug)).map(toCategoryGst);
}

/**
 * Changes a category's HSN code, GST rate and UQC; orders already placed keep the ones they were bought at.
 * A higher rate is refused while a product of the category taking the category's rate (none of its
 * own) has an MRP below its price with that rate:
 * nobody may charge more than the MRP (PRODUCT.md), so those MRPs or prices change first.
 */
export async function updateCategory(
  db: Database,
  slug: string,
  input: CategoryUpdate,
  actor: Actor,
): Promise<CategoryGst> {
  if (!isCategory(slug)) throw new DomainError('not_found', errorCodes.categoryNotFound, CATEGORY_NOT_FOUND);
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(categories).where(eq(categories.slug, slug)).for('update');
    if (!current) throw new DomainError('not_found', errorCodes.categoryNotFound, CATEGORY_NOT_FOUND);
    const gstBasisPoints = input.gstPercent === undefined ? current.gstBasisPoints : gstBasisPointsOf(input.gstPercent);
    if (gstBasisPoints > current.gstBasisPoints) {
      // Product edits read the rate under a share lock of this row, so none can slip in between.
      const [above] = await tx
        .select({ n: count() })
        .from(products)
        .where(
          and(
            eq(products.category, slug),
            // A product with its own rate keeps it (issue 24): the category's does not reach it.
            isNull(products.gstBasisPoints),
            or(
              and(
                isNotNull(products.mrpPaise),
                sql`${products.mrpPaise} < ${products.pricePaise} + (${products.pricePaise}::bigint * ${gstBasisPoints} + 5000) / 10000`,
              ),
              // Or one of its variants (issue 25), each with its own price and MRP.
              sql`exists (select 1 from product_variants v where v.product_id = ${products.id} and v.mrp_paise is not null
                and v.mrp_paise < v.price_paise + (v.price_paise::bigint * ${gstBasisPoints} + 5000) / 10000)`,
            ),
          ),
        );
      const n = above?.n ?? 0;
      if (n > 0) {
        throw new DomainError(
          'conflict',
          errorCodes.gstAboveMrp,
          `gstPercent: ${n} ${n === 1 ? 'product' : 'products'} in ${categoryLabel(slug)} would cost more than ` +
            `${n === 1 ? 'its' : 'their'} MRP with ${formatPercent(gstBasisPoints)} GST. Raise the MRP or lower the price first.`,
        );
      }
    }
    const [updated] = await tx
      .update(categories)
      .set({ hsnCode: input.hsnCode ?? current.hsnCode, gstBasisPoints, uqc: input.uqc, updatedAt: new Date() })
      .where(eq(categories.slug, slug))
      .returning();
    // Issue 29: the code, rate and unit it changed.
    const { name: _was, ...before } = toCategoryGst(current);
    const { name: _is, ...after } = toCategoryGst(updated!);
    await recordChange(tx, actor, { action: 'category.update', entity: 'category', entityId: slug, before, after });
    return toCategoryGst(updated!);
  });
}

/**
 * The GST rate (basis points) of a category, for the MRP rule, share-locked for the caller's transaction
 * so a rate change waits for it (and it for a rate change).
 */
export async function gstBasisPointsOfCategory(tx: Transaction, slug: string): Promise<number> {
  const [row] = await tx
    .select({ gstBasisPoints: categories.gstBasisPoints })
    .from(categories)
    .where(eq(categories.slug, slug))
    .for('share');
  if (!row) {
    throw new DomainError('invalid_data', errorCodes.unknownCategory, 'category must be one of gems, mala, rudraksha');
  }
  return row.gstBasisPoints;
}
