import { defineConfig } from 'vite';
import { reactLibraries, reactToPreact } from './preact-aliases.ts';

// JSX is compiled by Vite itself (tsconfig's `react-jsx`); its `react/jsx-runtime` is Preact's too.
export default defineConfig(({ isSsrBuild }) => ({
  resolve: { alias: reactToPreact },
  build: {
    ...(isSsrBuild
      ? // The server rendering (src/entry-server.tsx) for the server's storefront module: web/dist-ssr.
        { outDir: 'dist-ssr', target: 'node20', emptyOutDir: true, copyPublicDir: false }
      : { manifest: true, target: 'es2022', assetsInlineLimit: (file: string) => file.endsWith('hindi-label.woff2') }),
    rolldownOptions: {
      // Issue 29: core's staff roles and audit contract are read by the home page (a stored session's
      // role) and by the lazy admin screens; kept in one chunk with the accounts contract, the admin
      // screens' use of them does not split them into more files for the home page to fetch.
      output: isSsrBuild
        ? {}
        : {
            codeSplitting: {
              groups: [{ name: 'accounts', test: /core[\\/]src[\\/](staff|i18n|contract[\\/](audit|accounts))\.ts$/ }],
            },
          },
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
