import crypto from 'node:crypto';
import fs from 'node:fs';
import Module from 'node:module';
import path from 'node:path';
import vm from 'node:vm';
import zlib from 'node:zlib';
import sourceMapSupport from 'source-map-support';

/**
 * V8's code cache for the compiled server (docs/decisions/029-embedded-database-start.md).
 *
 * Every start of `npm start` used to compile the server build's ~4 MB of JavaScript again: ~0.3 s
 * of a 2-core machine's start, before a page could be served. V8 can save what it compiled (its
 * bytecode) and load it next time instead. Node 22 does this itself (module.enableCompileCache);
 * on Node 20 we compile the server's own files through vm.Script with the saved data, the way
 * Node's own loader wraps a CommonJS file.
 *
 * - Only files under `root` go through here (dist/server); packages left in node_modules load as
 *   usual.
 * - A cache file is named after the source's contents (V8 checks only the length of the source
 *   against the data it is given), V8's version and the flags that change its code, so a rebuilt
 *   file never runs old code. The build empties dist/server, cache included.
 * - What was compiled is saved once the server has served for a while (`writeAfterMs`) and when it
 *   exits, because V8 compiles a function when it first runs: saved after a page was rendered,
 *   the cache holds the rendering code too. A cache is written again only when it has grown.
 * - A cache that cannot be written (a read-only checkout) or is rejected (another Node, a damaged
 *   file: each carries a CRC-32 that is checked before V8 sees it) only means compiling as before.
 */
export interface CodeCacheOptions {
  /** The directory whose .cjs files are compiled with the cache. */
  root: string;
  /** Where the cache files live; created when first written. */
  cacheDir: string;
  /** When to save what has been compiled so far; the save on exit happens regardless. */
  writeAfterMs?: number;
}

export interface CodeCache {
  /** Files compiled from the cache, compiled without one (none yet, or rejected), and rejected. */
  readonly stats: { hits: number; misses: number; rejected: number };
  /** Saves the compiled code of every file whose cache is missing or has grown since. */
  save(): void;
  /** Restores Node's own compile and stops the timer; what is loaded stays loaded. */
  uninstall(): void;
}

interface Compiled {
  script: vm.Script;
  cacheFile: string;
}

/** The internals of Node's CommonJS loader this uses, all present since Node 12. */
type LoaderModule = Module & {
  _compile(content: string, filename: string, ...rest: unknown[]): unknown;
};
type LoaderStatics = typeof Module & {
  _resolveFilename(request: string, parent: Module, isMain: boolean, options?: { paths?: string[] }): string;
  _extensions: NodeJS.RequireExtensions;
  _cache: NodeJS.Dict<NodeJS.Module>;
};

/** A cache rewritten for growth must have grown by this much: a few lazily compiled functions more is not worth a write. */
const GROWTH_TO_REWRITE = 1.05;

/**
 * Each cache file starts with this and a CRC-32 of what follows. Release builds of Node do not
 * verify the data they are given (V8 checks only a header), and damaged data can crash the
 * process or run wrong code: a file whose sum does not match is never given to V8. Node 22's own
 * compile cache does the same.
 */
const MAGIC = Buffer.from('LCC1');
const HEADER_BYTES = MAGIC.length + 4;

/** V8's version and flags are part of the key: a cache from another V8 or other flags is rejected anyway. */
function runtimeKey(): string {
  return [process.version, process.arch, process.execArgv.join(' '), process.env.NODE_OPTIONS ?? ''].join('|');
}

function cacheFileFor(cacheDir: string, filename: string, content: string): string {
  const digest = crypto.createHash('sha256').update(runtimeKey()).update(content).digest('hex').slice(0, 32);
  return path.join(cacheDir, `${path.basename(filename)}.${digest}.v8`);
}

/** The cached data in `file`, if it is there and whole; a damaged file is removed. */
function readCache(file: string): Buffer | undefined {
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(file);
  } catch {
    return undefined;
  }
  const data = bytes.subarray(HEADER_BYTES);
  if (
    bytes.length > HEADER_BYTES &&
    bytes.subarray(0, MAGIC.length).equals(MAGIC) &&
    bytes.readUInt32LE(MAGIC.length) === zlib.crc32(data)
  ) {
    return data;
  }
  removeQuietly(file);
  return undefined;
}

function sizeOnDisk(file: string): number {
  try {
    return Math.max(0, fs.statSync(file).size - HEADER_BYTES);
  } catch {
    return 0;
  }
}

function removeQuietly(file: string): void {
  try {
    fs.rmSync(file, { force: true });
  } catch {
    // Another process's, or a read-only directory: nothing to do.
  }
}

/**
 * Writes beside the target under a name no other process uses, then renames: a start never reads
 * half a file. False when the directory cannot be written (a read-only checkout, a full disk).
 */
function writeAtomically(file: string, data: Buffer): boolean {
  const tmp = `${file}.${process.pid}.${crypto.randomBytes(6).toString('hex')}.tmp`;
  const header = Buffer.alloc(HEADER_BYTES);
  MAGIC.copy(header);
  header.writeUInt32LE(zlib.crc32(data), MAGIC.length);
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(tmp, Buffer.concat([header, data]));
    fs.renameSync(tmp, file);
    return true;
  } catch {
    removeQuietly(tmp);
    return false;
  }
}

/** The require() Node's loader gives a CommonJS module (makeRequireFunction in lib/internal/modules/helpers.js). */
function requireFor(module: LoaderModule): NodeJS.Require {
  const statics = Module as LoaderStatics;
  const require = ((id: string) => module.require(id)) as NodeJS.Require;
  require.resolve = ((request: string, options?: { paths?: string[] }) =>
    statics._resolveFilename(request, module, false, options)) as NodeJS.RequireResolve;
  require.main = process.mainModule;
  require.extensions = statics._extensions;
  require.cache = statics._cache;
  return require;
}

export function installCodeCache({ root, cacheDir, writeAfterMs = 30_000 }: CodeCacheOptions): CodeCache {
  // Node names modules by their real path: a symlinked checkout or release directory still matches.
  const prefix = fs.realpathSync(root) + path.sep;
  const proto = Module.prototype as LoaderModule;
  const nodeCompile = proto._compile;
  const compiled: Compiled[] = [];
  const stats = { hits: 0, misses: 0, rejected: 0 };
  let writable = true;

  proto._compile = function compileWithCache(
    this: LoaderModule,
    content: string,
    filename: string,
    ...rest: unknown[]
  ) {
    // Node 20.19+ passes the format it detected; only CommonJS files of the build are ours.
    const format = rest[0];
    if (!filename.startsWith(prefix) || !filename.endsWith('.cjs') || (format !== undefined && format !== 'commonjs')) {
      return nodeCompile.call(this, content, filename, ...rest);
    }
    const cacheFile = cacheFileFor(cacheDir, filename, content);
    const cachedData = readCache(cacheFile);
    // No importModuleDynamically: Node 20 does not keep it with a script compiled from the cache
    // (ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING), so the build has no import() (vite.config.ts).
    const script = new vm.Script(Module.wrap(content), { filename, cachedData });
    const rejected = cachedData !== undefined && script.cachedDataRejected === true;
    if (cachedData && !rejected) stats.hits++;
    else stats.misses++;
    if (rejected) {
      stats.rejected++;
      removeQuietly(cacheFile);
    }
    compiled.push({ script, cacheFile });

    const wrapper = script.runInThisContext({ displayErrors: true }) as (...args: unknown[]) => unknown;
    return wrapper.call(this.exports, this.exports, requireFor(this), this, filename, path.dirname(filename));
  };

  const save = () => {
    for (const entry of compiled) {
      if (!writable) return;
      const data = entry.script.createCachedData();
      // What is there (this start's, or another's that ran longer) is kept unless this has more.
      const onDisk = sizeOnDisk(entry.cacheFile);
      if (onDisk && data.length < onDisk * GROWTH_TO_REWRITE) continue;
      writable = writeAtomically(entry.cacheFile, data);
    }
  };
  const timer = setTimeout(save, writeAfterMs);
  timer.unref();
  process.on('exit', save);

  return {
    stats,
    save,
    uninstall() {
      proto._compile = nodeCompile;
      clearTimeout(timer);
      process.off('exit', save);
    },
  };
}

/**
 * `npm start`'s way into the server build (scripts/start.mjs): stack traces that name the sources
 * (Node's --enable-source-maps does not see code compiled through vm.Script), the code cache in
 * dist/server/code-cache, then the server.
 */
export function runServerBuild(serverDir: string): CodeCache {
  sourceMapSupport.install({ environment: 'node', handleUncaughtExceptions: false });
  const cache = installCodeCache({ root: serverDir, cacheDir: path.join(serverDir, 'code-cache') });
  Module.createRequire(path.join(serverDir, 'main.cjs'))('./main.cjs');
  return cache;
}
