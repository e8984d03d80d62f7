import fs from 'node:fs';
import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { clientChunkGroups } from './scripts/chunk-groups.ts';
import { linguiMacro } from './scripts/i18n/macro-plugin.ts';
import { precompress } from './scripts/vite-precompress.ts';

const apiPort = process.env.API_PORT ?? '3001';
const apiTarget = `http://127.0.0.1:${apiPort}`;

/**
 * Files the server reads at run time, beside the server build (their code finds them next to
 * itself through import.meta.url): the SQL migrations, the common-password list and the embedded
 * database thread (pglite-worker.mjs).
 */
function serverFiles(): Plugin {
  return {
    name: 'locora-server-files',
    apply: 'build',
    writeBundle(options) {
      const outDir = options.dir ?? path.resolve('dist/server');
      fs.cpSync(path.resolve('src/server/db/migrations'), path.join(outDir, 'migrations'), { recursive: true });
      fs.copyFileSync(
        path.resolve('src/server/features/auth/common-passwords.txt'),
        path.join(outDir, 'common-passwords.txt'),
      );
      fs.copyFileSync(path.resolve('src/server/db/pglite-worker.mjs'), path.join(outDir, 'pglite-worker.mjs'));
    },
  };
}

/**
 * The theme script runs before first paint, so a separate file would block rendering for a round
 * trip. The client build writes it into index.html instead; the server allows exactly that script
 * by its hash (src/server/http/security.ts, inlineScriptHashes). Dev keeps the file.
 */
function inlineThemeScript(): Plugin {
  const tag = '<script src="/theme-init.js"></script>';
  return {
    name: 'locora-inline-theme-script',
    apply: 'build',
    transformIndexHtml(html) {
      if (!html.includes(tag)) throw new Error(`index.html no longer loads the theme script as ${tag}`);
      const code = fs
        .readFileSync(path.resolve('src/client/public/theme-init.js'), 'utf8')
        .split('\n')
        .filter((line) => !/^\s*\/\//.test(line))
        .map((line) => line.trim())
        .join('');
      return html.replace(tag, () => `<script>${code}</script>`);
    },
  };
}

/**
 * React Router in the client build (dev and the server keep the one Node resolves): its package
 * exports only its development build (warnings and invariants with their messages), so the
 * browser's code gets its production build, through src/client/lib/router-links.tsx, which
 * replaces its `Link` and `NavLink` with lighter ones.
 */
function browserReactRouter(): Plugin {
  const production = path.resolve('node_modules/react-router/dist/production/index.mjs');
  const links = path.resolve('src/client/lib/router-links.tsx');
  return {
    name: 'locora-browser-react-router',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== 'react-router') return null;
      return importer && path.resolve(importer) === links ? production : links;
    },
  };
}

/**
 * What the first chunk loads lazily (the pages, the account and phone menus, toasts, response
 * schemas), preloaded from a map instead of Vite's lists. Vite gives each `import()` the names of
 * every file its target needs, so that they load side by side: about 150 names, 2 kB gzip of the
 * first load, which the first page never reads. The build writes them to /lazy-modules.json
 * instead ({ files, modules: { "pages/x.tsx": [indexes into files] } }, the first load's own files
 * left out), and the browser preloads a module's files from it as it imports the module
 * (src/client/lib/preload-modules.ts, fetched once the first page is live). The build fails when
 * the first chunk imports a module lazily without naming it for preloading. Imports from any other
 * chunk keep Vite's lists.
 */
function lazyModulesMap(): {
  plugin: Plugin;
  resolveDependencies: (file: string, deps: string[], context: { hostId: string }) => string[];
} {
  const initial = new Set<string>();
  const mapped = new Set<string>();
  const root = path.resolve('src/client');
  return {
    plugin: {
      name: 'locora-lazy-modules-map',
      apply: 'build',
      generateBundle: {
        order: 'pre',
        handler(_options, bundle) {
          initial.clear();
          mapped.clear();
          const chunks = Object.values(bundle).filter((chunk) => chunk.type === 'chunk');
          const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
          // The entries and what they import statically: the first load, which every page has.
          for (const chunk of chunks) {
            if (chunk.isEntry) [chunk.fileName, ...chunk.imports].forEach((fileName) => initial.add(fileName));
          }
          const firstCode = [...initial].map((fileName) => byName.get(fileName)?.code ?? '').join('\n');
          const files: string[] = [];
          const indexOf = new Map<string, number>();
          const modules: Record<string, number[]> = {};
          const lazy = new Set([...initial].flatMap((fileName) => byName.get(fileName)?.dynamicImports ?? []));
          for (const fileName of lazy) {
            const chunk = byName.get(fileName);
            if (!chunk?.facadeModuleId || initial.has(fileName)) continue;
            const closure: string[] = [];
            const visit = (name: string) => {
              if (initial.has(name) || closure.includes(name)) return;
              closure.push(name);
              for (const imported of byName.get(name)?.imports ?? []) visit(imported);
            };
            visit(fileName);
            mapped.add(fileName);
            // Nothing to preload beside the module's own file.
            if (closure.length < 2) continue;
            const key = path.relative(root, chunk.facadeModuleId).split(path.sep).join('/');
            if (!firstCode.includes(key)) {
              this.error(
                `${key} is imported lazily from the first chunk without its files preloaded: call preloadModules(['${key}']) where it is imported (src/client/lib/preload-modules.ts).`,
              );
            }
            modules[key] = closure.map((name) => {
              let index = indexOf.get(name);
              if (index === undefined) indexOf.set(name, (index = files.push(name) - 1));
              return index;
            });
          }
          this.emitFile({ type: 'asset', fileName: 'lazy-modules.json', source: JSON.stringify({ files, modules }) });
        },
      },
    },
    resolveDependencies: (file, deps, { hostId }) => (initial.has(hostId) && mapped.has(file) ? [] : deps),
  };
}
const lazyModules = lazyModulesMap();

/**
 * The icon modules (src/client/components/icons/, written by scripts/icons.mjs) are free of side
 * effects, as lucide-react's package says of its own: a chunk takes only the icons its code draws,
 * not every icon the index names.
 */
function iconsWithoutSideEffects(): Plugin {
  const icons = path.resolve('src/client/components/icons') + path.sep;
  return {
    name: 'locora-icons-without-side-effects',
    transform(code, id) {
      return id.startsWith(icons) ? { code, map: null, moduleSideEffects: false } : null;
    },
  };
}

/**
 * Every language's compiled catalogs (src/locales/{locale}/{name}.ts) as chunks of their own. The
 * browser imports them by the files the page's HTML names (src/client/lib/i18n.tsx), not through
 * a table in the first chunk, so nothing else would make the bundler emit them.
 */
function catalogChunks(): Plugin {
  const locales = path.resolve('src/locales');
  return {
    name: 'locora-catalog-chunks',
    apply: 'build',
    buildStart() {
      for (const locale of fs.readdirSync(locales)) {
        const dir = path.join(locales, locale);
        if (!fs.statSync(dir).isDirectory()) continue;
        for (const file of fs.readdirSync(dir).filter((name) => name.endsWith('.ts'))) {
          this.emitFile({ type: 'chunk', id: path.join(dir, file), preserveSignature: 'strict' });
        }
      }
    },
  };
}

/**
 * Two builds (docs/decisions/013-server-rendering.md):
 * - the client (`vite build`): hashed assets and a manifest, in dist/client;
 * - the server (`vite build --ssr`): src/server/main.ts with the pages it renders, compiled ahead of
 *   time into dist/server/main.cjs, with the packages it uses bundled in (a few stay in
 *   node_modules, see `ssr.external` below), and code-cache.cjs, through which `npm start` loads
 *   it (decision 029).
 */
export default defineConfig(({ command, isSsrBuild }) => ({
  root: path.resolve('src/client'),
  publicDir: isSsrBuild ? false : path.resolve('src/client/public'),
  // The client build also writes .br/.gz beside each asset (decision 012).
  // Lingui's macros first (Babel, on the files that import one), then React's JSX (Oxc).
  plugins: [
    linguiMacro(),
    react(),
    tailwindcss(),
    ...(isSsrBuild
      ? [serverFiles()]
      : [
          inlineThemeScript(),
          browserReactRouter(),
          iconsWithoutSideEffects(),
          catalogChunks(),
          lazyModules.plugin,
          precompress(),
        ]),
  ],
  resolve: {
    alias: [
      { find: '@', replacement: path.resolve('src/client') },
      { find: '@shared', replacement: path.resolve('src/shared') },
      // Lingui's runtime and React binding in the client build: our own small one (checked against
      // Lingui's, message by message, in lingui-runtime.test.ts). Dev and the server keep Lingui's.
      ...(command !== 'build' || isSsrBuild
        ? []
        : [{ find: /^@lingui\/(core|react)$/, replacement: path.resolve('src/client/lib/lingui-runtime.tsx') }]),
    ],
  },
  // The server build bundles the packages it uses (decision 028): Node then compiles a few large
  // files instead of resolving, reading and wrapping ~1,000 small ones, and only the icons and
  // Radix primitives the pages use remain. About 0.3 s of every start on a 2-core machine. These
  // stay in node_modules: native code (argon2, sharp), files read beside the package's own code
  // (PGlite's WebAssembly, Swagger UI's pages), pino (its worker files), and what loads only on
  // use (Stripe, nodemailer, the PostgreSQL driver, heic-decode, the S3 client).
  ...(isSsrBuild
    ? {
        ssr: {
          noExternal: true,
          external: [
            '@electric-sql/pglite',
            '@node-rs/argon2',
            '@fastify/swagger-ui',
            'sharp',
            'heic-decode',
            'stripe',
            'pg',
            'nodemailer',
            '@aws-sdk/client-s3',
            'pino',
            'tsx',
          ],
        },
      }
    : {}),
  build: isSsrBuild
    ? {
        outDir: path.resolve('dist/server'),
        emptyOutDir: true,
        ssr: path.resolve('src/server/main.ts'),
        target: 'node22',
        sourcemap: true,
        copyPublicDir: false,
        rollupOptions: {
          input: {
            main: path.resolve('src/server/main.ts'),
            'code-cache': path.resolve('src/server/code-cache.ts'),
            // The calendar parser's worker thread (parse-pool.ts finds it beside main.cjs).
            'calendar-parse-worker': path.resolve('src/server/features/calendars/parse-worker.ts'),
          },
          output: {
            // CommonJS (decision 029; Node's compile cache holds it, decision 030).
            // import.meta.url becomes the file's own URL.
            format: 'cjs',
            // Strict, as the ES modules it is built from (and the tests run) are.
            strict: true,
            // Every chunk beside main.cjs, so import.meta.url finds the files copied there.
            entryFileNames: '[name].cjs',
            chunkFileNames: '[name]-[hash].cjs',
            // Stack traces need the mappings, not the sources (decision 028): they are read when a
            // stack trace is first printed (source-map-support, decision 030).
            sourcemapExcludeSources: true,
          },
        },
      }
    : {
        outDir: path.resolve('dist/client'),
        emptyOutDir: true,
        sourcemap: true,
        manifest: true,
        // Every browser we serve supports <link rel=modulepreload>: no polyfill in the entry.
        modulePreload: { polyfill: false, resolveDependencies: lazyModules.resolveDependencies },
        // Everything the first page needs in one chunk (decision 012, addendum of 2026-11-24):
        // left to itself the bundler cut it into ~40 small shared chunks, each gzipped alone,
        // which cost 15 kB and 40 requests. Lazy pages still get their own chunks.
        rolldownOptions: {
          output: {
            // Lazy chunks are named by their hash alone, 7 characters (the fewest rolldown allows
            // for our 65 chunks): the entry chunk lists every lazy chunk's files for preloading
            // (Vite's __vite__mapDeps), and the names cost 0.5 kB gzip of the first load (decision
            // 027), the eighth character 0.17 kB (decision 055's addendum on the first load). The
            // manifest and the source maps still name them.
            chunkFileNames: 'assets/[hash:7].js',
            codeSplitting: { groups: clientChunkGroups },
          },
        },
      },
  server: {
    port: Number(process.env.PORT ?? 3000),
    strictPort: true,
    // The API keeps the browser's Host header, so its same-origin check sees the dev origin.
    proxy: Object.fromEntries(
      // A key starting with ^ is a regular expression: each language's sitemap (/sitemap-ja.xml).
      [
        '/api',
        '/uploads',
        '/media',
        '/healthz',
        '/readyz',
        '/sitemap.xml',
        '^/sitemap-[^/]+\\.xml$',
        '/robots.txt',
      ].map((p) => [p, { target: apiTarget, changeOrigin: false }]),
    ),
  },
}));
