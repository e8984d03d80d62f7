// Runs the Vitest suite against a PostgreSQL server instead of embedded PGlite.
// TEST_DATABASE_URL must name a database we may connect to; each test file gets its own
// throwaway database cloned from a migrated template, all dropped at the end.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
// Without arguments, the server's tests: the client's and shared code's never reach a database
// (none imports the server), so on PostgreSQL they would repeat the PGlite run exactly.
const args = process.argv.slice(2);
console.log(`Running the tests on PostgreSQL (${new URL(url).host})`);
const res = spawnSync(
  process.execPath,
  [path.resolve('node_modules/vitest/vitest.mjs'), 'run', ...(args.length > 0 ? args : ['src/server/'])],
  {
    stdio: 'inherit',
    env: { ...process.env, TEST_DATABASE_URL: url },
  },
);
process.exit(res.status ?? 1);
