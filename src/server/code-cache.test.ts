import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runServerBuild, type ServerBuildStart } from './code-cache.ts';

let root: string;

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'locora-code-cache-'));
});

afterEach(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

function write(name: string, source: string) {
  fs.writeFileSync(path.join(root, name), source);
}

// A start of the server build, in a Node process of its own (the compile cache is per process):
// main.cjs sets globalThis.__value, and Node's own debug output says what it did with the cache.
const runner = `
import { runServerBuild } from ${JSON.stringify(path.resolve('src/server/code-cache.ts'))};
const [root] = process.argv.slice(-1);
const start = runServerBuild(root);
console.log(JSON.stringify({ value: globalThis.__value, start }));
`;

interface Start {
  value: unknown;
  start: ServerBuildStart;
  /** Node's account of the cache (NODE_DEBUG_NATIVE=COMPILE_CACHE) for main.cjs. */
  cache: 'accepted' | 'written' | 'none';
}

function start(dir = root): Start {
  const res = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', runner, '--', dir], {
    encoding: 'utf8',
    env: { ...process.env, NODE_COMPILE_CACHE: '', NODE_DEBUG_NATIVE: 'COMPILE_CACHE' },
  });
  if (res.status !== 0) throw new Error(res.stderr);
  const debug = res.stdout + res.stderr;
  const mainFile = /main\.cjs/;
  const lines = debug.split('\n').filter((line) => mainFile.test(line));
  const cache = lines.some((line) => /was accepted/.test(line))
    ? 'accepted'
    : lines.some((line) => /writing cache .*success/.test(line))
      ? 'written'
      : 'none';
  const json = res.stdout
    .trim()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .at(-1)!;
  return { ...(JSON.parse(json) as Omit<Start, 'cache'>), cache };
}

describe("the server build's start", () => {
  it('runs on Node 22 or newer, as the README and package.json say', () => {
    expect(Number(process.versions.node.split('.')[0])).toBeGreaterThanOrEqual(22);
  });

  it("compiles the build once, saves Node's compile cache in code-cache/, and later starts load from it", () => {
    write('main.cjs', "globalThis.__value = [1, 2, 3].map((n) => n * 2);\nrequire('./lib.cjs');\n");
    write('lib.cjs', 'globalThis.__lib = true;\n');
    const first = start();
    expect(first).toMatchObject({ value: [2, 4, 6], cache: 'written' });
    expect(first.start).toMatchObject({ compileCache: 'enabled', cacheDir: path.join(root, 'code-cache') });
    expect(fs.readdirSync(path.join(root, 'code-cache')).length).toBeGreaterThan(0);
    expect(start()).toMatchObject({ value: [2, 4, 6], cache: 'accepted' });
  });

  it('runs a rebuilt file, never the code cached for the one before', () => {
    write('main.cjs', 'globalThis.__value = "first build";\n');
    expect(start().value).toBe('first build');
    write('main.cjs', 'globalThis.__value = "later build";\n');
    expect(start()).toMatchObject({ value: 'later build', cache: 'written' });
  });

  it('starts without a cache when its directory cannot be written', () => {
    write('main.cjs', 'globalThis.__value = "read-only";\n');
    // A file where the cache directory should be: Node cannot create it.
    write('code-cache', 'not a directory');
    const result = start();
    expect(result.value).toBe('read-only');
    expect(result.start.compileCache).toBe('failed');
    expect(result.start.message).toBeTruthy();
  });

  it('gives stack traces that name the sources', () => {
    // A build's file and its source map: line 2 of main.cjs comes from line 10 of src/server/app.ts.
    write(
      'main.cjs',
      'globalThis.__locoraBuildFailure = () => {\nthrow new Error("boom");\n};\n//# sourceMappingURL=main.cjs.map\n',
    );
    write(
      'main.cjs.map',
      JSON.stringify({ version: 3, sources: ['../src/server/app.ts'], names: [], mappings: 'AAAA;AASA' }),
    );
    runServerBuild(root);
    const fail = (globalThis as { __locoraBuildFailure?: () => void }).__locoraBuildFailure!;
    let stack = '';
    try {
      fail();
    } catch (err) {
      stack = (err as Error).stack ?? '';
    }
    expect(stack).toMatch(/src[\\/]server[\\/]app\.ts:10:1/);
    delete (globalThis as { __locoraBuildFailure?: unknown }).__locoraBuildFailure;
  });
});
