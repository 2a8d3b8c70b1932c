import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { products } from './catalog.ts';

/**
 * Issue 25: the sizes or weights one product is sold in, each with its own SKU, price, MRP, stock and
 * pictures. A product with variants keeps the default variant's price and MRP and the sum of their stock
 * in its own columns (listings and best sellers read those); a product without any is sold as before.
 * Stock per variant is taken like a product's, and recorded in the stock ledger with its variant
 * (migration variant-stock-triggers).
 */
export const productVariants = pgTable(
  'product_variants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** Display order on the product page. */
    position: smallint('position').notNull(),
    name: text('name').notNull(),
    /** Issue 30: its Hindi name; null: Hindi pages show `name`. */
    nameHi: text('name_hi'),
    sku: text('sku').notNull(),
    pricePaise: integer('price_paise').notNull(),
    mrpPaise: integer('mrp_paise'),
    countInStock: integer('count_in_stock').notNull().default(0),
    /** Its own main picture; null shows the product's. */
    image: text('image'),
    images: text('images')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    sizeMm: doublePrecision('size_mm'),
    weightCarats: doublePrecision('weight_carats'),
    /** Issue 27: the packed parcel of one unit (null: the product's, else the shop's default). */
    packageWeightGrams: integer('package_weight_grams'),
    packageLengthCm: integer('package_length_cm'),
    packageBreadthCm: integer('package_breadth_cm'),
    packageHeightCm: integer('package_height_cm'),
    isDefault: boolean('is_default').notNull().default(false),
  },
  (t) => [
    uniqueIndex('product_variants_sku_unique').on(sql`lower(${t.sku})`),
    uniqueIndex('product_variants_one_default')
      .on(t.productId)
      .where(sql`${t.isDefault}`),
    index('product_variants_product_idx').on(t.productId, t.position),
    // The listing filters by size and weight (catalog/listing.ts) read the matching variants' products.
    index('product_variants_size_idx')
      .on(t.sizeMm, t.productId)
      .where(sql`${t.sizeMm} is not null`),
    index('product_variants_weight_idx')
      .on(t.weightCarats, t.productId)
      .where(sql`${t.weightCarats} is not null`),
    check('product_variants_price_check', sql`${t.pricePaise} > 0`),
    check('product_variants_stock_check', sql`${t.countInStock} >= 0`),
    check('product_variants_size_check', sql`${t.sizeMm} > 0 and ${t.sizeMm} < 1000`),
    check('product_variants_weight_check', sql`${t.weightCarats} > 0 and ${t.weightCarats} < 100000`),
    check(
      'product_variants_package_check',
      sql`${t.packageWeightGrams} between 1 and 100000 and ${t.packageLengthCm} between 1 and 300 and ${t.packageBreadthCm} between 1 and 300 and ${t.packageHeightCm} between 1 and 300`,
    ),
    check('product_variants_images_check', sql`cardinality(${t.images}) <= 8`),
  ],
);

/** A text the buyer fills in for an add-on (the wearer's name, gotra). */
export interface AddOnField {
  name: string;
  /** Issue 30: its Hindi label; absent: Hindi pages show `name`. */
  nameHi?: string;
  maxLength: number;
  required: boolean;
}

/**
 * Issue 25: a priced extra chosen with a product (capping, a certificate, energisation). It is its own
 * line of the quote and the invoice: goods take the product's HSN and GST rate unless they set theirs; a
 * service (energisation) carries its SAC code and rate. A made-to-order add-on makes the line it is
 * chosen with non-returnable.
 */
export const productAddOns = pgTable(
  'product_add_ons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    name: text('name').notNull(),
    /** Issue 30: its Hindi name; null: Hindi pages show `name`. */
    nameHi: text('name_hi'),
    pricePaise: integer('price_paise').notNull(),
    fields: jsonb('fields').$type<AddOnField[]>().notNull().default([]),
    required: boolean('required').notNull().default(false),
    /** The variants it may be chosen with; null: every variant. */
    variantIds: uuid('variant_ids').array(),
    isService: boolean('is_service').notNull().default(false),
    madeToOrder: boolean('made_to_order').notNull().default(false),
    /** HSN (goods) or SAC (services) code and GST rate; null takes the product's. */
    hsnCode: text('hsn_code'),
    gstBasisPoints: integer('gst_basis_points'),
  },
  (t) => [
    index('product_add_ons_product_idx').on(t.productId, t.position),
    check('product_add_ons_price_check', sql`${t.pricePaise} >= 0`),
    check('product_add_ons_hsn_check', sql`${t.hsnCode} ~ '^([0-9]{4}|[0-9]{6}|[0-9]{8})$'`),
    check('product_add_ons_gst_check', sql`${t.gstBasisPoints} between 0 and 10000`),
  ],
);
