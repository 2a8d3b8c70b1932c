/**
 * Issue 14: what a listing shows (keyword, category, price, stock, mukhi, origin), in which order, and
 * the filter panel's counts. GET /api/products (service.ts listProducts), /api/products/facets and
 * /api/products/suggest all read their query here.
 */
import {
  CATEGORIES,
  MAX_SUGGESTIONS,
  categoryLabel,
  cutKeyword,
  isCategory,
  parseListingFilters,
  toRupees,
  type Category,
  type ListingFilters,
  type ListingSort,
  type ProductFacets,
  type ProductListQuery,
  type ProductSuggestions,
  type RunningSale,
} from '@rr/core';
import { and, asc, count, desc, eq, gt, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import { rawRows, type Database } from '../../db/client.ts';
import { productVariants, products, publishedProductCounts } from '../../db/schema/index.ts';
import { runningSales } from '../offers/index.ts';
import { searchMemo, type SearchMemo } from './search-memo.ts';
import { normaliseKeyword, searchFor, searchWords, type SearchSql } from './search.ts';

type FacetName = 'price' | 'inStock' | 'mukhi' | 'origin' | 'size' | 'weight' | 'planet';

export interface Listing {
  /** Drafts and category (and the keyword, `search.where`): what every count starts from. */
  base: SQL[];
  /** Each filter's condition, so a facet can leave its own out. */
  filters: Partial<Record<FacetName, SQL>>;
  search: SearchSql | null;
  sort: ListingSort;
  /**
   * The published shop or one category, unfiltered: its total is the count the database keeps
   * (published_product_counts, migration 0021) instead of a count of its rows. `null` is every category.
   */
  keptTotal?: { category: Category | null };
  /** The request's kept search values (search-memo.ts): its total, when no filter reads stock or price. */
  memo: SearchMemo;
}

/**
 * The listing a query asks for; null when it can hold no product (an unknown category or filter value, or
 * a misspelt word like no word of a published name). `memo`: the request's kept search values.
 */
export async function readListing(
  db: Database,
  query: ProductListQuery,
  sales: RunningSale[] | undefined,
  memo: SearchMemo,
): Promise<Listing | null> {
  // PRODUCT.md "The contract": no product is in an unknown category or has an unknown filter value.
  if (query.category && !isCategory(query.category)) return null;
  const parsed = parseListingFilters(query);
  if (!parsed) return null;
  const drafts = query.drafts === 'include';
  const base = await baseConditions(db, query, parsed.sale, sales);
  if (!base) return null;
  const found = query.keyword ? await searchFor(db, query.keyword, { drafts, memo }) : null;
  if (found && !found.published && !drafts) return null;
  const search = found?.search ?? null;
  const filters = filterConditions(parsed);
  const unfiltered = !drafts && !search && !parsed.sale && Object.keys(filters).length === 0;
  return {
    base,
    filters,
    search,
    sort: parsed.sort ?? (search ? 'relevance' : 'newest'),
    memo,
    ...(unfiltered ? { keptTotal: { category: (query.category as Category | undefined) ?? null } } : {}),
  };
}

/**
 * What every count of the listing starts from: published products (drafts are listed for admins only),
 * the category, the sale (issue 30); null when the sale is not running.
 */
async function baseConditions(
  db: Database,
  query: ProductListQuery,
  sale: string | undefined,
  sales: RunningSale[] | undefined,
): Promise<SQL[] | null> {
  const base: SQL[] = query.drafts === 'include' ? [] : [eq(products.isDraft, false)];
  if (query.category) base.push(eq(products.category, query.category));
  if (sale) {
    const covered = saleCoverage(sale, sales ?? (await runningSales(db)));
    if (!covered) return null;
    base.push(covered);
  }
  return base;
}

/**
 * Issue 30: the products a running sale covers (its own and its categories'), as a condition; null when
 * no running sale has that id. `running` is what the answer's prices come from (the response cache's
 * list, so that a listing and its sale prices agree), or one read of the sales table.
 */
function saleCoverage(id: string, running: RunningSale[]): SQL | null {
  const sale = running.find((s) => s._id === id);
  if (!sale) return null;
  const covers = [
    ...(sale.products.length ? [inArray(products.id, sale.products)] : []),
    ...(sale.categories.length ? [inArray(products.category, sale.categories)] : []),
  ];
  return covers.length ? or(...covers)! : null;
}

/** Filters on columns whose changes search_generation follows (migration 0023). */
const WATCHED_FILTERS = new Set<FacetName>(['mukhi', 'origin', 'planet']);

/**
 * Issue 31: the key a search's page is kept under between requests (search-memo.ts `keepPage`), or null
 * when it may not be kept. A page ranked by relevance whose filters read only columns migration 0023
 * watches (mukhi, origin, planet: no stock, price, size, weight or sale) holds the same products in the
 * same order until search_generation moves; the rest of the request (the keyword, its category, drafts,
 * the page) is in the key. Decision 0073.
 */
export function keptPageKey(query: ProductListQuery, page: number, limit: number): string | null {
  const keyword = query.keyword?.trim();
  const parsed = keyword ? parseListingFilters(query) : null;
  if (!keyword || !parsed || (parsed.sort ?? 'relevance') !== 'relevance') return null;
  const { sort: _sort, ...filters } = parsed;
  if (!Object.keys(filters).every((name) => WATCHED_FILTERS.has(name as FacetName))) return null;
  const { mukhi = null, origin = null, planet = null } = filters;
  const { category = null, drafts = null } = query;
  return JSON.stringify(['page', normaliseKeyword(keyword), category, drafts, mukhi, origin, planet, page, limit]);
}

/** How many products a listing holds. */
export async function listingTotal(db: Database, listing: Listing): Promise<number> {
  if (listing.keptTotal) {
    const { category } = listing.keptTotal;
    const [kept] = await db
      .select({ n: sql<number>`coalesce(sum(${publishedProductCounts.published}), 0)`.mapWith(Number) })
      .from(publishedProductCounts)
      .where(category ? eq(publishedProductCounts.category, category) : undefined);
    return kept?.n ?? 0;
  }
  // Kept only when every condition reads columns migration 0023 watches: stock and price change with
  // every order, so a count that reads them is read each time.
  if (Object.keys(listing.filters).every((name) => WATCHED_FILTERS.has(name as FacetName))) {
    const where = listingWhere(listing);
    return listing.memo.value(sql`select count(*) from ${products}${where ? sql` where ${where}` : sql``}`);
  }
  const [counted] = await db.select({ n: count() }).from(products).where(listingWhere(listing));
  return counted?.n ?? 0;
}

/**
 * Issue 25: a product whose own facts match, or one of whose variants' do (a bead sold in 18, 20 and
 * 22 mm is a 20 mm bead). The variants' side is one indexed read of the matching variants, hashed once
 * per query (an uncorrelated IN, not a lookup per product).
 */
function ownOrVariant(own: SQL, variant: SQL): SQL {
  return sql`(${own} or ${products.id} in (select ${productVariants.productId} from ${productVariants} where ${variant}))`;
}

/** Size (millimetres, exact) and weight (carats, a range) filters, met by the product or a variant. */
function factConditions(filters: ListingFilters, conditions: Listing['filters']): void {
  if (filters.size) {
    const sizes = sql`(${sql.join(
      filters.size.map((mm) => sql`${mm}::float8`),
      sql`, `,
    )})`;
    conditions.size = ownOrVariant(sql`${products.sizeMm} in ${sizes}`, sql`${productVariants.sizeMm} in ${sizes}`);
  }
  const { minCarats, maxCarats } = filters;
  if (minCarats === undefined && maxCarats === undefined) return;
  const weightIn = (column: SQL) =>
    and(
      minCarats === undefined ? undefined : sql`${column} >= ${minCarats}::float8`,
      maxCarats === undefined ? undefined : sql`${column} <= ${maxCarats}::float8`,
    )!;
  conditions.weight = ownOrVariant(
    weightIn(sql`${products.weightCarats}`),
    weightIn(sql`${productVariants.weightCarats}`),
  );
}

function filterConditions(filters: ListingFilters): Listing['filters'] {
  const conditions: Listing['filters'] = {};
  factConditions(filters, conditions);
  const price: SQL[] = [];
  if (filters.minPrice !== undefined) price.push(sql`${products.pricePaise} >= ${Math.round(filters.minPrice * 100)}`);
  if (filters.maxPrice !== undefined) price.push(sql`${products.pricePaise} <= ${Math.round(filters.maxPrice * 100)}`);
  if (price.length) conditions.price = and(...price);
  if (filters.inStock) conditions.inStock = gt(products.countInStock, 0);
  if (filters.mukhi) conditions.mukhi = inArray(products.mukhi, filters.mukhi);
  if (filters.origin) {
    const origins = filters.origin.map((o) => o.toLowerCase());
    conditions.origin = inArray(sql`lower(${products.origin})`, origins);
  }
  if (filters.planet) conditions.planet = inArray(products.planet, filters.planet);
  return conditions;
}

/**
 * Every condition of the listing, but the one of `except` (a facet counts with the other filters); with
 * `keyword: false`, all but the keyword's.
 */
export function listingWhere(listing: Listing, except?: FacetName, { keyword = true } = {}): SQL | undefined {
  const parts = [
    ...listing.base,
    ...(keyword && listing.search ? [listing.search.where] : []),
    ...Object.entries(listing.filters)
      .filter(([name]) => name !== except)
      .map(([, condition]) => condition),
  ];
  return parts.length ? and(...parts) : undefined;
}

/**
 * The products that can hold the first `n` places of a search ranked by relevance, found without ranking
 * every match: the newest `n` of each tier that pass `filters` (the listing's other conditions), from the
 * tier's own indexed query. A product beyond its tier's first `n` has `n` better ones before it. Every
 * tier lies within the search's match, which is left out here: the planner, taking the two for unrelated,
 * would expect a few rows and sort every match.
 *
 * Issue 31: a tier narrowed to a category (`search.narrowedBy`) is looked for among the category's newest
 * `walkedRows(n)` products first, and only when fewer are there, among all its matches through the
 * tier's indexes (a one-time filter runs that read only then). Left to the planner, which multiplies the
 * two, such a tier it expects to be common but which is empty walked the whole category newest first:
 * for "rudraksha", names starting with it in the rudraksha category (there are none: those are malas)
 * read all 40,000 of the category's products, 240 ms at 100k products.
 */
export function rankedCandidates(search: SearchSql, filters: SQL | undefined, n: number): SQL {
  const newestFirst = sql`order by ${products.createdAt} desc, ${products.id}`;
  const ctes: SQL[] = [];
  const arms = search.tiers.map((tier, i) => {
    const category = search.narrowedBy[i];
    if (!category) {
      return sql`(select ${products.id} from ${products} where ${and(filters, tier)} ${newestFirst} limit ${n})`;
    }
    const [walked, matches] = [sql.raw(`walked_${i}`), sql.raw(`matches_${i}`)];
    ctes.push(
      sql`${walked} as materialized (select id, created_at from (
            select ${products.id}, ${products.createdAt}, ${tier} as hit from ${products}
            where ${and(filters, category)} ${newestFirst} limit ${walkedRows(n)}
          ) as ${products} where hit ${newestFirst} limit ${n})`,
      sql`${matches} as materialized (select ${products.id}, ${products.createdAt} from ${products}
            where ${and(filters, tier)})`,
    );
    return sql`(select id from ${walked}) union all (select id from ${matches} as ${products}
      where (select count(*) from ${walked}) < ${n} ${newestFirst} limit ${n})`;
  });
  const withClause = ctes.length ? sql`with ${sql.join(ctes, sql`, `)} ` : sql``;
  return inArray(products.id, sql`(${withClause}${sql.join(arms, sql` union all `)})`);
}

/**
 * How many of a category's newest products a narrowed tier's newest `n` are looked for in before the
 * tier's indexes are read: one that common is found there, walking a few rows; a rarer one costs this
 * walk and an indexed read of its matches.
 */
const walkedRows = (n: number) => Math.max(200, n * 16);

/** The order of a listing; ties fall to the newest, then the id, so paging is stable. */
export function listingOrder(listing: Listing): SQL[] {
  const newest = [desc(products.createdAt), asc(products.id)];
  switch (listing.sort) {
    case 'price_asc':
      return [asc(products.pricePaise), ...newest];
    case 'price_desc':
      return [desc(products.pricePaise), ...newest];
    case 'rating':
      return [desc(products.rating), desc(products.numReviews), ...newest];
    case 'relevance':
      return listing.search ? [asc(listing.search.rank), ...newest] : newest;
    default:
      return newest;
  }
}

const NO_FACETS: ProductFacets = {
  total: 0,
  inStock: 0,
  price: { min: null, max: null },
  mukhi: [],
  origin: [],
  size: [],
  weight: { min: null, max: null },
  planet: [],
};

/**
 * Issue 25: the sizes and weights of the products matching `where`, their own and their variants' (a
 * product counted once per size it comes in).
 */
function factFacets(db: Database, where: (except?: FacetName) => SQL) {
  const facts = (except: FacetName, column: 'size_mm' | 'weight_carats') =>
    sql`(select ${products.id} as product_id, ${sql.raw(`products.${column}`)} as value from ${products}
           where ${where(except)}
         union
         select v.product_id, ${sql.raw(`v.${column}`)} from ${productVariants} v
           where v.product_id in (select ${products.id} from ${products} where ${where(except)}))`;
  return Promise.all([
    rawRows<{ value: number; count: number }>(
      db,
      sql`select value, count(distinct product_id)::int as count from ${facts('size', 'size_mm')} as f
          where value is not null group by value order by value`,
    ),
    rawRows<{ min: number | null; max: number | null }>(
      db,
      sql`select min(value) as min, max(value) as max from ${facts('weight', 'weight_carats')} as f`,
    ),
  ]);
}

/** GET /api/products/facets: the counts a filter panel shows, each with the other filters applied. */
export async function productFacets(
  db: Database,
  query: ProductListQuery,
  sales?: RunningSale[],
): Promise<ProductFacets> {
  const listing = await readListing(db, query, sales, searchMemo(db));
  if (!listing) return NO_FACETS;
  const where = (except?: FacetName) => sql`coalesce(${listingWhere(listing, except) ?? sql`true`}, false)`;
  const grouped = (except: 'mukhi' | 'planet') => {
    const column = except === 'mukhi' ? products.mukhi : products.planet;
    return db
      .select({ value: column, count: sql<number>`count(*)`.mapWith(Number) })
      .from(products)
      .where(and(listingWhere(listing, except), isNotNull(column)))
      .groupBy(column)
      .orderBy(asc(column));
  };
  const [[totals], mukhi, origin, planet, [size, [weight]]] = await Promise.all([
    db
      .select({
        total: sql<number>`count(*) filter (where ${where()})`.mapWith(Number),
        inStock: sql<number>`count(*) filter (where ${where('inStock')} and ${products.countInStock} > 0)`.mapWith(
          Number,
        ),
        min: sql<number | null>`min(${products.pricePaise}) filter (where ${where('price')})`,
        max: sql<number | null>`max(${products.pricePaise}) filter (where ${where('price')})`,
      })
      .from(products),
    grouped('mukhi'),
    db
      .select({
        value: sql<string>`min(${products.origin})`,
        count: sql<number>`count(*)`.mapWith(Number),
      })
      .from(products)
      .where(and(listingWhere(listing, 'origin'), isNotNull(products.origin)))
      .groupBy(sql`lower(${products.origin})`)
      .orderBy(sql`count(*) desc`, sql`lower(${products.origin})`),
    grouped('planet'),
    factFacets(db, where),
  ]);
  const paise = (value: number | string | null | undefined) => (value == null ? null : toRupees(Number(value)));
  const number = (value: number | string | null | undefined) => (value == null ? null : Number(value));
  return {
    total: totals?.total ?? 0,
    inStock: totals?.inStock ?? 0,
    price: { min: paise(totals?.min), max: paise(totals?.max) },
    mukhi: mukhi.map((row) => ({ value: Number(row.value), count: row.count })),
    origin: origin.map((row) => ({ value: row.value, count: row.count })),
    size: size.map((row) => ({ value: Number(row.value), count: row.count })),
    weight: { min: number(weight?.min), max: number(weight?.max) },
    planet: planet.map((row) => ({ value: String(row.value), count: row.count })),
  };
}

/** The categories a typed text names: by their name or slug, or a trade name for them (माला, ratna). */
function categoriesNamed(text: string, words: string[]): Category[] {
  const typed = normaliseKeyword(text);
  return CATEGORIES.filter((slug) => {
    const names = [slug, categoryLabel(slug).toLowerCase()];
    return names.some((name) => name.startsWith(typed) || words.some((w) => w.length >= 3 && name.startsWith(w)));
  });
}

const inStock = sql`${products.countInStock} > 0`;

/** GET /api/products/suggest: a few published products and the categories for text being typed. */
export async function suggest(db: Database, q: string | undefined): Promise<ProductSuggestions> {
  const keyword = cutKeyword(q ?? '');
  if (!keyword) return { products: [], categories: [] };
  const { plan, search, published } = await searchFor(db, keyword, { typing: true });
  const rows = !published
    ? []
    : await db
        .select({
          id: products.id,
          name: products.name,
          nameHi: products.nameHi,
          image: products.image,
          category: products.category,
          pricePaise: products.pricePaise,
        })
        .from(products)
        // The newest few of the best tiers, those in stock first among them.
        .where(rankedCandidates(search, eq(products.isDraft, false), MAX_SUGGESTIONS))
        .orderBy(asc(search.rank), sql`${inStock} desc`, desc(products.createdAt), asc(products.id))
        .limit(MAX_SUGGESTIONS);
  // The trade's names count too: "माला" names the mala category as "mala" does.
  const expandedWords = [...(plan.units ?? []), ...plan.expanded.flat()].flatMap((unit) => unit.phrase.split(' '));
  const words = [...new Set([...searchWords(normaliseKeyword(keyword)), ...expandedWords])];
  return {
    products: rows.map((row) => ({
      _id: row.id,
      name: row.name,
      nameHi: row.nameHi,
      image: row.image,
      category: row.category as Category,
      price: toRupees(row.pricePaise),
    })),
    categories: categoriesNamed(keyword, words).map((slug) => ({ slug, name: categoryLabel(slug) })),
  };
}
