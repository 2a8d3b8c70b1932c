import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import { LANGUAGE_TAGS, errorCodes, languageOfPath, type Language } from '@rr/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '../domain-error.ts';
import { markupText } from '../markup.ts';
import { STATUS_OF_KIND } from './errors.ts';
import { preferredEncoding, type Encoding } from './response-cache.ts';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * index.html for a page the browser renders (the cart, the account) in `language`: its `<html lang>`,
 * which the Hindi styles and the font key on (early.js, decision 0054), and the shop's title and
 * description in that language (`head`, from the storefront's texts when it is built) until the app
 * names the page. A server-rendered page gets them from its render (storefront/pages.ts).
 */
export function pageShell(
  indexHtml: string,
  language: Language,
  head: { title: string; description: string } | null = null,
): string {
  if (language === 'en') return indexHtml;
  let html = indexHtml.replace(/<html lang="[^"]*"/, `<html lang="${LANGUAGE_TAGS[language]}"`);
  if (head) {
    html = html
      .replace(/<title>[^<]*<\/title>/, () => `<title>${markupText(head.title)}</title>`)
      .replace(
        /(<meta\s+name="description"\s+content=")[^"]*(")/,
        (_all, before: string, after: string) => `${before}${markupText(head.description)}${after}`,
      );
  }
  return html;
}

/** A page rendered on the server, as the not-found handler sends it. */
export interface ServedPage {
  status: number;
  html: string;
  /** Set for a path whose page sends the visitor elsewhere (a blank search goes home, SPEC §5). */
  redirect?: string;
  /** Where the page's compressed bytes are kept, made once, when the page itself is kept. */
  encoded?: Partial<Record<Encoding, Buffer>>;
}

/**
 * Renders a page on the server into the app's index.html, or answers null for a path the browser
 * renders itself (given by app.ts: the storefront module when the server rendering is built).
 */
export type PageRenderer = (request: FastifyRequest, template: string) => Promise<ServedPage | null>;

/** The built index.html every page is sent in, and the hashes of the scripts written into it (for the CSP). */
export interface PageTemplate {
  html: string;
  /** `'sha256-…'` sources of its inline scripts, for the Content-Security-Policy's script-src. */
  scriptSources: string[];
}

/**
 * The built index.html with the two things that block its first paint written into it (issue 13:
 * Lighthouse counted each as a render-blocking request, ~300 ms on a phone): early.js (the start-up
 * loader's class, the held forms) and the entry's stylesheet (~7 KB gzipped). Every page carries them;
 * a later page load repeats ~7 KB instead of a request. Null when the app is not built.
 */
export function readPageTemplate(webDistDir: string): PageTemplate | null {
  const indexPath = path.join(webDistDir, 'index.html');
  if (!existsSync(indexPath)) return null;
  let html = readFileSync(indexPath, 'utf8');
  const scriptSources: string[] = [];
  html = html.replace(/<script src="\/(early\.js)"><\/script>/, (tag, file: string) => {
    const filePath = path.join(webDistDir, file);
    if (!existsSync(filePath)) return tag;
    // Its comments are for whoever edits it (issue 32: 1.6 kB of them in every page's head): its lines
    // that are only a comment are left out. It has no string or expression of its own that starts a line with `//`.
    const code = readFileSync(filePath, 'utf8').replace(/^[ \t]*\/\/.*(?:\r?\n|$)/gm, '');
    scriptSources.push(`'sha256-${createHash('sha256').update(code).digest('base64')}'`);
    return `<script>${code}</script>`;
  });
  // Every stylesheet the build links, in its order (since issue 30's decision 0048 the shared one, then
  // the entry's): each would be a request that holds the first paint.
  html = html.replace(
    /<link rel="stylesheet"(?: crossorigin)? href="\/(assets\/[\w.-]+\.css)">/g,
    (tag, file: string) => {
      const filePath = path.join(webDistDir, file);
      // A stylesheet closes the style element only by `</style`: none is expected, but then keep the link.
      const css = existsSync(filePath) ? readFileSync(filePath, 'utf8') : '</style';
      // The link stays, disabled (never fetched, applies nothing), for the code's loader: a lazy page's
      // code names these stylesheets among what it needs, and the loader adds a link for one it finds
      // none of: a second download, its rules then after the entry's and winning where they should not.
      return css.includes('</style') ? tag : `<style>${css}</style><link rel="stylesheet" href="/${file}" disabled>`;
    },
  );
  return { html, scriptSources };
}

/**
 * The build's folders of many files (the hashed scripts and styles, the pictures), each served by one
 * route that looks the file up when asked, not by a route per file made at start: their 320 files were
 * 640 routes, a sixth of the start's work on routes (issue 31). A path there that is no file still goes
 * to the not-found handler (a 404); a file the build adds later is served without a restart.
 */
const FOLDERS_LOOKED_UP = ['assets', 'images'];

/**
 * Serves the built React app: hashed assets cached for a year, everything else revalidated, and for
 * every path that is not a file or an API call the page rendered on the server when `renderPage` does
 * it, else index.html (the app renders it, with its own 404).
 */
export async function registerWebApp(
  app: FastifyInstance,
  webDistDir: string,
  template: PageTemplate | null,
  renderPage: PageRenderer | null = null,
  shellHead: ((language: Language) => { title: string; description: string }) | null = null,
): Promise<void> {
  const indexHtml = template?.html ?? null;
  const hindiShell = indexHtml ? pageShell(indexHtml, 'hi', shellHead?.('hi') ?? null) : null;
  /** index.html in the language of the page at `pathname`. */
  const shellFor = (pathname: string) => (languageOfPath(pathname).language === 'hi' ? hindiShell : indexHtml)!;

  if (indexHtml) {
    const served = {
      index: false as const,
      cacheControl: false,
      setHeaders(res: { setHeader(name: string, value: string): unknown }, filePath: string) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        // The Devanagari font keeps its name across builds; a Hindi page uses it only when it is at hand
        // at once (decision 0054), so a stale copy is used while a fresh one is asked for.
        const font = filePath.includes(`${path.sep}fonts${path.sep}`);
        res.setHeader(
          'cache-control',
          immutable
            ? 'public, max-age=31536000, immutable'
            : font
              ? 'public, max-age=86400, stale-while-revalidate=2592000'
              : 'public, max-age=3600',
        );
      },
    };
    // The few files at the top (early.js, the favicon, the font): a route each, found at start.
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: false,
      globIgnore: FOLDERS_LOOKED_UP.map((folder) => `${folder}/**`),
      ...served,
    });
    for (const folder of FOLDERS_LOOKED_UP) {
      if (!existsSync(path.join(webDistDir, folder))) continue;
      await app.register(fastifyStatic, {
        root: path.join(webDistDir, folder),
        prefix: `/${folder}/`,
        wildcard: true,
        decorateReply: false,
        // As the routes made at start, which skip hidden files.
        dotfiles: 'ignore',
        ...served,
      });
    }
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    // A missing file (an old hashed asset, say) is a 404, not the app: a browser must not run HTML as a script.
    const isFile = /\.[a-z0-9]+$/i.test(pathname);
    if (isApi || isFile || !indexHtml || request.method !== 'GET') {
      throw new DomainError('not_found', errorCodes.routeNotFound, `Not found: ${request.method} ${pathname}`);
    }
    let page = null;
    let refusedWith: number | null = null;
    try {
      page = renderPage ? await renderPage(request, indexHtml) : null;
    } catch (err) {
      if (err instanceof DomainError && err.kind === 'rate_limited') throw err;
      if (err instanceof DomainError && STATUS_OF_KIND[err.kind] < 500) {
        // The visitor's address asks what the API refuses too (a filter value far too long): the page
        // answers as the API would, and the browser shows it. Anyone can send those, so no error is logged.
        refusedWith = STATUS_OF_KIND[err.kind];
        request.log.debug({ err }, 'page refused; serving the client-rendered page');
      } else {
        // The database away, or a page that failed to render: the browser renders it (and shows the fault).
        request.log.error({ err }, 'server rendering failed; serving the client-rendered page');
      }
    }
    if (page?.redirect) return reply.redirect(page.redirect, page.status);
    reply
      .code(page?.status ?? refusedWith ?? 200)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8');
    return sendCompressed(request, reply, page?.html ?? shellFor(pathname), page?.encoded);
  });
}

/**
 * Sends a page compressed as the browser accepts (brotli, else gzip). The not-found handler, where
 * pages come from, is outside @fastify/compress's reach; a storefront page is ~60 KB of HTML and ~11 KB
 * gzipped, a quarter of a second on a slow phone connection. A kept page keeps its compressed bytes in
 * `encoded`, made the first time they are asked for.
 */
async function sendCompressed(
  request: FastifyRequest,
  reply: FastifyReply,
  html: string,
  encoded?: Partial<Record<Encoding, Buffer>>,
): Promise<FastifyReply> {
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  if (!encoding || html.length < 1024) return reply.send(html);
  let compressed = encoded?.[encoding];
  if (!compressed) {
    const bytes = Buffer.from(html);
    compressed =
      encoding === 'br'
        ? await brotliAsync(bytes, {
            params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length },
          })
        : await gzipAsync(bytes, { level: 6 });
    if (encoded) encoded[encoding] = compressed;
  }
  return reply.header('content-encoding', encoding).header('vary', 'accept-encoding').send(compressed);
}
