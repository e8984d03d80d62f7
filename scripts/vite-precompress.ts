import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text files the server may send precompressed (source maps are left out: only devtools read them). */
const TEXT_FILE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/i;
/** Below this, an encoded copy saves less than its headers cost. */
const MIN_BYTES = 1024;

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    // Skip .vite (the manifest is read by the server and the size check, never sent).
    if (entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (entry.isFile() && TEXT_FILE.test(entry.name)) yield full;
  }
}

/** Writes `file.br` (brotli, quality 11) and `file.gz` (gzip -9) next to `file`, each only when smaller. */
export async function precompressFile(file: string): Promise<void> {
  const source = await fs.readFile(file);
  if (source.length < MIN_BYTES) return;
  const [br, gz] = await Promise.all([
    brotli(source, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    }),
    gzip(source, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  await Promise.all([
    br.length < source.length ? fs.writeFile(`${file}.br`, br) : undefined,
    gz.length < source.length ? fs.writeFile(`${file}.gz`, gz) : undefined,
  ]);
}

/**
 * After `vite build` writes the client, every text file in the output (hashed assets, index.html,
 * public files) gets a .br and a .gz sibling, which @fastify/static serves with `preCompressed`.
 * Client builds only: a server (SSR) build's output is never sent to a browser.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'locora:precompress',
    apply: 'build',
    applyToEnvironment: (environment) => environment.config.consumer === 'client',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async writeBundle(options) {
      const dir = options.dir ?? outDir;
      const files: string[] = [];
      for await (const file of filesUnder(dir)) files.push(file);
      await Promise.all(files.map(precompressFile));
    },
  };
}
