/**
 * Issue 29: a product as its audit entries show it, and the writes of the catalog that record one. The
 * view is read in the change's own transaction, with the product's rows locked, so the difference
 * between two views is this change alone (not an order that took stock in between).
 */
import { gstPercentOf, toRupees, type ProductUpdate } from '@rr/core';
import { eq } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { categories, products } from '../../db/schema/index.ts';
import { recordAudit, recordChange, type Actor } from '../audit/index.ts';
import { writeProductUpdate } from './product-writes.ts';
import { addOnReplyOf, addOnsOfProduct, categoryOfProduct, productNotFound, variantsOfProduct } from './service.ts';
import { lockProductsWithVariants } from './variant-writes.ts';

const rupeesOrNull = (paise: number | null) => (paise === null ? null : toRupees(paise));

type ProductRow = typeof products.$inferSelect;

/** The product's own fields in the API's terms (rupees, percent); the rate is its own, null for its category's. */
function ownFields(p: ProductRow) {
  return {
    name: p.name,
    price: toRupees(p.pricePaise),
    mrp: rupeesOrNull(p.mrpPaise),
    countInStock: p.countInStock,
    isDraft: p.isDraft,
    category: p.category,
    brand: p.brand,
    description: p.description,
    nameHi: p.nameHi,
    descriptionHi: p.descriptionHi,
    image: p.image,
    images: p.images,
    mukhi: p.mukhi,
    origin: p.origin,
    sizeMm: p.sizeMm,
    weightCarats: p.weightCarats,
    beadCount: p.beadCount,
    planet: p.planet,
    certificateLab: p.certificateLab,
    certificateNumber: p.certificateNumber,
    certificateFile: p.certificateFile,
    hsnCode: p.hsnCode,
    gstPercent: p.gstBasisPoints === null ? null : gstPercentOf(p.gstBasisPoints),
    uqc: p.uqc,
    package: {
      weightGrams: p.packageWeightGrams,
      lengthCm: p.packageLengthCm,
      breadthCm: p.packageBreadthCm,
      heightCm: p.packageHeightCm,
    },
  };
}

/**
 * What an audit entry records of a product: its own fields, and its variants and add-ons as their
 * lists (a change to one shows as the list before and after). Null when there is no such product.
 */
export async function productAuditView(tx: Transaction, id: string): Promise<Record<string, unknown> | null> {
  const [row] = await tx
    .select({ product: products, variants: variantsOfProduct(), addOns: addOnsOfProduct() })
    .from(products)
    // Joined as the product page reads it: the lists' subqueries name `products.id` qualified.
    .innerJoin(categories, categoryOfProduct)
    .where(eq(products.id, id));
  if (!row) return null;
  return {
    ...ownFields(row.product),
    variants: row.variants.map((v) => ({
      _id: v.id,
      name: v.name,
      sku: v.sku,
      price: toRupees(v.pricePaise),
      mrp: rupeesOrNull(v.mrpPaise),
      countInStock: v.countInStock,
      image: v.image,
      images: v.images,
      sizeMm: v.sizeMm,
      weightCarats: v.weightCarats,
      package: {
        weightGrams: v.packageWeightGrams,
        lengthCm: v.packageLengthCm,
        breadthCm: v.packageBreadthCm,
        heightCm: v.packageHeightCm,
      },
      isDefault: v.isDefault,
    })),
    addOns: row.addOns.map(addOnReplyOf),
  };
}

/** The view of a product the caller has locked, which must exist. */
async function lockedView(tx: Transaction, id: string): Promise<Record<string, unknown>> {
  await lockProductsWithVariants(tx, [id]);
  const view = await productAuditView(tx, id);
  if (!view) throw productNotFound();
  return view;
}

/**
 * writeProductUpdate, recorded as `product.update` with the fields it changed (nothing when it changed
 * nothing). The rows are locked before the first view, so the stock orders take meanwhile waits.
 */
export async function auditedProductUpdate(
  tx: Transaction,
  actor: Actor,
  id: string,
  input: ProductUpdate,
): Promise<void> {
  const before = await lockedView(tx, id);
  await writeProductUpdate(tx, id, input);
  const after = (await productAuditView(tx, id))!;
  await recordChange(tx, actor, { action: 'product.update', entity: 'product', entityId: id, before, after });
}

/** Records products made in `tx` (written whole by then) as `product.create`, each with its fields. */
export async function recordProductsCreated(tx: Transaction, actor: Actor, ids: readonly string[]): Promise<void> {
  for (const id of ids) {
    const after = await productAuditView(tx, id);
    await recordAudit(tx, actor, { action: 'product.create', entity: 'product', entityId: id, before: null, after });
  }
}

/** Deletes a product, recorded as `product.delete` with its fields as they were; false when there is none. */
export async function auditedProductDelete(tx: Transaction, actor: Actor, id: string): Promise<boolean> {
  await lockProductsWithVariants(tx, [id]);
  const before = await productAuditView(tx, id);
  if (!before) return false;
  await tx.delete(products).where(eq(products.id, id));
  await recordAudit(tx, actor, { action: 'product.delete', entity: 'product', entityId: id, before, after: null });
  return true;
}
