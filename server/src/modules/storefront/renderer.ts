import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Product, ProductList, ProductSummary } from '@rr/core';

/** The web app's server rendering (web/src/entry-server.tsx), as the server uses it. */
export type QueryKey = readonly unknown[];
export type DataNeed =
  | {
      kind: 'list';
      key: QueryKey;
      query: { keyword?: string; category?: string; pageNumber: number; limit?: number };
    }
  | { kind: 'bestSellers'; key: QueryKey }
  | { kind: 'product'; key: QueryKey; id: string };

export type StorefrontPage =
  | { page: 'home'; pageNumber: number; needs: DataNeed[] }
  | { page: 'search'; keyword: string; pageNumber: number; needs: DataNeed[] }
  | { page: 'category'; category: string; pageNumber: number; needs: DataNeed[] }
  | { page: 'product'; id: string; needs: DataNeed[] }
  | { page: 'blank-search' }
  | { page: 'not-found' };

export type MetNeed =
  { key: QueryKey; data: ProductList | ProductSummary[] | Product } | { key: QueryKey; error: string };

export interface StorefrontRenderer {
  storefrontPage(pathname: string, search: string): StorefrontPage | null;
  render(url: string, met: MetNeed[]): Promise<{ html: string; status: number; state: unknown }>;
  scriptSafeJson(value: unknown): string;
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
