import {
  MRP_BELOW_PRICE,
  errorCodes,
  formatRupees,
  gstBasisPointsOf,
  toPaise,
  toRupees,
  lowestMrpPaise,
  type ProductUpdate,
} from '@rr/core';
import { eq } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { products } from '../../db/schema/index.ts';
import { DomainError } from '../../domain-error.ts';
import { gstBasisPointsOfCategory } from '../categories/index.ts';
import { alertWishlisters, setStockLevel } from '../stock/index.ts';
import { productNotFound } from './service.ts';
import {
  hasVariants,
  lockProductsWithVariants,
  packageColumns,
  refuseVariantsAboveMrp,
  writeAddOns,
  writeVariants,
} from './variant-writes.ts';

// The catalog alone writes products (issue 24): the admin form and the catalog import both come here,
// so the MRP rule and the mapping of fields to columns exist once.

export const PLACEHOLDER_IMAGE = '/images/placeholder-product.svg';

/** What the MRP rule needs of a stored product. */
export interface PricedProduct {
  pricePaise: number;
  mrpPaise: number | null;
  /** The product's own GST rate; null takes its category's. */
  gstBasisPoints: number | null;
}

/**
 * PRODUCT.md: nobody may charge more than the MRP, which includes GST. Why `input` applied to `current`
 * (null for a new product) breaks that rule, or null when it does not: the price with the product's
 * GST (its own rate, the one the input sets, else `categoryGstBasisPoints`, the rate of the category
 * it will be in) may not exceed the MRP. When the input leaves the MRP alone, the message names it.
 */
export function mrpRefusal(
  current: PricedProduct | null,
  input: ProductUpdate,
  categoryGstBasisPoints: number,
): string | null {
  const pricePaise = input.price === undefined ? current?.pricePaise : toPaise(input.price);
  const mrpPaise =
    input.mrp === undefined ? (current?.mrpPaise ?? null) : input.mrp === null ? null : toPaise(input.mrp);
  if (pricePaise === undefined || mrpPaise === null) return null;
  const own = input.gstPercent === undefined ? (current?.gstBasisPoints ?? null) : basisPointsOrNull(input.gstPercent);
  if (mrpPaise >= lowestMrpPaise(pricePaise, own ?? categoryGstBasisPoints)) return null;
  return input.mrp === undefined
    ? `${MRP_BELOW_PRICE}: the MRP is ${formatRupees(toRupees(mrpPaise))}: change the MRP too, or clear it`
    : MRP_BELOW_PRICE;
}

const basisPointsOrNull = (percent: number | null) => (percent === null ? null : gstBasisPointsOf(percent));
const paiseOrNull = (rupees: number | null) => (rupees === null ? null : toPaise(rupees));

/** The columns an update sets: an absent field is undefined, which leaves its column as it is. */
function columnsOf(input: ProductUpdate) {
  return {
    name: input.name,
    pricePaise: input.price === undefined ? undefined : toPaise(input.price),
    mrpPaise: input.mrp === undefined ? undefined : paiseOrNull(input.mrp),
    image: input.image,
    brand: input.brand,
    category: input.category,
    description: input.description,
    nameHi: input.nameHi,
    descriptionHi: input.descriptionHi,
    mukhi: input.mukhi,
    origin: input.origin,
    sizeMm: input.sizeMm,
    weightCarats: input.weightCarats,
    beadCount: input.beadCount,
    planet: input.planet,
    certificateLab: input.certificateLab,
    certificateNumber: input.certificateNumber,
    certificateFile: input.certificateFile,
    images: input.images,
    hsnCode: input.hsnCode,
    gstBasisPoints: input.gstPercent === undefined ? undefined : basisPointsOrNull(input.gstPercent),
    uqc: input.uqc,
    ...packageColumns(input.package),
  };
}

const mrpBelowPrice = (message: string) => new DomainError('invalid_data', errorCodes.mrpBelowPrice, message);

/**
 * Changes the fields the update carries, in the caller's transaction, with the product's row locked;
 * an absent field keeps its value (PRODUCT.md "The contract"). `isDraft` is the admin's switch; SPEC's
 * form has none and its save is its publish, so without it the product is published. Stock it sets is
 * recorded in the ledger under the cause the caller set (stock module's setStockCause), whose shop URL
 * the messages of the customers who saved it link to when it sells out.
 */
export async function writeProductUpdate(tx: Transaction, id: string, input: ProductUpdate): Promise<void> {
  await lockProductsWithVariants(tx, [id]);
  const [current] = await tx
    .select({
      pricePaise: products.pricePaise,
      mrpPaise: products.mrpPaise,
      countInStock: products.countInStock,
      category: products.category,
      gstBasisPoints: products.gstBasisPoints,
    })
    .from(products)
    .where(eq(products.id, id))
    .for('update');
  if (!current) throw productNotFound();
  // The stock the form was loaded with: orders placed since must not be undone by this save.
  if (input.stockWas !== undefined && input.stockWas !== current.countInStock) {
    throw new DomainError(
      'conflict',
      errorCodes.stockChanged,
      `Orders changed the stock to ${current.countInStock} while you were editing. Check Count In Stock and update again.`,
    );
  }
  // The category's rate, share-locked: a category rate change waits for this save (and it for one).
  const categoryRate = await gstBasisPointsOfCategory(tx, input.category ?? current.category);
  // Issue 25: with variants, the product's price, MRP and stock follow them (SPEC's form still sends its
  // own price and stock: those are left as the variants make them).
  const withVariants = input.variants !== undefined ? input.variants.length > 0 : await hasVariants(tx, id);
  const own: ProductUpdate = withVariants
    ? { ...input, price: undefined, mrp: undefined, countInStock: undefined }
    : input;
  const refusal = mrpRefusal(current, own, categoryRate);
  if (refusal) throw mrpBelowPrice(refusal);
  await tx
    .update(products)
    .set({ ...columnsOf(own), isDraft: input.isDraft ?? false, updatedAt: new Date() })
    .where(eq(products.id, id));
  const ownRate = input.gstPercent === undefined ? current.gstBasisPoints : basisPointsOrNull(input.gstPercent);
  await writeChoices(tx, id, input, withVariants, ownRate ?? categoryRate);
  // The stock module owns the stock figure (and tells the customers waiting when it is back).
  if (own.countInStock !== undefined) await setStockLevel(tx, id, own.countInStock);
  // Issue 28: sold out now (its own stock, or its variants' in all), its wishlisters wait for it. Asked
  // once the variants are written, so a product passing through 0 on its way to them alerts no one.
  if (own.countInStock !== undefined || input.variants !== undefined) await alertWishlisters(tx, [id]);
}

/**
 * Issue 25: the variants and add-ons an update carries; a new GST rate (its own, or a new category's)
 * is checked against the variants it keeps.
 */
async function writeChoices(
  tx: Transaction,
  id: string,
  input: ProductUpdate,
  withVariants: boolean,
  gstBasisPoints: number,
): Promise<void> {
  if (input.variants !== undefined) await writeVariants(tx, id, input.variants, gstBasisPoints);
  else if (withVariants && (input.gstPercent !== undefined || input.category !== undefined)) {
    await refuseVariantsAboveMrp(tx, id, gstBasisPoints);
  }
  if (input.addOns !== undefined) await writeAddOns(tx, id, input.addOns);
}

/**
 * A new product's fields: the update's, with what a product cannot be without; `id` when the caller
 * writes more of it after (the catalog import, a new product's variants).
 */
export type NewProduct = ProductUpdate & Required<Pick<ProductUpdate, 'name' | 'category' | 'price'>> & { id?: string };

/** Adds published products in one statement, each checked by the MRP rule first (none added if one fails). */
export async function insertProducts(tx: Transaction, inputs: NewProduct[]): Promise<void> {
  if (inputs.length === 0) return;
  const rates = new Map<string, number>();
  for (const category of [...new Set(inputs.map((p) => p.category))].sort()) {
    rates.set(category, await gstBasisPointsOfCategory(tx, category));
  }
  const rows = inputs.map((input) => {
    const refusal = mrpRefusal(null, input, rates.get(input.category)!);
    if (refusal) throw mrpBelowPrice(refusal);
    return {
      ...columnsOf(input),
      ...(input.id ? { id: input.id } : {}),
      image: input.image ?? PLACEHOLDER_IMAGE,
      name: input.name,
      category: input.category,
      pricePaise: toPaise(input.price),
      // The opening stock comes with the new row (the ledger records it as created); after that only
      // the stock module changes it.
      countInStock: input.countInStock,
    };
  });
  await tx.insert(products).values(rows);
}
