import module from 'node:module';
import path from 'node:path';
import sourceMapSupport from 'source-map-support';

/**
 * `npm start`'s way into the server build (scripts/start.mjs, docs/decisions/030-node-22.md).
 *
 * Every start used to compile the server build's ~4 MB of JavaScript again: ~0.3 s of a 2-core
 * machine's start, before a page could be served. Node 22 keeps what V8 compiled on disk itself
 * (`module.enableCompileCache`, a public API): the first start writes it, later starts read it.
 * Node keys each entry by the file's contents and checks a checksum before V8 sees the data; a
 * cache directory that cannot be written (a read-only checkout) only means compiling as before.
 * The build empties `dist/server`, cache included.
 */
export interface ServerBuildStart {
  /** What Node said of the compile cache: enabled, already enabled (NODE_COMPILE_CACHE), failed or disabled. */
  compileCache: 'enabled' | 'already-enabled' | 'failed' | 'disabled';
  /** Where the cache lives, when it is on. */
  cacheDir: string | undefined;
  /** Why it is off, when Node said. */
  message: string | undefined;
}

function describeStatus(status: number | undefined): ServerBuildStart['compileCache'] {
  const { ENABLED, ALREADY_ENABLED, FAILED } = module.constants.compileCacheStatus;
  if (status === ENABLED) return 'enabled';
  if (status === ALREADY_ENABLED) return 'already-enabled';
  if (status === FAILED) return 'failed';
  return 'disabled';
}

/**
 * Stack traces that name the sources (source-map-support reads a build's map when a stack trace is
 * first printed, not at every start as `--enable-source-maps` does), Node's compile cache in
 * dist/server/code-cache, then the server.
 */
export function runServerBuild(serverDir: string): ServerBuildStart {
  sourceMapSupport.install({ environment: 'node', handleUncaughtExceptions: false });
  const result = module.enableCompileCache(path.join(serverDir, 'code-cache'));
  module.createRequire(path.join(serverDir, 'main.cjs'))('./main.cjs');
  return {
    compileCache: describeStatus(result.status),
    cacheDir: result.directory,
    message: result.message,
  };
}
