import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import noUnwrappedJsxText from './eslint-rules/no-unwrapped-jsx-text.js';
import { UNTRANSLATED_FILES } from './eslint-rules/untranslated-files.js';

/** Zone paths are relative to the project, wherever ESLint is started from. */
const projectRoot = fileURLToPath(new URL('.', import.meta.url));

/** The feature folders under `root` (e.g. src/client/features), read from disk so a new one is covered at once. */
function featuresIn(root) {
  return readdirSync(new URL(root, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
}

/**
 * One zone per feature: a feature imports only itself from the features folder (bulletproof-react's
 * cross-feature rule). What two features share moves to components/, lib/, src/shared or http/.
 */
function featureZones(root, composes = {}) {
  return featuresIn(root).map((name) => ({
    target: `${root}/${name}`,
    from: root,
    except: [`./${name}`, ...(composes[name] ?? []).map((other) => `./${other}`)],
    message: `A feature does not import another feature: move what ${root}/${name} needs from it to a shared place.`,
  }));
}

/**
 * Which way imports may flow (the server renders the client through entry-server, decision 013):
 * shared -> client lib and components -> client features -> pages and the app root (routes,
 * providers, main, entry-server). The server imports the client only through entry-server.tsx.
 */
const appRoot = [
  'src/client/routes.tsx',
  'src/client/app-providers.tsx',
  'src/client/main.tsx',
  'src/client/entry-server.tsx',
];

const boundaryZones = [
  // checkout composes the service it books (catalog) and the card (payments); both dashboards
  // compose the cancel dialog (booking) and the payments configuration, as a page composes features.
  ...featureZones('src/client/features', {
    checkout: ['catalog', 'payments'],
    'provider-workspace': ['booking', 'payments'],
    'traveler-dashboard': ['booking', 'payments'],
  }),
  {
    target: ['src/client/components', 'src/client/lib'],
    from: 'src/client/features',
    message:
      'components/ and lib/ are generic: take what a feature knows through props or a context from the app root.',
  },
  {
    target: ['src/client/components', 'src/client/lib'],
    from: ['src/client/pages', ...appRoot],
    message: 'components/ and lib/ do not import pages or the app root.',
  },
  {
    target: 'src/client/features',
    from: ['src/client/pages', ...appRoot],
    message: 'A feature does not import pages or the app root.',
  },
  // seo renders the heads of the service and provider pages, so it composes those two features the
  // way a client page composes client features. Queries that several features show (service
  // cards, reviews) live in src/server/read-models.
  // admin deletes a service by catalog's own rule (softDeleteService), not a copy of it.
  ...featureZones('src/server/features', { seo: ['catalog', 'providers'], admin: ['catalog'] }),
  {
    target: 'src/shared',
    from: ['src/client', 'src/server'],
    message: 'src/shared imports nothing from the client or server.',
  },
  {
    target: 'src/client',
    from: 'src/server',
    message: 'The client must not import server code; share through src/shared.',
  },
  {
    target: 'src/server',
    from: 'src/client',
    except: ['./entry-server.tsx'],
    message:
      'The server must not import client code (but entry-server.tsx, to render pages); share through src/shared.',
  },
];

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'data/',
      'src/locales/',
      'src/server/locales/',
      'node_modules/',
      'coverage/',
      'test-results/',
      'playwright-report/',
      '.tmp/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/client/**', '!**/client/entry-server.tsx'],
              message:
                'Server and shared code must not import the client (the server renders pages through entry-server.tsx).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: `${projectRoot}tsconfig.json` })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: projectRoot, zones: boundaryZones }],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**'], message: 'The client must not import server code; share through src/shared.' },
          ],
          // Full zod stays out of the browser (decision 012): it costs about 20 kB gzip, and its
          // object parser probes for eval, which our CSP (script-src 'self') reports as a violation.
          // The client checks responses with the zod/mini schemas of *-responses.ts and takes only
          // types from the modules that hold request schemas.
          paths: [
            { name: 'zod', message: "Use 'zod/mini' in the client (decision 012)." },
            {
              name: 'lucide-react',
              allowTypeImports: true,
              message:
                "Import icons from '@/components/icons' (scripts/icons.mjs writes them from lucide-react, without its runtime).",
            },
            ...['@shared/api/auth', '@shared/api/catalog', '@shared/api/conversations', '@shared/api/time'].map(
              (name) => ({
                name,
                allowTypeImports: true,
                message: `${name} holds full-zod request schemas: import types only, values from the *-responses, catalog-options or messages modules (decision 012).`,
              }),
            ),
          ],
        },
      ],
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', '**/server/**', '**/client/**'],
              message: 'src/shared has no Node, server or DOM imports.',
            },
          ],
        },
      ],
    },
  },
  {
    // Words on screen go through Lingui (decision 055). The screens not converted yet are listed in
    // one place (eslint-rules/untranslated-files.js), a list that only shrinks.
    files: ['src/client/**/*.tsx'],
    ignores: UNTRANSLATED_FILES,
    plugins: { locora: { rules: { 'no-unwrapped-jsx-text': noUnwrappedJsxText } } },
    rules: { 'locora/no-unwrapped-jsx-text': 'error' },
  },
);
