import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './scripts/vite-precompress.ts';

const apiPort = process.env.API_PORT ?? '3001';
const apiTarget = `http://127.0.0.1:${apiPort}`;

export default defineConfig({
  root: path.resolve('src/client'),
  publicDir: path.resolve('src/client/public'),
  plugins: [react(), tailwindcss(), precompress()],
  resolve: {
    alias: {
      '@': path.resolve('src/client'),
      '@shared': path.resolve('src/shared'),
    },
  },
  build: {
    outDir: path.resolve('dist/client'),
    emptyOutDir: true,
    sourcemap: true,
    manifest: true,
  },
  server: {
    port: Number(process.env.PORT ?? 3000),
    strictPort: true,
    // The API keeps the browser's Host header, so its same-origin check sees the dev origin.
    proxy: Object.fromEntries(
      ['/api', '/uploads', '/media', '/healthz', '/readyz', '/sitemap.xml', '/robots.txt'].map((p) => [
        p,
        { target: apiTarget, changeOrigin: false },
      ]),
    ),
  },
});
