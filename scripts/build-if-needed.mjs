// Builds what `npm start` runs when it is missing or older than its sources: the client
// (dist/client) and the server compiled ahead of time (dist/server/main.cjs). `--force` always builds.
// `npm start` calls buildIfNeeded() from scripts/start.mjs, in the server's own process (one Node
// start fewer); `npm run build` runs this file with --force.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const common = ['src/client', 'src/shared', 'vite.config.ts', 'package-lock.json'];
const builds = [
  { name: 'client', out: 'dist/client/index.html', sources: common, args: [] },
  { name: 'server', out: 'dist/server/main.cjs', sources: [...common, 'src/server'], args: ['--ssr'] },
];

function newestMtime(p) {
  if (!fs.existsSync(p)) return 0;
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

/** Builds the client and the server when missing or older than their sources (always with `force`). */
export function buildIfNeeded({ force = false } = {}) {
  for (const build of builds) {
    const out = path.resolve(build.out);
    const builtAt = fs.existsSync(out) ? fs.statSync(out).mtimeMs : 0;
    if (!force && builtAt >= Math.max(...build.sources.map(newestMtime))) continue;
    console.log(
      builtAt ? `Sources changed: rebuilding the ${build.name}...` : `Building the ${build.name} (first start)...`,
    );
    const res = spawnSync(
      process.execPath,
      [path.resolve('node_modules/vite/bin/vite.js'), 'build', ...build.args, '--logLevel', 'warn'],
      { stdio: 'inherit' },
    );
    if (res.status !== 0) process.exit(res.status ?? 1);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  buildIfNeeded({ force: process.argv.includes('--force') });
}
