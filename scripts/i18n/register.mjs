// Lingui's macros for code Node runs from the sources (`npm run dev`'s API, the command-line
// tools, the benchmarks): `node --import ./scripts/i18n/register.mjs file.ts`. It registers tsx
// (TypeScript, the path aliases), then a load hook that runs Lingui's macro through Babel on the
// files that import one, before tsx compiles them, as Vite does in a build
// (scripts/i18n/macro-plugin.ts). Nothing else is touched.
import fs from 'node:fs';
import { registerHooks } from 'node:module';
import { fileURLToPath } from 'node:url';

const USES_LINGUI_MACRO = /from\s*['"]@lingui\/(?:core|react)\/macro['"]/;
let babel;

registerHooks({
  load(url, context, nextLoad) {
    if (!url.startsWith('file:') || url.includes('/node_modules/') || !/\.[cm]?[jt]sx?$/.test(url)) {
      return nextLoad(url, context);
    }
    const file = fileURLToPath(url);
    const source = fs.readFileSync(file, 'utf8');
    if (!USES_LINGUI_MACRO.test(source)) return nextLoad(url, context);
    babel ??= createRequireForBabel();
    const out = babel.transformSync(source, {
      filename: file,
      babelrc: false,
      configFile: false,
      retainLines: true,
      sourceMaps: 'inline',
      parserOpts: { plugins: ['typescript', 'jsx'] },
      plugins: [['@lingui/babel-plugin-lingui-macro', { descriptorFields: 'all' }]],
    });
    // tsx, further down the chain, compiles the TypeScript and JSX that is left.
    return { ...nextLoad(url, context), source: out.code };
  },
});

// Registered after the hook above, so tsx's load runs first and asks this one for the source.
await import('tsx');

function createRequireForBabel() {
  // Loaded on the first file that needs it: most processes never import a macro.
  return globalThis.process.getBuiltinModule('node:module').createRequire(import.meta.url)('@babel/core');
}
