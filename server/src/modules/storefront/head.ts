import {
  IST_OFFSET_MS,
  categoryLabel,
  gstBasisPointsOf,
  salePricePaise,
  toPaise,
  toRupees,
  unitPriceWithGstPaise,
  type Product,
  type StorefrontPage,
} from '@rr/core';
import { markupText } from '../../markup.ts';
import { SHOP_SHARE_IMAGE_PATH, productShareImagePath } from './share-image.ts';

export const SHOP_NAME = 'Rudraksha Ratna';
// Titles and descriptions are the ones the pages set in the browser (usePageTitle), so nothing changes
// as a page hydrates.
const HOME_DESCRIPTION =
  'Authentic Nepal and Java rudraksha, lab-certified gemstones and handmade jaap malas, shipped across India.';
const SHOP_DESCRIPTION =
  'Authentic Nepal and Java rudraksha, lab-certified gemstones and handmade jaap malas, shipped across India. Cash on Delivery or 10% off when you pay online.';

/** What a rendered page's <head> says about it to search engines and share previews. */
export interface PageHead {
  title: string;
  description: string;
  /** Absolute; null for a page that is not found. */
  canonical: string | null;
  image: { url: string; alt: string } | null;
  type: 'website' | 'product';
  jsonLd: object[];
}

function breadcrumbs(base: string, trail: Array<{ name: string; path: string }>) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((step, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: step.name,
      item: `${base}${step.path}`,
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
function productFacts(base: string, product: Product, image: string | null) {
  return {
    '@id': `${base}/product/${product._id}`,
    name: product.name,
    description: product.description,
    ...(image ? { image: [image] } : {}),
    brand: { '@type': 'Brand', name: product.brand },
    category: categoryLabel(product.category),
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
function variantJsonLd(base: string, product: Product, variant: Variant) {
  const url = `${base}/product/${product._id}?variant=${variant._id}`;
  const { sizeMm, weightCarats } = variant.facts;
  return {
    '@type': 'Product',
    sku: variant.sku,
    name: `${product.name} — ${variant.name}`,
    image: [new URL(variant.image, `${base}/`).href],
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
function productJsonLd(base: string, product: Product, image: string | null) {
  const facts = productFacts(base, product, image);
  const url = `${base}/product/${product._id}`;
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
    hasVariant: product.variants.map((variant) => variantJsonLd(base, product, variant)),
  };
}

const shareImage = (base: string) => ({
  url: `${base}${SHOP_SHARE_IMAGE_PATH}`,
  alt: `${SHOP_NAME}: rudraksha, gems and malas`,
});

/** A page of products (a search, a collection): the shop's picture, and home > the listing. */
function listingHead(
  base: string,
  empty: boolean | undefined,
  listing: { title: string; description: string; path: string; crumb: { name: string; path: string } },
): PageHead {
  return {
    title: listing.title,
    description: listing.description,
    canonical: empty ? null : `${base}${listing.path}`,
    image: shareImage(base),
    type: 'website',
    jsonLd: [breadcrumbs(base, [{ name: 'Home', path: '/' }, listing.crumb])],
  };
}

/**
 * The head of a storefront page from the data it was rendered with (a static page's title and
 * description are the ones it gave itself as it rendered). A listing with no product on it (a search
 * that found nothing, a page past the last) is left out of search engines (`noindex`, no canonical),
 * except the home page itself. `base` is the shop's absolute address (PUBLIC_URL, or the request's host
 * in development).
 */
export function pageHead(
  base: string,
  page: StorefrontPage,
  data: {
    product?: Product;
    rendered?: { title?: string; description?: string };
    /** A listing page (home, search, collection) with no product on it. */
    empty?: boolean;
  },
): PageHead {
  const notFound: PageHead = {
    title: `Page Not Found | ${SHOP_NAME}`,
    description: SHOP_DESCRIPTION,
    canonical: null,
    image: shareImage(base),
    type: 'website',
    jsonLd: [],
  };
  switch (page.page) {
    case 'home': {
      const path = page.pageNumber === 1 ? '/' : `/page/${page.pageNumber}`;
      return {
        title:
          page.pageNumber === 1
            ? `${SHOP_NAME} | Rudraksha, Gems and Malas`
            : `Explore Products, Page ${page.pageNumber} | ${SHOP_NAME}`,
        description: HOME_DESCRIPTION,
        canonical: data.empty && page.pageNumber > 1 ? null : `${base}${path}`,
        image: shareImage(base),
        type: 'website',
        jsonLd: [
          {
            '@context': 'https://schema.org',
            '@type': 'WebSite',
            name: SHOP_NAME,
            url: `${base}/`,
            potentialAction: {
              '@type': 'SearchAction',
              target: `${base}/search/{search_term_string}`,
              'query-input': 'required name=search_term_string',
            },
          },
          breadcrumbs(base, [
            { name: 'Home', path: '/' },
            ...(page.pageNumber > 1 ? [{ name: `Page ${page.pageNumber}`, path }] : []),
          ]),
        ],
      };
    }
    case 'search': {
      const path = `/search/${encodeURIComponent(page.keyword)}`;
      return listingHead(base, data.empty, {
        title: `Search: ${page.keyword} | ${SHOP_NAME}`,
        description: `Rudraksha, gems and malas matching “${page.keyword}” at ${SHOP_NAME}: authentic, certified and shipped across India.`,
        path: page.pageNumber > 1 ? `${path}/page/${page.pageNumber}` : path,
        crumb: { name: `Search: ${page.keyword}`, path },
      });
    }
    case 'category': {
      const label = categoryLabel(page.category);
      const path = `/category/${encodeURIComponent(page.category)}`;
      return listingHead(base, data.empty, {
        title: `${label} | Collection`,
        description: `Shop the ${label.toLowerCase()} collection of ${SHOP_NAME}: authentic, certified and shipped across India.`,
        path: page.pageNumber > 1 ? `${path}?page=${page.pageNumber}` : path,
        crumb: { name: `${label} Collection`, path },
      });
    }
    case 'product': {
      const product = data.product;
      if (!product) return notFound;
      const image = { url: `${base}${productShareImagePath(product)}`, alt: product.name };
      const label = categoryLabel(product.category);
      return {
        title: `${product.name} | ${SHOP_NAME}`,
        description: product.description.slice(0, 160) || SHOP_DESCRIPTION,
        canonical: `${base}/product/${product._id}`,
        image,
        type: 'product',
        jsonLd: [
          productJsonLd(base, product, image.url),
          breadcrumbs(base, [
            { name: 'Home', path: '/' },
            { name: `${label} Collection`, path: `/category/${encodeURIComponent(product.category)}` },
            { name: product.name, path: `/product/${product._id}` },
          ]),
        ],
      };
    }
    case 'content':
      return {
        title: data.rendered?.title ?? SHOP_NAME,
        description: data.rendered?.description ?? SHOP_DESCRIPTION,
        canonical: `${base}${page.path}`,
        image: shareImage(base),
        type: 'website',
        jsonLd: [],
      };
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
    meta('property', 'og:site_name', SHOP_NAME),
    meta('property', 'og:type', head.type),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    ...(head.canonical ? [meta('property', 'og:url', head.canonical)] : []),
    meta('property', 'og:locale', 'en_IN'),
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
