import {
  BEST_SELLER_COUNT,
  MESSAGES,
  PAGE_SIZE,
  TOP_RATED_COUNT,
  errorCodes,
  gstPercentOf,
  rattiFromCarats,
  toRupees,
  type Category,
  type Product,
  type ProductListQuery,
  type ProductSummary,
  type RunningSale,
  type Uqc,
  UUID_PATTERN,
} from '@rr/core';
import { and, asc, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import { hotStatement, inList, type Database } from '../../db/client.ts';
import { categories, orderItems, products, reviews, searchGeneration, type AddOnField } from '../../db/schema/index.ts';
import { DomainError } from '../../domain-error.ts';
import { keptPageKey, listingOrder, listingTotal, listingWhere, rankedCandidates, readListing } from './listing.ts';
import { isCurrentPage, keptPage, searchMemo } from './search-memo.ts';
import type { ListWithoutSales, WithoutSale } from './sale-prices.ts';

export const productNotFound = () => new DomainError('not_found', errorCodes.productNotFound, MESSAGES.productNotFound);

type ProductRow = typeof products.$inferSelect;

/**
 * A product with its GST rate (its own, else its category's: issue 24): select it from products
 * inner-joined on `categoryOfProduct`.
 */
const productWithRate = {
  product: products,
  gstBasisPoints: sql<number>`coalesce(${products.gstBasisPoints}, ${categories.gstBasisPoints})`.mapWith(Number),
};
export const categoryOfProduct = eq(categories.slug, products.category);

export function toProductSummary({
  product: row,
  gstBasisPoints,
}: {
  product: ProductRow;
  gstBasisPoints: number;
}): WithoutSale<ProductSummary> {
  return {
    _id: row.id,
    name: row.name,
    image: row.image,
    description: row.description,
    nameHi: row.nameHi,
    descriptionHi: row.descriptionHi,
    brand: row.brand,
    category: row.category as Category,
    price: toRupees(row.pricePaise),
    mrp: row.mrpPaise == null ? null : toRupees(row.mrpPaise),
    countInStock: row.countInStock,
    isDraft: row.isDraft,
    rating: Math.round(row.rating * 100) / 100,
    numReviews: row.numReviews,
    gstPercent: gstPercentOf(gstBasisPoints),
    priceFrom: row.priceFromPaise == null ? null : toRupees(row.priceFromPaise),
  };
}

/** Issue 14: the product page's facts (null where one does not apply) and its further pictures. */
function productFactsOf(row: ProductRow) {
  return {
    mukhi: row.mukhi,
    origin: row.origin,
    sizeMm: row.sizeMm,
    weightCarats: row.weightCarats,
    weightRatti: row.weightCarats == null ? null : rattiFromCarats(row.weightCarats),
    beadCount: row.beadCount,
    planet: row.planet,
    certificateLab: row.certificateLab,
    certificateNumber: row.certificateNumber,
    certificateFile: row.certificateFile,
    images: row.images,
    package: {
      weightGrams: row.packageWeightGrams,
      lengthCm: row.packageLengthCm,
      breadthCm: row.packageBreadthCm,
      heightCm: row.packageHeightCm,
    },
  };
}

/** Issue 24: the HSN code and UQC the product's invoice lines carry, and the tax facts it sets itself. */
function taxFactsOf(row: ProductRow, categoryHsnCode: string, categoryUqc: string) {
  return {
    hsnCode: row.hsnCode ?? categoryHsnCode,
    uqc: (row.uqc ?? categoryUqc) as Uqc,
    taxOverrides: {
      hsnCode: row.hsnCode,
      gstPercent: row.gstBasisPoints === null ? null : gstPercentOf(row.gstBasisPoints),
      uqc: row.uqc as Uqc | null,
    },
  };
}

/** A page of the listing; the running sales go on it after (sale-prices.ts). */
export async function listProducts(
  db: Database,
  query: ProductListQuery,
  sales?: RunningSale[],
): Promise<ListWithoutSales> {
  const page = query.pageNumber ?? 1;
  const limit = query.limit ?? PAGE_SIZE;
  const keptAs = keptPageKey(query, page, limit);
  const kept = keptAs ? await readKeptPage(db, keptAs) : null;
  if (kept) return { products: kept.rows.map(toProductSummary), pages: pagesOf(kept.total, limit), page };
  // Keyword, category, filters and order: catalog/listing.ts (null: no product can match).
  const memo = searchMemo(db);
  const listing = await readListing(db, query, sales, memo);
  if (!listing) {
    if (keptAs) await memo.keepPage(keptAs, { ids: [], total: 0 });
    return { products: [], pages: 1, page };
  }
  const where = listingWhere(listing);
  const offset = (page - 1) * limit;
  const ranked = listing.search && listing.sort === 'relevance' ? listing.search : null;

  // The page and the total as two queries: a window count (`count(*) over ()`) would make the database
  // read, join and sort every matching row before the limit, whatever the page size.
  const pageRows = db
    .select(productWithRate)
    .from(products)
    .innerJoin(categories, categoryOfProduct)
    .where(
      ranked ? rankedCandidates(ranked, listingWhere(listing, undefined, { keyword: false }), offset + limit) : where,
    )
    .orderBy(...listingOrder(listing))
    .limit(limit)
    .offset(offset);
  let rows: Awaited<typeof pageRows>;
  let total: number;
  if (listing.keptTotal) [rows, total] = await Promise.all([pageRows, listingTotal(db, listing)]);
  else {
    // A count reads every match: a page that is not full ends the list, and says the total itself.
    rows = await pageRows;
    const ended = rows.length < limit && (rows.length > 0 || offset === 0);
    total = ended ? offset + rows.length : await listingTotal(db, listing);
  }
  if (keptAs) await memo.keepPage(keptAs, { ids: rows.map((row) => row.product.id), total });
  return { products: rows.map(toProductSummary), pages: pagesOf(total, limit), page };
}

const pagesOf = (total: number, limit: number) => Math.max(1, Math.ceil(total / limit));

/**
 * The search generation and a kept page's products by id, in the same snapshot: one row (its product
 * null) for a page of none.
 */
const keptPageRows = hotStatement((db) =>
  db
    .select({ generation: searchGeneration.generation, ...productWithRate })
    .from(searchGeneration)
    .leftJoin(products, inList(products.id, 'ids'))
    .leftJoin(categories, categoryOfProduct),
);

/**
 * Issue 31: a search's page kept between requests (search-memo.ts), its products read again (stock and
 * price as they are now) in one statement: null when none is kept, or it no longer holds (the generation
 * read with its rows is not the one it was kept under, or one of its products is gone).
 */
async function readKeptPage(db: Database, key: string) {
  const kept = keptPage(db, key);
  if (!kept) return null;
  const found = await keptPageRows(db, { ids: kept.ids });
  const byId = new Map(
    found.flatMap(({ product, gstBasisPoints }) => (product ? [[product.id, { product, gstBasisPoints }]] : [])),
  );
  const generation = found[0]?.generation;
  if (generation === undefined || byId.size !== kept.ids.length || !isCurrentPage(db, key, kept, generation)) {
    return null;
  }
  return { rows: kept.ids.map((id) => byId.get(id)!), total: kept.total };
}

/** A review as the product answer carries it; `createdAt` in milliseconds, as the database sends it. */
interface ReviewJson {
  _id: string;
  name: string;
  rating: number;
  comment: string;
  createdAt: number;
  user: string | null;
  verifiedPurchase: boolean;
  photos: string[];
}

/**
 * The product's reviews, newest first, as one JSON array read with the product (one round trip, not
 * two: issue 13). A review's time goes as its whole milliseconds (see orders/reading.ts). Written out
 * with the table names: `countsTowardRating` reads `reviews.*` by name.
 */
const reviewsOfProduct = () => sql<ReviewJson[]>`(
  select coalesce(json_agg(json_build_object(
    '_id', reviews.id, 'name', reviews.name, 'rating', reviews.rating, 'comment', reviews.comment,
    'createdAt', floor(extract(epoch from reviews.created_at) * 1000)::int8, 'user', reviews.user_id,
    'verifiedPurchase', (reviews.user_id is not null and ${countsTowardRating}), 'photos', reviews.photos
  ) order by reviews.created_at desc, reviews.id), '[]')
  from reviews where reviews.product_id = products.id)`;

interface VariantJson {
  id: string;
  name: string;
  nameHi: string | null;
  sku: string;
  pricePaise: number;
  mrpPaise: number | null;
  countInStock: number;
  image: string | null;
  images: string[];
  sizeMm: number | null;
  weightCarats: number | null;
  packageWeightGrams: number | null;
  packageLengthCm: number | null;
  packageBreadthCm: number | null;
  packageHeightCm: number | null;
  isDefault: boolean;
}

interface AddOnJson {
  id: string;
  name: string;
  nameHi: string | null;
  pricePaise: number;
  fields: AddOnField[];
  required: boolean;
  variantIds: string[] | null;
  isService: boolean;
  madeToOrder: boolean;
  hsnCode: string | null;
  gstBasisPoints: number | null;
}

/** Issue 25: the product's variants and add-ons in display order, read with the product. */
export const variantsOfProduct = () => sql<VariantJson[]>`(
  select coalesce(json_agg(json_build_object(
    'id', v.id, 'name', v.name, 'nameHi', v.name_hi, 'sku', v.sku, 'pricePaise', v.price_paise, 'mrpPaise', v.mrp_paise,
    'countInStock', v.count_in_stock, 'image', v.image, 'images', v.images, 'sizeMm', v.size_mm,
    'weightCarats', v.weight_carats, 'isDefault', v.is_default,
    'packageWeightGrams', v.package_weight_grams, 'packageLengthCm', v.package_length_cm,
    'packageBreadthCm', v.package_breadth_cm, 'packageHeightCm', v.package_height_cm
  ) order by v.position, v.id), '[]')
  from product_variants v where v.product_id = products.id)`;

export const addOnsOfProduct = () => sql<AddOnJson[]>`(
  select coalesce(json_agg(json_build_object(
    'id', a.id, 'name', a.name, 'nameHi', a.name_hi, 'pricePaise', a.price_paise, 'fields', a.fields, 'required', a.required,
    'variantIds', a.variant_ids, 'isService', a.is_service, 'madeToOrder', a.made_to_order,
    'hsnCode', a.hsn_code, 'gstBasisPoints', a.gst_basis_points
  ) order by a.position, a.id), '[]')
  from product_add_ons a where a.product_id = products.id)`;

function variantReplyOf(v: VariantJson, product: ProductRow): Product['variants'][number] {
  return {
    _id: v.id,
    name: v.name,
    ...(v.nameHi ? { nameHi: v.nameHi } : {}),
    sku: v.sku,
    price: toRupees(v.pricePaise),
    mrp: v.mrpPaise == null ? null : toRupees(v.mrpPaise),
    countInStock: v.countInStock,
    image: v.image ?? product.image,
    images: v.images,
    facts: {
      sizeMm: v.sizeMm,
      weightCarats: v.weightCarats,
      weightRatti: v.weightCarats == null ? null : rattiFromCarats(v.weightCarats),
    },
    package: {
      weightGrams: v.packageWeightGrams,
      lengthCm: v.packageLengthCm,
      breadthCm: v.packageBreadthCm,
      heightCm: v.packageHeightCm,
    },
    isDefault: v.isDefault,
  };
}

export function addOnReplyOf(a: AddOnJson): Product['addOns'][number] {
  return {
    _id: a.id,
    name: a.name,
    ...(a.nameHi ? { nameHi: a.nameHi } : {}),
    price: toRupees(a.pricePaise),
    // Issue 30: a field's Hindi label answered when set.
    fields: a.fields.map((f) => ({
      name: f.name,
      ...(f.nameHi ? { nameHi: f.nameHi } : {}),
      maxLength: f.maxLength,
      required: f.required,
    })),
    required: a.required,
    variants: a.variantIds,
    service: a.isService,
    madeToOrder: a.madeToOrder,
    hsnCode: a.hsnCode,
    gstPercent: a.gstBasisPoints == null ? null : gstPercentOf(a.gstBasisPoints),
  };
}

/** The product with its reviews, newest first; not found for unknown or malformed ids. */
export async function getProduct(db: Database, id: string): Promise<WithoutSale<Product>> {
  if (!UUID_PATTERN.test(id)) throw productNotFound();
  const [row] = await db
    .select({
      ...productWithRate,
      categoryHsnCode: categories.hsnCode,
      categoryUqc: categories.uqc,
      reviews: reviewsOfProduct(),
      variants: variantsOfProduct(),
      addOns: addOnsOfProduct(),
    })
    .from(products)
    .innerJoin(categories, categoryOfProduct)
    .where(eq(products.id, id));
  if (!row) throw productNotFound();
  return {
    ...toProductSummary(row),
    ...productFactsOf(row.product),
    ...taxFactsOf(row.product, row.categoryHsnCode, row.categoryUqc),
    reviews: row.reviews.map((r) => ({ ...r, createdAt: new Date(r.createdAt).toISOString() })),
    variants: row.variants.map((v) => variantReplyOf(v, row.product)),
    addOns: row.addOns.map(addOnReplyOf),
  };
}

/**
 * SPEC §7's top-rated products: published ones (in stock or not), highest rating first, then the most
 * reviews, then the newest.
 */
export async function topRated(db: Database): Promise<Array<WithoutSale<ProductSummary>>> {
  const rows = await db
    .select(productWithRate)
    .from(products)
    .innerJoin(categories, categoryOfProduct)
    .where(eq(products.isDraft, false))
    .orderBy(desc(products.rating), desc(products.numReviews), desc(products.createdAt), asc(products.id))
    .limit(TOP_RATED_COUNT);
  return rows.map(toProductSummary);
}

/**
 * PRODUCT.md: the products with the most units sold (cancelled orders do not count), filled up at
 * random, from products in stock first, when fewer than five have sold. Reads the `units_sold` counter
 * the order service keeps (indexed), never the order lines, so its cost does not grow with the orders.
 */
const FILL_CANDIDATES = 200;

export async function bestSellers(db: Database): Promise<Array<WithoutSale<ProductSummary>>> {
  const top = await db
    .select(productWithRate)
    .from(products)
    .innerJoin(categories, categoryOfProduct)
    .where(and(eq(products.isDraft, false), gt(products.unitsSold, 0)))
    .orderBy(desc(products.unitsSold), sql`(${products.countInStock} > 0) desc`, asc(products.id))
    .limit(BEST_SELLER_COUNT);
  const fill =
    top.length < BEST_SELLER_COUNT
      ? await db
          .select(productWithRate)
          .from(products)
          .innerJoin(categories, categoryOfProduct)
          // A random pick from the first few hundred unsold products: bounded, however large the catalog.
          .where(
            inArray(
              products.id,
              db
                .select({ id: products.id })
                .from(products)
                .where(and(eq(products.isDraft, false), eq(products.unitsSold, 0)))
                .limit(FILL_CANDIDATES),
            ),
          )
          .orderBy(sql`(${products.countInStock} > 0) desc`, sql`random()`)
          .limit(BEST_SELLER_COUNT - top.length)
      : [];
  return [...top, ...fill].map(toProductSummary);
}

/**
 * A review counts toward the rating when it is a verified purchase: its author has an order with the
 * product that is paid or delivered and not cancelled (demo reviews, without an author, count too).
 * Written out with aliases: inside a one-table select Drizzle leaves column names unqualified.
 */
export const countsTowardRating = sql<boolean>`(reviews.user_id is null or exists (
    select 1 from order_items oi join orders o on o.id = oi.order_id
    where oi.product_id = reviews.product_id and o.user_id = reviews.user_id
      and not o.is_cancelled and (o.is_paid or o.is_delivered)))`;

/**
 * Recomputes a product's average rating and review count from the reviews that count: accounts that
 * never bought the product cannot move its rating, however many of them review it.
 */
export async function refreshProductRating(db: Database, productId: string): Promise<void> {
  const counted = sql`from reviews where reviews.product_id = ${productId} and ${countsTowardRating}`;
  await db
    .update(products)
    .set({
      rating: sql`coalesce((select avg(reviews.rating)::float8 ${counted}), 0)`,
      numReviews: sql`(select count(*)::int ${counted})`,
    })
    .where(eq(products.id, productId));
}

/** An order of this buyer changed (paid, delivered, cancelled): their reviews of its products may count now, or no longer. */
export async function refreshRatingsReviewedBy(
  db: Database,
  userId: string | null,
  productIds: Array<string | null>,
): Promise<void> {
  const ids = productIds.filter((id): id is string => id !== null);
  if (!userId || ids.length === 0) return;
  const reviewed = await db
    .select({ productId: reviews.productId })
    .from(reviews)
    .where(and(eq(reviews.userId, userId), inArray(reviews.productId, ids)));
  for (const { productId } of reviewed) await refreshProductRating(db, productId);
}

const reviewedInOrder = hotStatement((db) =>
  db
    .select({ productId: reviews.productId })
    .from(reviews)
    .where(
      and(
        eq(reviews.userId, sql.placeholder('userId')),
        inArray(
          reviews.productId,
          db
            .select({ productId: orderItems.productId })
            .from(orderItems)
            .where(eq(orderItems.orderId, sql.placeholder('orderId'))),
        ),
      ),
    ),
);

/** As refreshRatingsReviewedBy, for the products of an order's lines (one read: the reviews among them). */
export async function refreshRatingsOfOrder(db: Database, userId: string | null, orderId: string): Promise<void> {
  if (!userId) return;
  const reviewed = await reviewedInOrder(db, { userId, orderId });
  for (const { productId } of reviewed) await refreshProductRating(db, productId);
}

/**
 * Issue 28: the published products among `ids` as the catalog's cards, in the order of `ids` (a saved
 * list's order); ids of drafts and of products gone are left out. The running sales go on them after.
 */
export async function publishedCards(
  db: Database,
  ids: readonly string[],
): Promise<Array<WithoutSale<ProductSummary>>> {
  if (ids.length === 0) return [];
  const rows = await db
    .select(productWithRate)
    .from(products)
    .innerJoin(categories, categoryOfProduct)
    .where(and(inArray(products.id, [...ids]), eq(products.isDraft, false)));
  const byId = new Map(rows.map((row) => [row.product.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toProductSummary(row)] : [];
  });
}
