// Builds the client when dist/client is missing or older than its sources (used by npm start).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const out = path.resolve('dist/client/index.html');
const sources = ['src/client', 'src/shared', 'vite.config.ts', 'package-lock.json'];

function newestMtime(p) {
  if (!fs.existsSync(p)) return 0;
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

const builtAt = fs.existsSync(out) ? fs.statSync(out).mtimeMs : 0;
const changedAt = Math.max(...sources.map(newestMtime));
if (builtAt >= changedAt && process.argv[2] !== '--force') {
  console.log('Client is up to date (dist/client).');
} else {
  console.log(builtAt ? 'Client sources changed: rebuilding...' : 'Building the client (first start)...');
  const res = spawnSync(
    process.execPath,
    [path.resolve('node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    {
      stdio: 'inherit',
    },
  );
  if (res.status !== 0) process.exit(res.status ?? 1);
}
