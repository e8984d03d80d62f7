import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The server renders the client's pages, so tests resolve the client's import aliases too.
  resolve: {
    alias: {
      '@': path.resolve('src/client'),
      '@shared': path.resolve('src/shared'),
    },
  },
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['src/server/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    env: { TZ: 'UTC' },
  },
});
