import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';
import { LOCALES } from './src/shared/domain/locales.ts';

/**
 * Lingui's catalogs (docs/decisions/055-languages.md). English is the source: the words are
 * written in English in the code (the macros), `npm run i18n:extract` collects them into one PO
 * file per catalog and locale under src/locales/, translators fill in the other six, and
 * `npm run i18n:compile` turns each into a small module the app imports (compiled ICU, no parser
 * at run time). The client's catalogs are in src/locales/, the server's in src/server/locales/. A catalog is what one part of the app loads at once:
 * - `app`: the first page and the public pages (header, footer, home, browse, a service, a
 *   provider, 404) and what the whole client shares; every page loads it;
 * - `account`: the signed-in screens (sign-in and sign-up, settings, dashboards, checkout,
 *   messages), loaded with the first of them;
 * - `admin`: the admin screens;
 * - `server`: emails, calendar feeds and the API's messages, never sent to a browser.
 * `src/shared` is in both `app` and `server`: its words (category names, statuses) are read on both sides.
 */
const client = '<rootDir>/src/client';
const tests = ['**/*.test.ts', '**/*.test.tsx'];

export const APP_CATALOG_SOURCES = [
  `${client}/components`,
  `${client}/lib`,
  `${client}/main.tsx`,
  `${client}/routes.tsx`,
  `${client}/app-providers.tsx`,
  `${client}/entry-server.tsx`,
  `${client}/pages/home.tsx`,
  `${client}/pages/not-found.tsx`,
  `${client}/pages/browse.tsx`,
  `${client}/pages/service-detail.tsx`,
  `${client}/pages/provider-profile.tsx`,
  `${client}/features/catalog`,
  '<rootDir>/src/shared',
];

export default defineConfig({
  sourceLocale: 'en',
  locales: [...LOCALES],
  fallbackLocales: false,
  format: formatter({ origins: true, lineNumbers: false }),
  compileNamespace: 'ts',
  catalogs: [
    { name: 'app', path: '<rootDir>/src/locales/{locale}/app', include: APP_CATALOG_SOURCES, exclude: tests },
    {
      name: 'admin',
      path: '<rootDir>/src/locales/{locale}/admin',
      include: [`${client}/features/admin`, `${client}/pages/admin-*.tsx`],
      exclude: tests,
    },
    {
      name: 'account',
      path: '<rootDir>/src/locales/{locale}/account',
      include: [client],
      exclude: [...tests, ...APP_CATALOG_SOURCES, `${client}/features/admin`, `${client}/pages/admin-*.tsx`],
    },
    {
      name: 'server',
      path: '<rootDir>/src/server/locales/{locale}',
      include: ['<rootDir>/src/server', '<rootDir>/src/shared'],
      exclude: [...tests, '<rootDir>/src/server/test', '<rootDir>/src/server/db/seed'],
    },
  ],
});
