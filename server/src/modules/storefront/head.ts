import { LANGUAGES, OG_LOCALES, type PageHead } from '@rr/core';
import { markupText } from '../../markup.ts';

export const SHOP_NAME = 'Rudraksha Ratna';

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

/** An attribute's value as written in rendered HTML (already escaped there, so it is copied as it is). */
const attributeOf = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag)?.[1];

/**
 * Issue 31: a preload, at the top of the head, of the first picture the page itself asks for first (its
 * `<img fetchpriority="high">`: the home banner, a product's picture, a collection's first cards), with
 * the same srcset and sizes, so the browser picks the same file. The picture is most pages' largest
 * paint; without this it is found only once the parser reaches it, behind the scripts' preloads.
 */
export function imagePreloadHtml(bodyHtml: string): string {
  const tag = /<img\b[^>]*\sfetchpriority="high"[^>]*>/i.exec(bodyHtml)?.[0];
  const src = tag && attributeOf(tag, 'src');
  if (!tag || !src) return '';
  const srcset = attributeOf(tag, 'srcset');
  const sizes = attributeOf(tag, 'sizes');
  return (
    `<link rel="preload" as="image" href="${src}"` +
    (srcset ? ` imagesrcset="${srcset}"` : '') +
    (sizes ? ` imagesizes="${sizes}"` : '') +
    ' fetchpriority="high">'
  );
}
