import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';
import { LOCALES } from './src/shared/domain/locales.ts';

/**
 * Lingui's catalogs (docs/decisions/055-languages.md). English is the source: the words are
 * written in English in the code (the macros), `npm run i18n:extract` collects them into one PO
 * file per catalog and locale, translators fill in the other six, and `npm run i18n:compile` turns
 * each into a small module the app imports (compiled ICU, no parser at run time). The client's
 * catalogs are in src/locales/, the server's in src/server/locales/. A catalog is what one part of
 * the app loads at once, so a browser gets only the words of the pages it opens:
 * - `app`: the first page (header, footer, home and what they show) and what every page shares;
 * - `public`: the other public pages (browse, a service, a provider, 404), the trust components
 *   they share with signed-in screens (TRUST_SOURCES), and what every screen but the first page
 *   shares (SCREEN_SOURCES): every page but the first loads it;
 * - `account`: the signed-in screens (sign-in and sign-up, settings, dashboards, checkout,
 *   messages);
 * - `admin`: the admin screens;
 * - `server`: emails, calendar feeds and the API's messages, never sent to a browser.
 * A file belongs to the first catalog whose sources list it (a message used in two catalogs'
 * files is in both). Each route names the catalogs its page needs (src/client/routes.tsx).
 */
const client = '<rootDir>/src/client';
const tests = ['**/*.test.ts', '**/*.test.tsx'];
const catalog = (name: string) => `${client}/features/catalog/${name}`;

/** What the first page shows: the chrome, the home page and the cards on it. */
const APP_SOURCES = [
  `${client}/components`,
  `${client}/lib`,
  `${client}/main.tsx`,
  `${client}/routes.tsx`,
  `${client}/app-providers.tsx`,
  `${client}/entry-server.tsx`,
  `${client}/pages/home.tsx`,
  ...['service-card.tsx', 'category-grid.tsx', 'featured-services.tsx', 'city-combobox.tsx'].map(catalog),
  ...['favorite-button.tsx', 'favorite-toggle.ts', 'favorites.ts', 'service-photo.tsx', 'review-count.ts'].map(catalog),
  '<rootDir>/src/shared',
];

/**
 * Reports, review answers and what masking hid (decisions 050, 051): shown on public pages and on
 * signed-in screens, never on the first page, so they are kept out of `app` and the signed-in
 * pages that show them load `public` too.
 */
const TRUST_SOURCES = [`${client}/components/trust`];

/**
 * Shared pieces of the other screens, never on the first page's first load (a booking's place and
 * status, the calendar, the photo uploader, dialogs, the account menu): kept out of `app`, so that
 * `/` does not load their words, in `public`, which every lazily loaded page loads
 * (src/client/routes.tsx), and the account menu with its own code (components/header.tsx). They
 * had a catalog of their own, one more file for every page to fetch before it is live.
 */
const SCREEN_SOURCES = [
  ...[
    'booking-where.tsx',
    'booking-status-badge.tsx',
    'charge-notice.tsx',
    'confirm-dialog.tsx',
    'photo-uploader.tsx',
    'rating-stars.tsx',
    'reason-dialog.tsx',
    'time-zone-dialog.tsx',
    'time-zone-select.tsx',
    'travelers-only.tsx',
    'ui/calendar.tsx',
    'user-menu.tsx',
  ].map((name) => `${client}/components/${name}`),
  `${client}/lib/booking-words.ts`,
  `${client}/lib/role-words.ts`,
  `${client}/lib/photo-words.ts`,
  `${client}/lib/moderation-words.ts`,
];

const PUBLIC_SOURCES = [
  ...TRUST_SOURCES,
  ...SCREEN_SOURCES,
  `${client}/pages/browse.tsx`,
  `${client}/pages/service-detail.tsx`,
  `${client}/pages/provider-profile.tsx`,
  `${client}/pages/not-found.tsx`,
  `${client}/features/catalog`,
  // "Message provider" and its dialog, on a service's and a provider's page.
  `${client}/features/messages/message-provider-button.tsx`,
  `${client}/features/messages/inquiry-dialog.tsx`,
];

const ADMIN_SOURCES = [`${client}/features/admin`, `${client}/pages/admin-*.tsx`];

export default defineConfig({
  sourceLocale: 'en',
  locales: [...LOCALES],
  fallbackLocales: false,
  format: formatter({ origins: true, lineNumbers: false }),
  compileNamespace: 'ts',
  catalogs: [
    {
      name: 'app',
      path: '<rootDir>/src/locales/{locale}/app',
      include: APP_SOURCES,
      exclude: [...tests, ...TRUST_SOURCES, ...SCREEN_SOURCES],
    },
    {
      name: 'public',
      path: '<rootDir>/src/locales/{locale}/public',
      include: PUBLIC_SOURCES,
      // The shared components and helpers are app's, but for the trust and screen ones, which are public's.
      exclude: [
        ...tests,
        ...APP_SOURCES.filter((source) => source !== `${client}/components` && source !== `${client}/lib`),
      ],
    },
    { name: 'admin', path: '<rootDir>/src/locales/{locale}/admin', include: ADMIN_SOURCES, exclude: tests },
    {
      name: 'account',
      path: '<rootDir>/src/locales/{locale}/account',
      include: [client],
      exclude: [...tests, ...APP_SOURCES, ...PUBLIC_SOURCES, ...ADMIN_SOURCES],
    },
    {
      name: 'server',
      path: '<rootDir>/src/server/locales/{locale}',
      include: ['<rootDir>/src/server', '<rootDir>/src/shared'],
      exclude: [...tests, '<rootDir>/src/server/test', '<rootDir>/src/server/db/seed'],
    },
  ],
});
