import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Language, StorefrontMetNeed, StorefrontPage } from '@rr/core';
import type { HeadTexts } from './head.ts';

/** A page as the web app rendered it: its HTML, status, query state, and the title it gives itself. */
export interface RenderedStorefrontPage {
  html: string;
  status: number;
  state: unknown;
  title?: string;
  description?: string;
}

/** The web app's server rendering (web/src/entry-server.tsx), as the server uses it. */
export interface StorefrontRenderer {
  storefrontPage(pathname: string, search: string): StorefrontPage | null;
  render(url: string, met: StorefrontMetNeed[]): Promise<RenderedStorefrontPage>;
  scriptSafeJson(value: unknown): string;
  /** Issue 30: the storefront's texts in a language, for the page's head. */
  textsFor(language: Language): HeadTexts;
  SSR_STATE_ID: string;
}

/**
 * The production build of the server rendering (web/dist-ssr/entry-server.js, made by `npm run build`),
 * or null when it is not there (a checkout without a build, the API tests): the shop then serves the
 * client-rendered index.html as before.
 */
export async function loadStorefrontRenderer(ssrDir: string): Promise<StorefrontRenderer | null> {
  const entry = path.join(ssrDir, 'entry-server.js');
  if (!existsSync(entry)) return null;
  return (await import(pathToFileURL(entry).href)) as StorefrontRenderer;
}
