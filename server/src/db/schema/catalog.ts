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
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/**
 * PRODUCT.md: each category's HSN code and GST rate (basis points, 1800 = 18%), which an admin edits.
 * The three rows are made by the migration; orders copy the rate and code onto each line.
 */
export const categories = pgTable(
  'categories',
  {
    slug: text('slug').primaryKey(),
    hsnCode: text('hsn_code').notNull(),
    gstBasisPoints: integer('gst_basis_points').notNull().default(1800),
    /** GST unit quantity code printed on invoice lines (core UQCS); a product may override it. */
    uqc: text('uqc').notNull().default('NOS'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('categories_hsn_check', sql`${t.hsnCode} ~ '^[0-9]{4,8}$'`),
    check('categories_gst_check', sql`${t.gstBasisPoints} between 0 and 10000`),
    check('categories_uqc_check', sql`${t.uqc} in ('NOS', 'PCS', 'PRS', 'SET')`),
  ],
);

export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    image: text('image').notNull(),
    description: text('description').notNull().default(''),
    /** Issue 30: the Hindi name and description; '' where not written (the English ones show). */
    nameHi: text('name_hi').notNull().default(''),
    descriptionHi: text('description_hi').notNull().default(''),
    brand: text('brand').notNull().default(''),
    category: text('category')
      .notNull()
      .references(() => categories.slug),
    pricePaise: integer('price_paise').notNull(),
    mrpPaise: integer('mrp_paise'),
    // Issue 24: the product's own tax facts; null means its category's. Pricing reads each as
    // coalesce(products.x, categories.x), so keep these names.
    hsnCode: text('hsn_code'),
    gstBasisPoints: integer('gst_basis_points'),
    uqc: text('uqc'),
    countInStock: integer('count_in_stock').notNull().default(0),
    /**
     * Issue 25: the lowest variant price when the product's variants differ in price (listings say
     * "from ₹x"); null otherwise. Kept by the catalog's writes with the variants.
     */
    priceFromPaise: integer('price_from_paise'),
    /** Made by Create Product and not yet saved: hidden from the shop and not for sale. */
    isDraft: boolean('is_draft').notNull().default(false),
    /** Average of review ratings, kept in step with `reviews` by the service that writes them. */
    rating: doublePrecision('rating').notNull().default(0),
    numReviews: integer('num_reviews').notNull().default(0),
    /** Units in orders that are not cancelled, kept by the order service: best sellers read it, not order lines. */
    unitsSold: integer('units_sold').notNull().default(0),
    // Issue 14: product facts as data, each optional (null where a fact does not apply to the product).
    /** Faces of a rudraksha bead (1 to 21). */
    mukhi: smallint('mukhi'),
    /** Where the bead or stone comes from, as the trade names it: Nepal, Indonesia, India, Sri Lanka, ... */
    origin: text('origin'),
    /** Bead or stone size in millimetres. */
    sizeMm: doublePrecision('size_mm'),
    /** Gem weight in carats; ratti is derived from it for display. */
    weightCarats: doublePrecision('weight_carats'),
    /** Beads on a mala. */
    beadCount: smallint('bead_count'),
    /** The planet a gem is worn for (Saturn for blue sapphire, ...). */
    planet: text('planet'),
    /** Laboratory certificate: lab name, certificate number and an uploaded image or PDF of it. */
    certificateLab: text('certificate_lab'),
    certificateNumber: text('certificate_number'),
    certificateFile: text('certificate_file'),
    /** Issue 27: the packed parcel of one unit (null: the shop's default package's figure). */
    packageWeightGrams: integer('package_weight_grams'),
    packageLengthCm: integer('package_length_cm'),
    packageBreadthCm: integer('package_breadth_cm'),
    packageHeightCm: integer('package_height_cm'),
    /** Further pictures after `image` (the main one), in display order. */
    images: text('images')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('products_category_check', sql`${t.category} in ('gems', 'mala', 'rudraksha')`),
    check('products_price_check', sql`${t.pricePaise} > 0`),
    check('products_stock_check', sql`${t.countInStock} >= 0`),
    check('products_mukhi_check', sql`${t.mukhi} between 1 and 21`),
    check('products_size_check', sql`${t.sizeMm} > 0 and ${t.sizeMm} < 1000`),
    check('products_weight_check', sql`${t.weightCarats} > 0 and ${t.weightCarats} < 100000`),
    check(
      'products_package_check',
      sql`${t.packageWeightGrams} between 1 and 100000 and ${t.packageLengthCm} between 1 and 300 and ${t.packageBreadthCm} between 1 and 300 and ${t.packageHeightCm} between 1 and 300`,
    ),
    check('products_bead_count_check', sql`${t.beadCount} between 1 and 1008`),
    check('products_images_check', sql`cardinality(${t.images}) <= 8`),
    check('products_hsn_check', sql`${t.hsnCode} ~ '^([0-9]{4}|[0-9]{6}|[0-9]{8})$'`),
    check('products_gst_check', sql`${t.gstBasisPoints} between 0 and 10000`),
    check('products_uqc_check', sql`${t.uqc} in ('NOS', 'PCS', 'PRS', 'SET')`),
    index('products_category_created_idx').on(t.category, t.createdAt),
    index('products_created_idx').on(t.createdAt),
    index('products_units_sold_idx').on(t.unitsSold),
    // A collection's total (GET /api/products?category=): an index-only count instead of reading the table.
    index('products_published_category_idx')
      .on(t.category)
      .where(sql`not ${t.isDraft}`),
  ],
);

export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** Null for demo reviews, and once the reviewer's account is deleted (the review stays). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    rating: integer('rating').notNull(),
    comment: text('comment').notNull(),
    /** Issue 28: up to three pictures (stored files' URLs, location data stripped on upload). */
    photos: jsonb('photos').$type<string[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('reviews_rating_check', sql`${t.rating} between 1 and 5`),
    index('reviews_product_idx').on(t.productId, t.createdAt),
    uniqueIndex('reviews_product_user_unique').on(t.productId, t.userId),
  ],
);
