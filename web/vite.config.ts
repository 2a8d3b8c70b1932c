import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  build: { manifest: true, target: 'es2022', assetsInlineLimit: 0 },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/healthz': 'http://localhost:3000',
      '/uploads': 'http://localhost:3000',
    },
  },
});
