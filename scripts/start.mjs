// `npm start`: builds what is missing or older than its sources (build-if-needed.mjs), then runs the
// compiled server (dist/server/main.js) in this same process, so a warm start pays for one Node
// start, not two.
import { buildIfNeeded } from './build-if-needed.mjs';

buildIfNeeded();
await import('../dist/server/main.js');
