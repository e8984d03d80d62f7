// `npm start`: builds what is missing or older than its sources (build-if-needed.mjs), then runs the
// compiled server (dist/server/main.cjs) in this same process, so a warm start pays for one Node
// start, not two. It loads through dist/server/code-cache.cjs, which turns on Node's compile cache
// (dist/server/code-cache) first (docs/decisions/030-node-22.md).
import { createRequire } from 'node:module';
import path from 'node:path';
import { buildIfNeeded } from './build-if-needed.mjs';

buildIfNeeded();
// The production server: React renders with its production build (the development one is about
// twice as slow per page and bigger to load). NODE_ENV=development npm start still overrides it.
process.env.NODE_ENV ??= 'production';
const serverDir = path.resolve(import.meta.dirname, '../dist/server');
createRequire(import.meta.url)(path.join(serverDir, 'code-cache.cjs')).runServerBuild(serverDir);
