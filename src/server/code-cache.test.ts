import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installCodeCache, runServerBuild, type CodeCache } from './code-cache.ts';

let root: string;
let cacheDir: string;

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'locora-code-cache-'));
  cacheDir = path.join(root, 'code-cache');
});

afterEach(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

function write(name: string, source: string) {
  fs.writeFileSync(path.join(root, name), source);
}

// A start of the server, as far as the cache goes, in a Node process of its own: V8 also keeps
// what it compiled in memory, so a second load in this process would never read the cache. It
// saves the cache as the server does, at exit (or, with `timer`, on the timer, and reports what
// was on disk before it exits).
const runner = `
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { installCodeCache } from ${JSON.stringify(path.resolve('src/server/code-cache.ts'))};
const [root, entry, mode, cacheDir] = process.argv.slice(-4);
const cache = installCodeCache({ root, cacheDir, writeAfterMs: mode === 'timer' ? 20 : 60_000 });
const exported = createRequire(root + '/')('./' + entry);
const value = mode === 'call' ? await exported(1) : exported;
if (mode === 'timer') await new Promise((resolve) => setTimeout(resolve, 500));
const saved = fs.existsSync(cacheDir) ? fs.readdirSync(cacheDir).length : 0;
console.log(JSON.stringify({ value, stats: cache.stats, saved }));
`;

interface Start {
  value: unknown;
  stats: CodeCache['stats'];
  /** Cache files there were just before the process exited (and saved at exit). */
  saved: number;
}

function start(
  entry: string,
  mode: 'load' | 'call' | 'timer' = 'load',
  options: { root?: string; cacheDir?: string } = {},
): Start {
  const res = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      runner,
      '--',
      options.root ?? root,
      entry,
      mode,
      options.cacheDir ?? cacheDir,
    ],
    { encoding: 'utf8' },
  );
  if (res.status !== 0) throw new Error(res.stderr);
  return JSON.parse(res.stdout.trim().split('\n').at(-1)!) as Start;
}

function cacheFiles() {
  return fs.existsSync(cacheDir) ? fs.readdirSync(cacheDir).filter((f) => f.endsWith('.v8')) : [];
}

describe('V8 code cache for the server build', () => {
  it('compiles a file and what it requires once, saves them at exit, then loads them from the cache', () => {
    write(
      'main.cjs',
      "const { add } = require('./math.cjs');\nmodule.exports = { sum: add(2, 3), dir: __dirname, resolved: require.resolve('./math.cjs') };\n",
    );
    write('math.cjs', 'module.exports.add = (a, b) => a + b;\n');

    const first = start('main.cjs');
    expect(first).toEqual({
      value: { sum: 5, dir: root, resolved: path.join(root, 'math.cjs') },
      stats: { hits: 0, misses: 2, rejected: 0 },
      saved: 0,
    });
    expect(cacheFiles()).toHaveLength(2);

    expect(start('main.cjs')).toEqual({ value: first.value, stats: { hits: 2, misses: 0, rejected: 0 }, saved: 2 });
  });

  it('saves on its timer too, for a server that runs on', () => {
    write('main.cjs', 'module.exports = "served";\n');
    expect(start('main.cjs', 'timer')).toMatchObject({ value: 'served', saved: 1 });
  });

  it('never runs the old code of a rebuilt file, even one of the same length', () => {
    write('main.cjs', 'module.exports = "first build";\n');
    expect(start('main.cjs').value).toBe('first build');
    write('main.cjs', 'module.exports = "later build";\n');
    expect(start('main.cjs')).toMatchObject({ value: 'later build', stats: { hits: 0, misses: 1, rejected: 0 } });
    expect(cacheFiles()).toHaveLength(2);
  });

  it('never gives V8 a damaged file: one changed byte means compiling as usual, and a new file', () => {
    write(
      'main.cjs',
      'module.exports = [90, "abc"].map((v) => (typeof v === "number" ? v : [...v].reverse().join("")));\n',
    );
    start('main.cjs');
    const file = path.join(cacheDir, cacheFiles()[0]!);
    const bytes = fs.readFileSync(file);
    const middle = Math.floor(bytes.length / 2);
    bytes[middle] = bytes[middle]! ^ 0xff;
    fs.writeFileSync(file, bytes);

    expect(start('main.cjs')).toMatchObject({ value: [90, 'cba'], stats: { hits: 0, misses: 1, rejected: 0 } });
    expect(start('main.cjs')).toMatchObject({ value: [90, 'cba'], stats: { hits: 1, misses: 0, rejected: 0 } });
  });

  it('compiles as usual when V8 rejects a whole file, and replaces it', () => {
    write('main.cjs', 'module.exports = [1, 2, 3].map((n) => n * 2);\n');
    start('main.cjs');
    const file = path.join(cacheDir, cacheFiles()[0]!);
    // A well-formed file whose data is not V8's (another Node's, say).
    const data = Buffer.alloc(fs.statSync(file).size - 8, 7);
    const header = Buffer.alloc(8);
    header.write('LCC1');
    header.writeUInt32LE(zlib.crc32(data), 4);
    fs.writeFileSync(file, Buffer.concat([header, data]));

    expect(start('main.cjs')).toMatchObject({ value: [2, 4, 6], stats: { hits: 0, misses: 1, rejected: 1 } });
    expect(start('main.cjs')).toMatchObject({ value: [2, 4, 6], stats: { hits: 1, misses: 0, rejected: 0 } });
  });

  it('runs as usual when the cache cannot be written', () => {
    write('main.cjs', 'module.exports = "read-only";\n');
    write('not-a-directory', '');
    const unwritable = path.join(root, 'not-a-directory', 'code-cache');
    expect(start('main.cjs', 'load', { cacheDir: unwritable })).toMatchObject({
      value: 'read-only',
      stats: { misses: 1 },
    });
    expect(start('main.cjs', 'load', { cacheDir: unwritable })).toMatchObject({
      value: 'read-only',
      stats: { misses: 1 },
    });
  });

  it('finds the build through a symlinked directory (Node names modules by their real path)', () => {
    write('main.cjs', 'module.exports = "linked";\n');
    const link = `${root}-link`;
    fs.symlinkSync(root, link);
    try {
      expect(start('main.cjs', 'load', { root: link })).toMatchObject({ value: 'linked', stats: { misses: 1 } });
      expect(start('main.cjs', 'load', { root: link })).toMatchObject({ value: 'linked', stats: { hits: 1 } });
    } finally {
      fs.rmSync(link);
    }
  });

  it('loads what a file requires on first use, also when it comes from the cache', () => {
    write('main.cjs', "module.exports = () => Promise.resolve().then(() => require('node:path').sep);\n");
    expect(start('main.cjs', 'call')).toMatchObject({ value: path.sep, stats: { hits: 0, misses: 1, rejected: 0 } });
    expect(start('main.cjs', 'call')).toMatchObject({ value: path.sep, stats: { hits: 1, misses: 0, rejected: 0 } });
  });

  it('saves again once functions first run after the save have been compiled', () => {
    const body = Array.from({ length: 200 }, (_, i) => `  total += ${i} * n;`).join('\n');
    write('main.cjs', `module.exports = (n) => {\n  let total = 0;\n${body}\n  return total;\n};\n`);
    start('main.cjs');
    const file = path.join(cacheDir, cacheFiles()[0]!);
    const before = fs.statSync(file).size;

    expect(start('main.cjs', 'call')).toMatchObject({ value: 19900, stats: { hits: 1, misses: 0, rejected: 0 } });
    expect(fs.statSync(file).size).toBeGreaterThan(before * 1.05);
    // A start that compiles less keeps the larger file.
    start('main.cjs');
    expect(fs.statSync(file).size).toBeGreaterThan(before * 1.05);
  });

  it('leaves files outside the server build to Node', () => {
    const elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), 'locora-not-server-'));
    try {
      fs.writeFileSync(path.join(elsewhere, 'lib.cjs'), 'module.exports = 42;\n');
      const cache = installCodeCache({ root, cacheDir });
      try {
        expect(createRequire(path.join(elsewhere, 'lib.cjs'))('./lib.cjs')).toBe(42);
        expect(cache.stats).toEqual({ hits: 0, misses: 0, rejected: 0 });
      } finally {
        cache.uninstall();
      }
    } finally {
      fs.rmSync(elsewhere, { recursive: true, force: true });
    }
  });

  it('starts the server build with stack traces that name the sources', () => {
    // A build's file and its source map: line 2 of main.cjs comes from line 10 of src/server/app.ts.
    write(
      'main.cjs',
      'globalThis.__locoraBuildFailure = () => {\nthrow new Error("boom");\n};\n//# sourceMappingURL=main.cjs.map\n',
    );
    write(
      'main.cjs.map',
      JSON.stringify({ version: 3, sources: ['../src/server/app.ts'], names: [], mappings: 'AAAA;AASA' }),
    );
    const cache = runServerBuild(root);
    cache.uninstall();
    const fail = (globalThis as { __locoraBuildFailure?: () => void }).__locoraBuildFailure!;
    let stack = '';
    try {
      fail();
    } catch (err) {
      stack = (err as Error).stack ?? '';
    }
    expect(stack).toMatch(/src[\\/]server[\\/]app\.ts:10:1/);
    expect(cache.stats.misses).toBe(1);
    delete (globalThis as { __locoraBuildFailure?: unknown }).__locoraBuildFailure;
  });
});
