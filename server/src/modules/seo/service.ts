import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { categories, products } from '../../db/schema/index.ts';
import { markupText } from '../../markup.ts';

/** Pages that are a person's own or the shop's back office: search engines have no business there. */
export const PRIVATE_PATHS = [
  '/admin',
  '/profile',
  '/cart',
  '/shipping',
  '/payment',
  '/placeorder',
  '/order/',
  '/login',
  '/register',
  '/verifyotp',
  '/api/',
];

export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

/** The shop's static pages (SPEC §2; web/src/features/content): policies, FAQs and contact. */
export const CONTENT_PAGE_PATHS = [
  '/faqs',
  '/shipping-and-return',
  '/customization',
  '/energization',
  '/terms-and-conditions',
  '/privacy-policy',
  '/contact-us',
];

/**
 * The sitemap: the home page, the static pages, the collections and every published product (drafts never), each with
 * the day it last changed. Read when asked, so it follows the catalog as it changes.
 */
export async function sitemapXml(db: Database, publicUrl: string): Promise<string> {
  const [collections, published] = await Promise.all([
    db
      .select({ slug: categories.slug, updatedAt: categories.updatedAt })
      .from(categories)
      .orderBy(asc(categories.slug)),
    db
      .select({ id: products.id, updatedAt: products.updatedAt })
      .from(products)
      .where(eq(products.isDraft, false))
      .orderBy(asc(products.createdAt), asc(products.id)),
  ]);
  const url = (path: string, changed?: Date) =>
    `  <url><loc>${markupText(`${publicUrl}${path}`)}</loc>${changed ? `<lastmod>${changed.toISOString().slice(0, 10)}</lastmod>` : ''}</url>`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    url('/'),
    url('/categories'),
    ...CONTENT_PAGE_PATHS.map((path) => url(path)),
    ...collections.map((c) => url(`/category/${encodeURIComponent(c.slug)}`, c.updatedAt)),
    ...published.map((p) => url(`/product/${p.id}`, p.updatedAt)),
    '</urlset>',
    '',
  ].join('\n');
}
