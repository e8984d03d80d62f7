// `npm start`: builds what is missing or older than its sources (build-if-needed.mjs), then runs the
// compiled server (dist/server/main.js) in this same process, so a warm start pays for one Node
// start, not two.
import { buildIfNeeded } from './build-if-needed.mjs';

buildIfNeeded();
// The production server: React renders with its production build (the development one is about
// twice as slow per page and bigger to load). NODE_ENV=development npm start still overrides it.
process.env.NODE_ENV ??= 'production';
await import('../dist/server/main.js');
