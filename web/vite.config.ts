import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig } from 'vite';
import { reactLibraries, reactToPreact } from './preact-aliases.ts';

/**
 * What the first page of a visit loads in one file with the entry's libraries (issue 30, decision 0048).
 *
 * Small modules that every page reads (the entry does) and lazy pages read too: left to itself the
 * bundler put each set of them that the same pages share in a file of its own, and the home page fetched
 * 17 files of under 1 KiB, each compressed alone (70.9 KiB gzipped in all; 64.8 KiB in one file). Only
 * modules the home page reads belong here, as the whole file loads with it (web/scripts/report-size.mjs
 * lists what it loads).
 *
 * And the styles of the server-rendered pages that load on first visit (the product and listing pages,
 * `lazyPage` in features/catalog/index.ts) and of their components: their HTML comes rendered, so their
 * styles must come with the page's first stylesheet, not with the pages' code (a product page was painted
 * unstyled until its chunk came: e2e server-rendering.spec saw a layout shift of 0.28). Here, they stay
 * before global.css as when those pages came with the entry, so `.card` and the like still win over them.
 * So too the footer's newsletter form, drawn on every page, whose code comes only when it nears the
 * screen (decision 0066).
 */
const SHARED_MODULES = [
  'core/src/constants.ts',
  'core/src/dates.ts',
  'core/src/display.ts',
  'core/src/gem-facts.ts',
  'core/src/i18n.ts',
  'core/src/images.ts',
  'core/src/money.ts',
  'core/src/offer-rules.ts',
  'core/src/pricing.ts',
  'core/src/staff.ts',
  'web/src/components/field-errors.ts',
  'web/src/components/price.tsx',
  'web/src/components/rating.tsx',
  'web/src/components/use-page-title.ts',
  'web/src/features/account/api.ts',
  'web/src/features/account/guards.tsx',
  'web/src/features/account/index.ts',
  'web/src/features/account/redirect-target.ts',
  'web/src/features/account/session-store.ts',
  'web/src/features/account/sign-out.ts',
  'web/src/features/catalog/components/wishlist-heart.tsx',
  'web/src/features/catalog/wishlist-api.ts',
  'web/src/lib/api-client.ts',
  'web/src/lib/persisted-store.ts',
  'web/src/lib/ssr-state.ts',
  // The product and listing pages' styles.
  'web/src/components/form-field.module.css',
  'web/src/components/whatsapp-chat.module.css',
  'web/src/features/catalog/components/add-on-picker.module.css',
  'web/src/features/catalog/components/buy-box.module.css',
  'web/src/features/catalog/components/delivery-check.module.css',
  'web/src/features/catalog/components/product-facts.module.css',
  'web/src/features/catalog/components/product-gallery.module.css',
  'web/src/features/catalog/components/review-photos.module.css',
  'web/src/features/catalog/components/stock-alert-form.module.css',
  'web/src/features/catalog/components/variant-picker.module.css',
  'web/src/features/catalog/pages/listing-page.module.css',
  'web/src/features/catalog/pages/product-page.module.css',
  'web/src/features/newsletter/newsletter-form.module.css',
];
const inSharedChunk = (id: string) => SHARED_MODULES.some((file) => id.replaceAll('\\', '/').endsWith(file));

/**
 * React Router's own production build, for the shop's production builds. Its package names only its
 * development build (remix-run/react-router#14102, open): that build checks and warns about route
 * mistakes on every render and carries the warnings' texts; the production one is the same code with
 * them switched off (`ENABLE_DEV_WARNINGS`). Tests and `vite dev` keep the warnings.
 */
const routerForProduction = {
  find: /^react-router$/,
  replacement: path.join(
    path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
    'dist/production/index.mjs',
  ),
};

// JSX is compiled by Vite itself (tsconfig's `react-jsx`); its `react/jsx-runtime` is Preact's too.
export default defineConfig(({ isSsrBuild, mode }) => ({
  resolve: { alias: mode === 'production' ? [...reactToPreact, routerForProduction] : reactToPreact },
  build: {
    ...(isSsrBuild
      ? // The server rendering (src/entry-server.tsx) for the server's storefront module: web/dist-ssr.
        { outDir: 'dist-ssr', target: 'node20', emptyOutDir: true, copyPublicDir: false }
      : { manifest: true, target: 'es2022', assetsInlineLimit: (file: string) => file.endsWith('hindi-label.woff2') }),
    rolldownOptions: {
      output: isSsrBuild ? {} : { codeSplitting: { groups: [{ name: 'shared', test: inSharedChunk }] } },
      onwarn(warning, warn) {
        // TanStack Query's "use client" markers, meant for React Server Components, which the shop has none of.
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE' && warning.message.includes('"use client"')) return;
        warn(warning);
      },
    },
  },
  // The shared package is TypeScript source: bundled, as Node alone cannot load it. The libraries that
  // import React are bundled so that they get Preact, as the browser does.
  ssr: { noExternal: ['@rr/core', ...reactLibraries] },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/healthz': 'http://localhost:3000',
      '/uploads': 'http://localhost:3000',
      '/share': 'http://localhost:3000',
    },
  },
}));
