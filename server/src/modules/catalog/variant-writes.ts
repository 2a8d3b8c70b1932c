import {
  MRP_BELOW_PRICE,
  errorCodes,
  gstBasisPointsOf,
  lowestMrpPaise,
  toPaise,
  type AddOnInput,
  type PackageFacts,
  type VariantInput,
} from '@rr/core';
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { productAddOns, productVariants, products, type AddOnField } from '../../db/schema/index.ts';
import { DomainError } from '../../domain-error.ts';
import { setStockLevel, setVariantStockLevel } from '../stock/index.ts';

// Issue 25: a product's variants and add-ons, written with the product (PUT /api/products/:id). Each list
// sent replaces the old one; an entry with an _id keeps (and updates) that entry, so orders and carts
// that name it still find it.

const refusal = (code: (typeof errorCodes)[keyof typeof errorCodes], path: string, message: string) =>
  new DomainError(code === errorCodes.skuTaken ? 'conflict' : 'invalid_data', code, `${path}: ${message}`);

/** Refuses an `_id` that is not one of the product's own entries. */
function checkIds(list: readonly { _id?: string }[], own: readonly { id: string }[], what: 'variants' | 'addOns') {
  list.forEach((entry, n) => {
    if (entry._id !== undefined && !own.some((o) => o.id === entry._id!.toLowerCase())) {
      throw refusal(errorCodes.unknownEntry, `${what}.${n}._id`, `not one of this product's ${what}`);
    }
  });
}

/** A SKU another product's variant (or one of this product's that is not kept) already has. */
async function refuseTakenSkus(tx: Transaction, productId: string, list: readonly VariantInput[]) {
  if (!list.length) return;
  const taken = await tx
    .select({ sku: productVariants.sku })
    .from(productVariants)
    .where(
      and(
        sql`lower(${productVariants.sku}) in ${list.map((v) => v.sku.toLowerCase())}`,
        sql`${productVariants.productId} <> ${productId}`,
      ),
    );
  if (taken.length) {
    const n = list.findIndex((v) => v.sku.toLowerCase() === taken[0]!.sku.toLowerCase());
    throw refusal(errorCodes.skuTaken, `variants.${n}.sku`, `another product's variant has the SKU ${taken[0]!.sku}`);
  }
}

/**
 * Issue 27: the parcel columns a `package` sets (products and variants name them alike): absent keeps
 * all four, null clears all four, an object changes the figures it carries.
 */
export function packageColumns(pkg: PackageFacts | null | undefined) {
  if (pkg === undefined) return {};
  return {
    packageWeightGrams: pkg === null ? null : pkg.weightGrams,
    packageLengthCm: pkg === null ? null : pkg.lengthCm,
    packageBreadthCm: pkg === null ? null : pkg.breadthCm,
    packageHeightCm: pkg === null ? null : pkg.heightCm,
  };
}

/** Issue 30: a Hindi name as given (empty: none); absent, the column is left as it is. */
const hindiNameColumn = (nameHi: string | null | undefined) => (nameHi === undefined ? {} : { nameHi: nameHi || null });

function variantColumns(v: VariantInput, position: number) {
  return {
    position,
    name: v.name,
    ...hindiNameColumn(v.nameHi),
    sku: v.sku,
    pricePaise: toPaise(v.price),
    mrpPaise: v.mrp == null ? null : toPaise(v.mrp),
    image: v.image ?? null,
    images: v.images ?? [],
    sizeMm: v.facts?.sizeMm ?? null,
    weightCarats: v.facts?.weightCarats ?? null,
    ...packageColumns(v.package),
  };
}

/**
 * Replaces the product's variants with `list`, its row locked by the caller, the stock changes recorded
 * under the cause the caller set. The product then keeps the default variant's price and MRP, the
 * lowest price when they differ (`price_from_paise`) and, by the variants' trigger, the sum of their
 * stock. A product getting its first variants gives up its own stock figure (the variants' replaces it).
 */
export async function writeVariants(
  tx: Transaction,
  productId: string,
  list: readonly VariantInput[],
  gstBasisPoints: number,
): Promise<void> {
  const own = await tx
    .select({ id: productVariants.id })
    .from(productVariants)
    .where(eq(productVariants.productId, productId));
  checkIds(list, own, 'variants');
  list.forEach((v, n) => {
    if (v.mrp != null && toPaise(v.mrp) < lowestMrpPaise(toPaise(v.price), gstBasisPoints)) {
      throw refusal(errorCodes.mrpBelowPrice, `variants.${n}.mrp`, MRP_BELOW_PRICE);
    }
  });
  await refuseTakenSkus(tx, productId, list);
  const kept = list.flatMap((v) => (v._id ? [v._id.toLowerCase()] : []));
  if (own.length === 0 && list.length > 0) await setStockLevel(tx, productId, 0);
  await tx
    .delete(productVariants)
    .where(
      kept.length
        ? and(eq(productVariants.productId, productId), notInArray(productVariants.id, kept))
        : eq(productVariants.productId, productId),
    );
  // No default while they change, so the one-default index never sees two.
  await tx.update(productVariants).set({ isDefault: false }).where(eq(productVariants.productId, productId));
  const defaultAt = Math.max(
    0,
    list.findIndex((v) => v.isDefault),
  );
  for (const [n, v] of list.entries()) {
    const columns = { ...variantColumns(v, n), isDefault: n === defaultAt };
    if (v._id) {
      await tx.update(productVariants).set(columns).where(eq(productVariants.id, v._id.toLowerCase()));
      await setVariantStockLevel(tx, productId, v._id.toLowerCase(), v.countInStock);
    } else {
      await tx.insert(productVariants).values({ ...columns, productId, countInStock: v.countInStock });
    }
  }
  if (list.length) await priceFromVariants(tx, productId, list, defaultAt);
  else await tx.update(products).set({ priceFromPaise: null }).where(eq(products.id, productId));
}

/** The product's price and MRP are its default variant's; "from" the lowest when the prices differ. */
async function priceFromVariants(tx: Transaction, productId: string, list: readonly VariantInput[], defaultAt: number) {
  const prices = list.map((v) => toPaise(v.price));
  const chosen = list[defaultAt]!;
  const lowest = Math.min(...prices);
  await tx
    .update(products)
    .set({
      pricePaise: toPaise(chosen.price),
      mrpPaise: chosen.mrp == null ? null : toPaise(chosen.mrp),
      priceFromPaise: prices.every((p) => p === prices[0]) ? null : lowest,
    })
    .where(eq(products.id, productId));
}

/**
 * An add-on's fields as stored. Issue 30: a field's Hindi label as given (empty: none); absent, the one
 * its field of the same name had (on a kept add-on), as a Hindi name left out is kept.
 */
function addOnFields(fields: AddOnInput['fields'], stored: readonly AddOnField[]): AddOnField[] {
  return (fields ?? []).map((f) => {
    const nameHi = f.nameHi === undefined ? stored.find((s) => s.name === f.name)?.nameHi : f.nameHi;
    return { name: f.name, ...(nameHi ? { nameHi } : {}), maxLength: f.maxLength, required: f.required ?? false };
  });
}

function addOnColumns(a: AddOnInput, position: number, stored: readonly AddOnField[] = []) {
  return {
    position,
    name: a.name,
    ...hindiNameColumn(a.nameHi),
    pricePaise: toPaise(a.price),
    fields: addOnFields(a.fields, stored),
    required: a.required ?? false,
    variantIds: a.variants?.length ? a.variants.map((id) => id.toLowerCase()) : null,
    isService: a.service ?? false,
    madeToOrder: a.madeToOrder ?? false,
    hsnCode: a.hsnCode ?? null,
    gstBasisPoints: a.gstPercent == null ? null : gstBasisPointsOf(a.gstPercent),
  };
}

/** Replaces the product's add-ons with `list` (after its variants are written: add-ons may name them). */
export async function writeAddOns(tx: Transaction, productId: string, list: readonly AddOnInput[]): Promise<void> {
  const own = await tx
    .select({ id: productAddOns.id, fields: productAddOns.fields })
    .from(productAddOns)
    .where(eq(productAddOns.productId, productId));
  const variants = await tx
    .select({ id: productVariants.id })
    .from(productVariants)
    .where(eq(productVariants.productId, productId));
  checkIds(list, own, 'addOns');
  list.forEach((a, n) => {
    const stranger = (a.variants ?? []).find((id) => !variants.some((v) => v.id === id.toLowerCase()));
    if (stranger) throw refusal(errorCodes.unknownEntry, `addOns.${n}.variants`, "not one of this product's variants");
  });
  const kept = list.flatMap((a) => (a._id ? [a._id.toLowerCase()] : []));
  await tx
    .delete(productAddOns)
    .where(
      kept.length
        ? and(eq(productAddOns.productId, productId), notInArray(productAddOns.id, kept))
        : eq(productAddOns.productId, productId),
    );
  for (const [n, a] of list.entries()) {
    if (a._id) {
      const id = a._id.toLowerCase();
      const stored = own.find((o) => o.id === id)?.fields ?? [];
      await tx
        .update(productAddOns)
        .set(addOnColumns(a, n, stored))
        .where(eq(productAddOns.id, id));
    } else await tx.insert(productAddOns).values({ ...addOnColumns(a, n), productId });
  }
}

/**
 * Refuses a GST rate for the product (its own, or a category's it takes) that would put one of its
 * stored variants above its MRP: a save that changes the rate without sending the variants.
 */
export async function refuseVariantsAboveMrp(tx: Transaction, productId: string, gstBasisPoints: number) {
  const variants = await tx
    .select({ name: productVariants.name, pricePaise: productVariants.pricePaise, mrpPaise: productVariants.mrpPaise })
    .from(productVariants)
    .where(eq(productVariants.productId, productId))
    .orderBy(productVariants.position);
  const above = variants.find((v) => v.mrpPaise !== null && v.mrpPaise < lowestMrpPaise(v.pricePaise, gstBasisPoints));
  if (above) {
    throw new DomainError(
      'invalid_data',
      errorCodes.mrpBelowPrice,
      `gstPercent: ${above.name} would cost more than its MRP at this rate. Raise its MRP or lower its price first.`,
    );
  }
}

/**
 * Locks the products' variants, then the products, each in id order: an order takes a variant's row and
 * then (its trigger) the product's, after locking all the variants it takes (stock module), so every
 * transaction that touches both takes all its variants before any product, and none waits on another
 * that waits on it. For one product's save, and for a catalog import's many.
 */
export async function lockProductsWithVariants(tx: Database | Transaction, productIds: readonly string[]) {
  if (productIds.length === 0) return;
  await tx
    .select({ id: productVariants.id })
    .from(productVariants)
    .where(inArray(productVariants.productId, [...productIds]))
    .orderBy(productVariants.productId, productVariants.id)
    .for('update');
  await tx
    .select({ id: products.id })
    .from(products)
    .where(inArray(products.id, [...productIds]))
    .orderBy(products.id)
    .for('update');
}

/** Whether the product has variants (its stock and price then follow them). */
export async function hasVariants(tx: Transaction, productId: string): Promise<boolean> {
  const rows = await tx
    .select({ id: productVariants.id })
    .from(productVariants)
    .where(inArray(productVariants.productId, [productId]))
    .limit(1);
  return rows.length > 0;
}
