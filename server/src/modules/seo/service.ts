import { LANGUAGES, LANGUAGE_TAGS, pathInLanguage } from '@rr/core';
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
    // Issue 30: the Hindi storefront's own (its pages are the same paths under /hi; the API is one).
    ...PRIVATE_PATHS.flatMap((path) =>
      path === '/api/' ? [path] : LANGUAGES.map((language) => pathInLanguage(language, path)),
    ).map((path) => `Disallow: ${path}`),
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
 * the day it last changed. Read when asked, so it follows the catalog as it changes. Issue 30: each page in
 * every language, and each of those naming all of them (and English as x-default) as Google asks of a
 * sitemap's language versions.
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
  const address = (path: string) => markupText(`${publicUrl}${path}`);
  const alternate = (hreflang: string, path: string) =>
    `<xhtml:link rel="alternate" hreflang="${hreflang}" href="${address(path)}"/>`;
  const alternates = (path: string) =>
    [
      ...LANGUAGES.map((language) => alternate(LANGUAGE_TAGS[language], pathInLanguage(language, path))),
      alternate('x-default', path),
    ].join('');
  const urls = (path: string, changed?: Date) =>
    LANGUAGES.map(
      (language) =>
        `  <url><loc>${address(pathInLanguage(language, path))}</loc>${changed ? `<lastmod>${changed.toISOString().slice(0, 10)}</lastmod>` : ''}${alternates(path)}</url>`,
    );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls('/'),
    ...urls('/categories'),
    ...CONTENT_PAGE_PATHS.flatMap((path) => urls(path)),
    ...collections.flatMap((c) => urls(`/category/${encodeURIComponent(c.slug)}`, c.updatedAt)),
    ...published.flatMap((p) => urls(`/product/${p.id}`, p.updatedAt)),
    '</urlset>',
    '',
  ].join('\n');
}
