import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { StorefrontRenderer } from '@rr/core';

export type { StorefrontRenderer };

/**
 * The production build of the server rendering (web/dist-ssr/entry-server.js, made by `npm run build`),
 * or null when it is not there (a checkout without a build, the API tests): the shop then serves the
 * client-rendered index.html as before.
 */
export async function loadStorefrontRenderer(ssrDir: string): Promise<StorefrontRenderer | null> {
  const entry = path.join(ssrDir, 'entry-server.js');
  if (!existsSync(entry)) return null;
  // The build's `storefront` export, typed by core's StorefrontRenderer on both sides of the seam.
  const built: { storefront: StorefrontRenderer } = await import(pathToFileURL(entry).href);
  return built.storefront;
}
