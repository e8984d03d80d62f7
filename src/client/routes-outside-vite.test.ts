import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

/*
 * `npm run dev` runs the API from the sources under tsx (with Lingui's macros, scripts/i18n/register.mjs), where no bundler sets
 * `import.meta.env`: the route table must still build, with its server loaders (decision 027).
 * Vitest sets `import.meta.env.SSR` itself, so this runs the table in a plain Node process.
 */
describe('the route table outside Vite', () => {
  it('builds with its server loaders when import.meta.env is not set', () => {
    const script = [
      "const { createRoutes } = await import('./src/client/routes.tsx');",
      'const [root] = createRoutes({ queryClient: {}, isServer: true });',
      "const pages = root.children.find((r) => r.id === 'pages');",
      "const settings = pages.children.find((r) => r.path === 'settings');",
      'console.log(JSON.stringify({ env: typeof import.meta.env, root: typeof root.loader, settings: typeof settings.loader }));',
    ].join('\n');
    const out = execFileSync(
      process.execPath,
      ['--import', './scripts/i18n/register.mjs', '--input-type=module', '-e', script],
      {
        cwd: root,
        encoding: 'utf8',
      },
    );
    expect(JSON.parse(out.trim().split('\n').at(-1) ?? '')).toEqual({
      env: 'undefined',
      root: 'function',
      settings: 'function',
    });
  });
});
