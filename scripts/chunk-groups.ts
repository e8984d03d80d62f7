import type { Rolldown } from 'vite';

type Group = Rolldown.CodeSplittingGroup;
type Context = Parameters<Extract<Group['name'], (...args: never[]) => unknown>>[1];

/**
 * How the client's lazy code is cut into files (decision 071).
 *
 * Left to itself the bundler gives every set of pages that shares a module a chunk of its own. For
 * our pages that meant many files of a few hundred bytes: a service page asked for 18 files, the
 * provider's dashboard for 57. On a phone each file costs a round trip before the page is live,
 * more than its bytes do (Lighthouse's simulated 4G: 150 ms a trip, 1.6 Mbit/s), so:
 * - `kit` and `search`: the small modules the public pages share, named by hand, because a public
 *   page must not load what only signed-in screens use;
 * - `radix` and `zod`: the dialog primitives and the response checks, one file each;
 * - `responses`: the answers' schemas, which any page may load when it asks the API;
 * - `forms`: small parts the signed-in screens share with public ones;
 * - `screens`: every other module two or more lazy pages share, unless a public page loads it;
 * - `icons`: the icons two or more lazy pages draw.
 * Groups earlier in the list take a module first; a group also takes what its modules import, but
 * for what an earlier group holds (the first load's `app` above all).
 */
const SRC = String.raw`[\\/]src[\\/]`;

/** Modules under src/ by path without the extension, e.g. `client/lib/(use-now|use-debounced-text)`. */
function sources(paths: string[]): RegExp {
  return new RegExp(`${SRC}(${paths.join('|').replaceAll('/', String.raw`[\\/]`)})${String.raw`\.tsx?$`}`);
}

/** The pages and parts an anonymous visitor loads before doing anything, from the first page on. */
const PUBLIC_ENTRIES = sources([
  'client/pages/(browse|service-detail|provider-profile|not-found|signin|signup|forgot-password|reset-password|verify-email)',
  'client/features/catalog/(city-combobox|favorite-toggle)',
  'client/components/(currency-select|hero-illustration)',
]);

const KIT = sources([
  'client/components/ui/(spinner|alert|separator)',
  'client/components/load-failed-page',
  'client/components/trust/(report-button|review-answer)',
  'client/lib/(booking-words|format-date)',
  'client/pages/not-found',
  'shared/domain/(return-path|booking-status|accepted-dates|checkout|reports)',
]);

const SEARCH = sources([
  'client/components/ui/native-select',
  'client/components/place-combobox',
  'client/lib/(use-now|use-debounced-text)',
  'client/features/catalog/(browse-filters|browse-address)',
]);

/**
 * Small parts signed-in screens share with the sign-in pages, a provider's page or the currency
 * menu: one file for the screens rather than five of a few hundred bytes.
 */
const FORMS = sources([
  'client/components/(form-field|ui/card-parts)',
  'shared/domain/(languages|display-currency|display-names)',
]);

/**
 * The answers' schemas the first chunk loads when a page asks the API (a public page's included),
 * with what they import.
 */
const RESPONSES = sources([
  'shared/api/(auth|availability|bookings|catalog|conversations)-responses',
  'shared/api/(errors|money|providers|currency)',
]);

const RADIX = new RegExp(
  String.raw`[\\/]node_modules[\\/](${[
    // Not the toast's, nor the menus' and their positioning: only the toasts and the account
    // menu use them, and they are a third of it.
    '@radix-ui[\\/]react-(?!toast|menu|dropdown-menu|popper|arrow)',
    'react-remove-scroll',
    'react-remove-scroll-bar',
    'use-callback-ref',
    'use-sidecar',
    'react-style-singleton',
    'aria-hidden',
    'get-nonce',
    'detect-node-es',
    'tslib',
  ].join('|')})`,
);

/**
 * Every module a public entry imports, directly or not (its lazy imports start pages of their
 * own). Worked out on the first question and kept for the process (one `vite build` is one build).
 */
function publicModules(): (ctx: Context, id: string) => boolean {
  let reached: Set<string> | null = null;
  return (ctx, id) => {
    if (!reached) {
      const seen = new Set<string>();
      const walk = (moduleId: string) => {
        if (seen.has(moduleId)) return;
        seen.add(moduleId);
        for (const next of ctx.getModuleInfo(moduleId)?.importedIds ?? []) walk(next);
      };
      // The entries are found among the modules the bundle imports lazily.
      const entries = new Set<string>();
      const visit = new Set<string>();
      const collect = (moduleId: string) => {
        if (visit.has(moduleId)) return;
        visit.add(moduleId);
        const info = ctx.getModuleInfo(moduleId);
        for (const lazy of info?.dynamicallyImportedIds ?? []) {
          if (PUBLIC_ENTRIES.test(lazy)) entries.add(lazy);
          collect(lazy);
        }
        for (const next of info?.importedIds ?? []) collect(next);
      };
      collect(id);
      for (const root of findRoots(ctx, id)) collect(root);
      for (const entry of entries) walk(entry);
      reached = seen;
    }
    return reached.has(id);
  };
}

/** The modules at the top of `id`'s importers (the bundle's entries). */
function findRoots(ctx: Context, id: string): string[] {
  const roots: string[] = [];
  const seen = new Set<string>();
  const up = (moduleId: string) => {
    if (seen.has(moduleId)) return;
    seen.add(moduleId);
    const info = ctx.getModuleInfo(moduleId);
    const importers = [...(info?.importers ?? []), ...(info?.dynamicImporters ?? [])];
    if (info?.isEntry) roots.push(moduleId);
    for (const importer of importers) up(importer);
  };
  up(id);
  return roots;
}

const isPublic = publicModules();

export const clientChunkGroups: Group[] = [
  {
    name: 'app',
    tags: ['$initial'],
    // Not the catalogs: each language's are chunks of their own (catalogChunks in vite.config.ts).
    test: (id) => !/[\\/]src[\\/]client[\\/](main\.tsx|index\.html)/.test(id) && !/[\\/]src[\\/]locales[\\/]/.test(id),
  },
  // The icons more than one lazy page draws, in one chunk: one icon per chunk made a page ask for
  // up to ten files of 200 bytes each.
  {
    name: 'icons',
    test: /[\\/]src[\\/]client[\\/]components[\\/](icons[\\/]|icon\.tsx)/,
    minShareCount: 2,
  },
  { name: 'radix', test: RADIX },
  { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]/ },
  { name: 'kit', test: KIT },
  { name: 'search', test: SEARCH },
  { name: 'responses', test: RESPONSES },
  { name: 'forms', test: FORMS },
  {
    name: (id, ctx) =>
      new RegExp(SRC).test(id) && !/[\\/]src[\\/]locales[\\/]/.test(id) && !isPublic(ctx, id) ? 'screens' : null,
    minShareCount: 2,
  },
];
