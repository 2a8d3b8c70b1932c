import {
  IST_OFFSET_MS,
  LANGUAGES,
  LANGUAGE_TAGS,
  OG_LOCALES,
  localizedText,
  pathInLanguage,
  gstBasisPointsOf,
  salePricePaise,
  toPaise,
  toRupees,
  unitPriceWithGstPaise,
  type Language,
  type Product,
  type StorefrontPage,
} from '@rr/core';
import { markupText } from '../../markup.ts';
import { SHOP_SHARE_IMAGE_PATH, productShareImagePath } from './share-image.ts';

export const SHOP_NAME = 'Rudraksha Ratna';

/**
 * The storefront's texts for the head (issue 30: breadcrumbs, the share picture's words, the shop's
 * description), in the page's language: the web app's own (`textsFor` of its server rendering).
 */
export type HeadTexts = (key: string, params?: Record<string, string | number>) => string;

/** Where a page is rendered: the shop's absolute address, the page's language and that language's texts. */
export interface HeadContext {
  base: string;
  language: Language;
  t: HeadTexts;
}

/** What a rendered page's <head> says about it to search engines and share previews. */
export interface PageHead {
  title: string;
  description: string;
  /** Absolute; null for a page that is not found. */
  canonical: string | null;
  /** The page in each language (hreflang), with English as the default; [] when there is no canonical. */
  alternates: Array<{ hreflang: string; href: string }>;
  language: Language;
  image: { url: string; alt: string } | null;
  type: 'website' | 'product';
  jsonLd: object[];
}

/** A page's absolute address in the context's language (`/product/x`, or `/hi/product/x` in Hindi). */
const pageUrl = (ctx: HeadContext, path: string) => `${ctx.base}${pathInLanguage(ctx.language, path)}`;

function breadcrumbs(ctx: HeadContext, trail: Array<{ name: string; path: string }>) {
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
    brand: { '@type': 'Brand', name: product.brand },
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
function productJsonLd(ctx: HeadContext, product: Product, image: string | null) {
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

const shareImage = (ctx: HeadContext) => ({
  url: `${ctx.base}${SHOP_SHARE_IMAGE_PATH}`,
  alt: ctx.t('head.shareAlt'),
});

/** The page in each language, English the default: hreflang alternates both ways (issue 30). */
function alternatesOf(ctx: HeadContext, path: string): PageHead['alternates'] {
  const each = LANGUAGES.map((language) => ({
    hreflang: LANGUAGE_TAGS[language],
    href: `${ctx.base}${pathInLanguage(language, path)}`,
  }));
  return [...each, { hreflang: 'x-default', href: `${ctx.base}${path}` }];
}

/** What every head of an indexed page (one with a canonical `path`) or a page left out (null) says. */
function headOf(
  ctx: HeadContext,
  rendered: { title?: string; description?: string } | undefined,
  path: string | null,
): Omit<PageHead, 'jsonLd'> {
  return {
    title: rendered?.title ?? SHOP_NAME,
    description: rendered?.description || ctx.t('head.shopDescription'),
    canonical: path === null ? null : pageUrl(ctx, path),
    alternates: path === null ? [] : alternatesOf(ctx, path),
    language: ctx.language,
    image: shareImage(ctx),
    type: 'website',
  };
}

type Rendered = { title?: string; description?: string } | undefined;

/** A page of products (a search, a collection): the shop's picture, and home > the listing. */
function listingHead(
  ctx: HeadContext,
  rendered: Rendered,
  empty: boolean | undefined,
  listing: { path: string; crumb: { name: string; path: string } },
): PageHead {
  return { ...headOf(ctx, rendered, empty ? null : listing.path), jsonLd: [breadcrumbs(ctx, [listing.crumb])] };
}

/**
 * The head of a storefront page from the data it was rendered with. Its title and description are
 * the ones the page gave itself as it rendered (`usePageTitle`, in the page's language), so nothing
 * changes as it hydrates; canonical, hreflang alternates and JSON-LD come from here. A listing with no
 * product on it (a search that found nothing, a page past the last) is left out of search engines
 * (`noindex`, no canonical), except the home page itself. `ctx.base` is the shop's absolute address
 * (PUBLIC_URL, or the request's host in development).
 */
export function pageHead(
  ctx: HeadContext,
  page: StorefrontPage,
  data: {
    product?: Product;
    rendered?: { title?: string; description?: string };
    /** A listing page (home, search, collection) with no product on it. */
    empty?: boolean;
  },
): PageHead {
  const { rendered } = data;
  const notFound: PageHead = { ...headOf(ctx, rendered, null), jsonLd: [] };
  switch (page.page) {
    case 'home': {
      const path = page.pageNumber === 1 ? '/' : `/page/${page.pageNumber}`;
      return {
        ...headOf(ctx, rendered, data.empty && page.pageNumber > 1 ? null : path),
        jsonLd: [
          {
            '@context': 'https://schema.org',
            '@type': 'WebSite',
            name: SHOP_NAME,
            url: pageUrl(ctx, '/'),
            inLanguage: LANGUAGE_TAGS[ctx.language],
            potentialAction: {
              '@type': 'SearchAction',
              target: `${pageUrl(ctx, '/search')}/{search_term_string}`,
              'query-input': 'required name=search_term_string',
            },
          },
          breadcrumbs(ctx, page.pageNumber > 1 ? [{ name: ctx.t('head.page', { page: page.pageNumber }), path }] : []),
        ],
      };
    }
    case 'search': {
      const path = `/search/${encodeURIComponent(page.keyword)}`;
      return listingHead(ctx, rendered, data.empty, {
        path: page.pageNumber > 1 ? `${path}/page/${page.pageNumber}` : path,
        crumb: { name: ctx.t('head.search', { keyword: page.keyword }), path },
      });
    }
    case 'category': {
      const path = `/category/${encodeURIComponent(page.category)}`;
      return listingHead(ctx, rendered, data.empty, {
        path: page.pageNumber > 1 ? `${path}?page=${page.pageNumber}` : path,
        crumb: { name: ctx.t('head.collection', { label: ctx.t(`category.${page.category}`) }), path },
      });
    }
    case 'product': {
      const product = data.product;
      if (!product) return notFound;
      const { name } = localizedText(product, ctx.language);
      const image = { url: `${ctx.base}${productShareImagePath(product)}`, alt: name };
      const category = `/category/${encodeURIComponent(product.category)}`;
      return {
        ...headOf(ctx, rendered, `/product/${product._id}`),
        image,
        type: 'product',
        jsonLd: [
          productJsonLd(ctx, product, image.url),
          breadcrumbs(ctx, [
            { name: ctx.t('head.collection', { label: ctx.t(`category.${product.category}`) }), path: category },
            { name, path: `/product/${product._id}` },
          ]),
        ],
      };
    }
    case 'content':
      return { ...headOf(ctx, rendered, page.path), jsonLd: [] };
    default:
      return notFound;
  }
}

/**
 * The head as HTML. Text goes through HTML escaping; JSON-LD through `scriptJson`, which must leave no
 * `<` in it, so a product named `</script>...` stays inside its script element.
 */
export function headHtml(head: PageHead, scriptJson: (value: unknown) => string): string {
  const meta = (attr: 'name' | 'property', key: string, content: string) =>
    `<meta ${attr}="${key}" content="${markupText(content)}" />`;
  return [
    `<title>${markupText(head.title)}</title>`,
    meta('name', 'description', head.description),
    head.canonical
      ? `<link rel="canonical" href="${markupText(head.canonical)}" />`
      : meta('name', 'robots', 'noindex'),
    ...head.alternates.map(
      (link) => `<link rel="alternate" hreflang="${link.hreflang}" href="${markupText(link.href)}" />`,
    ),
    meta('property', 'og:site_name', SHOP_NAME),
    meta('property', 'og:type', head.type),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    ...(head.canonical ? [meta('property', 'og:url', head.canonical)] : []),
    meta('property', 'og:locale', OG_LOCALES[head.language]),
    ...LANGUAGES.filter((language) => language !== head.language).map((language) =>
      meta('property', 'og:locale:alternate', OG_LOCALES[language]),
    ),
    ...(head.image
      ? [
          meta('property', 'og:image', head.image.url),
          meta('property', 'og:image:type', 'image/jpeg'),
          meta('property', 'og:image:width', '1200'),
          meta('property', 'og:image:height', '630'),
          meta('property', 'og:image:alt', head.image.alt),
        ]
      : []),
    meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
    ...(head.image ? [meta('name', 'twitter:image', head.image.url)] : []),
    ...head.jsonLd.map((data) => `<script type="application/ld+json">${scriptJson(data)}</script>`),
  ].join('\n    ');
}
