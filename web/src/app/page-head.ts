// What a storefront page's head says (canonical, hreflang alternates, share picture, JSON-LD), shared by
// the pages' heads in page-data.ts. Server rendering only: nothing of the browser's imports it.
import {
  IST_OFFSET_MS,
  LANGUAGES,
  LANGUAGE_TAGS,
  gstBasisPointsOf,
  localizedText,
  metaDescription,
  pathInLanguage,
  salePricePaise,
  toPaise,
  toRupees,
  unitPriceWithGstPaise,
  type Language,
  type MessageParams,
  type PageHead,
  type Product,
  type StorefrontHeadContext,
} from '@rr/core';
import type { MessageKey } from '../i18n/en.ts';

export const SHOP_NAME = 'Rudraksha Ratna';

/** Where a page's head is made: the server's context, the page's language and that language's texts. */
export interface HeadContext extends StorefrontHeadContext {
  language: Language;
  t: (key: MessageKey, params?: MessageParams) => string;
}

/** What a page's own head gives; the rest (title, description, alternates, language) is everyone's. */
export interface HeadParts {
  /** The page's own address (English form), or null to leave it out of search engines (noindex). */
  path: string | null;
  jsonLd: object[];
  image?: PageHead['image'];
  type?: PageHead['type'];
}

/** A page's absolute address in the context's language (`/product/x`, or `/hi/product/x` in Hindi). */
export const pageUrl = (ctx: HeadContext, path: string) => `${ctx.base}${pathInLanguage(ctx.language, path)}`;

export function breadcrumbs(ctx: HeadContext, trail: Array<{ name: string; path: string }>) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: [{ name: ctx.t('head.home'), path: '/' }, ...trail].map((step, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: step.name,
      item: pageUrl(ctx, step.path),
    })),
  };
}

/** The page in each language, English the default: hreflang alternates both ways (issue 30). */
function alternatesOf(ctx: HeadContext, path: string): PageHead['alternates'] {
  const each = LANGUAGES.map((language) => ({
    hreflang: LANGUAGE_TAGS[language],
    href: `${ctx.base}${pathInLanguage(language, path)}`,
  }));
  return [...each, { hreflang: 'x-default', href: `${ctx.base}${path}` }];
}

/**
 * The whole head: the title and description the page gave itself as it rendered (`usePageTitle`, in
 * its language, so nothing changes as it hydrates), and the page's own parts; `parts` null is a page
 * not found.
 */
export function fullHead(
  ctx: HeadContext,
  rendered: { title?: string; description?: string },
  parts: HeadParts | null,
): PageHead {
  const path = parts?.path ?? null;
  return {
    title: rendered.title ?? SHOP_NAME,
    description: metaDescription(rendered.description || ctx.t('head.shopDescription')),
    canonical: path === null ? null : pageUrl(ctx, path),
    alternates: path === null ? [] : alternatesOf(ctx, path),
    language: ctx.language,
    image: parts?.image ?? { url: `${ctx.base}${ctx.shopShareImage}`, alt: ctx.t('head.shareAlt') },
    type: parts?.type ?? 'website',
    jsonLd: parts?.jsonLd ?? [],
  };
}

/** The price a customer pays for a price before GST (rupees, 2 decimals, as text): what the page shows. */
const priceWithGst = (price: number, gstPercent: number) =>
  toRupees(unitPriceWithGstPaise(toPaise(price), gstBasisPointsOf(gstPercent))).toFixed(2);

const availability = (countInStock: number) =>
  countInStock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock';

/** The day (in India) a sale's last moment falls on: the Offer's priceValidUntil while it runs. */
const saleLastDay = (endsAt: string) => new Date(Date.parse(endsAt) + IST_OFFSET_MS).toISOString().slice(0, 10);

/**
 * An Offer of the shop: the price with GST, in rupees, new, sold by the shop. While a sale covers the
 * product (issue 26) it is the sale's price (`price` at `sale.percentOff` off, before GST, then GST as
 * always), valid until the sale's last day.
 */
function offer(url: string, price: number, product: Product, countInStock: number) {
  const { sale } = product;
  const paid = sale ? toRupees(salePricePaise(toPaise(price), sale.percentOff)) : price;
  return {
    '@type': 'Offer',
    url,
    price: priceWithGst(paid, product.gstPercent),
    ...(sale ? { priceValidUntil: saleLastDay(sale.endsAt) } : {}),
    priceCurrency: 'INR',
    availability: availability(countInStock),
    itemCondition: 'https://schema.org/NewCondition',
    seller: { '@type': 'Organization', name: SHOP_NAME },
  };
}

/** What a product says of itself whether it is one Product or a ProductGroup of variants. */
function productFacts(ctx: HeadContext, product: Product, image: string | null) {
  const { name, description } = localizedText(product, ctx.language);
  return {
    '@id': pageUrl(ctx, `/product/${product._id}`),
    name,
    description,
    ...(image ? { image: [image] } : {}),
    ...(product.brand.trim() ? { brand: { '@type': 'Brand', name: product.brand } } : {}),
    category: ctx.t(`category.${product.category}`),
    ...(product.numReviews > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: product.rating,
            reviewCount: product.numReviews,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
}

type Variant = Product['variants'][number];

/** A variant as schema.org Product with its own SKU, size or weight and Offer (its page address picks it). */
function variantJsonLd(ctx: HeadContext, product: Product, variant: Variant) {
  const url = `${pageUrl(ctx, `/product/${product._id}`)}?variant=${variant._id}`;
  const { sizeMm, weightCarats } = variant.facts;
  return {
    '@type': 'Product',
    sku: variant.sku,
    name: `${localizedText(product, ctx.language).name} — ${variant.name}`,
    image: [new URL(variant.image, `${ctx.base}/`).href],
    ...(sizeMm != null ? { size: `${sizeMm} mm` } : {}),
    ...(weightCarats != null
      ? { weight: { '@type': 'QuantitativeValue', value: weightCarats, unitCode: 'CTM', unitText: 'ct' } }
      : {}),
    offers: { ...offer(url, variant.price, product, variant.countInStock), sku: variant.sku },
  };
}

/**
 * schema.org Product with its Offer (the price a customer pays, GST included) and, once reviewed, its
 * rating. A product sold in variants (issue 25) is a ProductGroup whose `hasVariant` lists each with its
 * SKU, price with GST and availability; what it varies by is what its variants' facts give.
 */
export function productJsonLd(ctx: HeadContext, product: Product, image: string | null) {
  const facts = productFacts(ctx, product, image);
  const url = pageUrl(ctx, `/product/${product._id}`);
  if (product.variants.length === 0) {
    return {
      '@context': 'https://schema.org',
      '@type': 'Product',
      ...facts,
      offers: offer(url, product.price, product, product.countInStock),
    };
  }
  const variesBy = [
    ...(product.variants.some((v) => v.facts.sizeMm != null) ? ['https://schema.org/size'] : []),
    ...(product.variants.some((v) => v.facts.weightCarats != null) ? ['https://schema.org/weight'] : []),
  ];
  return {
    '@context': 'https://schema.org',
    '@type': 'ProductGroup',
    ...facts,
    productGroupID: product._id,
    ...(variesBy.length ? { variesBy } : {}),
    hasVariant: product.variants.map((variant) => variantJsonLd(ctx, product, variant)),
  };
}
