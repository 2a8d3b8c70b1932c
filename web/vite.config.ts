import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
  build: isSsrBuild
    ? // The server rendering (src/entry-server.tsx) for the server's storefront module: web/dist-ssr.
      { outDir: 'dist-ssr', target: 'node20', emptyOutDir: true, copyPublicDir: false }
    : { manifest: true, target: 'es2022', assetsInlineLimit: 0 },
  // The shared package is TypeScript source: bundled, as Node alone cannot load it.
  ssr: { noExternal: ['@rr/core'] },
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
