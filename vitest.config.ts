import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { linguiMacro } from './scripts/i18n/macro-plugin.ts';

export default defineConfig({
  // Lingui's macros, as in the build (scripts/i18n/macro-plugin.ts).
  plugins: [linguiMacro()],
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
    // At least two test files at a time. Vitest's default keeps a core for itself (cores - 1),
    // which on a 2-core CI machine is one file at a time, though its own process is nearly idle;
    // with two, the PGlite run took 8 minutes there for 13 minutes of test files, PostgreSQL's 5 for 8.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    env: { TZ: 'UTC' },
  },
});
