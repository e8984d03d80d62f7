import { createContext, useContext, type ReactNode } from 'react';
import { i18n as browserI18n, setupI18n, type I18n, type Messages } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { CATALOG_FILES_ELEMENT_ID, intlLocale, type Locale } from '@shared/domain/locales';
import { LocaleContext } from './locale';

/**
 * The words of the screens in the reader's language (docs/decisions/055-languages.md). Messages are
 * written in English in the code with Lingui's macros (`useLingui().t`, `<Trans>`) and looked up
 * in compiled catalogs (src/locales/{locale}/{catalog}.ts). A browser loads only its locale's
 * catalogs, and only those its pages need: `app` with the first page, `public` with any page but
 * the first, `account` or `admin` with the first page that uses them (each route names its
 * catalogs, src/client/routes.tsx; lingui.config.ts says which words are in which).
 */
export type CatalogName = 'app' | 'public' | 'account' | 'admin';
export const CATALOGS: readonly CatalogName[] = ['app', 'public', 'account', 'admin'];

/**
 * A compiled catalog's module. The server and `npm run dev` import it by its source. A built
 * browser page imports the file its HTML names (the server writes the page's language's files in a
 * JSON block, src/server/http/pages.ts), so the first chunk carries no table of the 35 files of
 * every language (0.8 kB gzip). The build emits each catalog as a chunk of its own (vite.config.ts).
 */
function catalogModule(locale: Locale, name: CatalogName): Promise<{ messages: Messages }> {
  // Outside Vite (the API run from the sources) import.meta.env is not set: the server's way.
  if (typeof import.meta.env === 'undefined' || import.meta.env.SSR || import.meta.env.DEV) {
    return import(`../../locales/${locale}/${name}.ts`);
  }
  const files = JSON.parse(document.getElementById(CATALOG_FILES_ELEMENT_ID)?.textContent ?? '{}') as Record<
    string,
    string | undefined
  >;
  const file = files[name];
  if (!file) return Promise.reject(new Error(`The page names no file for the ${locale} catalog ${name}`));
  return import(/* @vite-ignore */ file);
}

/** One compiled catalog, loaded once per locale and name. */
const imported = new Map<string, Promise<Messages>>();
function importCatalog(locale: Locale, name: CatalogName): Promise<Messages> {
  const key = `${locale}/${name}`;
  let promise = imported.get(key);
  if (!promise) {
    promise = catalogModule(locale, name).then((module) => module.messages);
    // A chunk the network lost is asked for again next time.
    promise.catch(() => imported.delete(key));
    imported.set(key, promise);
  }
  return promise;
}

/** The catalogs an I18n instance already holds (loading one twice would re-render the app). */
const held = new WeakMap<I18n, Set<CatalogName>>();

/** Loads `names` into `i18n` (its locale's), once each. Resolves when all are there. */
export async function loadCatalogs(i18n: I18n, locale: Locale, names: readonly CatalogName[]): Promise<void> {
  let has = held.get(i18n);
  if (!has) held.set(i18n, (has = new Set()));
  const missing = names.filter((name) => !has.has(name));
  if (missing.length === 0) return;
  const catalogs = await Promise.all(missing.map((name) => importCatalog(locale, name)));
  for (const name of missing) has.add(name);
  i18n.load(locale, Object.assign({}, ...catalogs) as Messages);
}

/**
 * The browser's one I18n instance, with the catalogs the first page needs: Lingui's global one, so that `t` from `@lingui/core/macro` in
 * code outside components (toasts, handlers) reads the page's language too. A message without a
 * translation in the loaded catalogs is a bug (a catalog a route forgot to name): it is logged,
 * and the browser journeys fail on console errors.
 */
export async function browserI18nFor(locale: Locale, names: readonly CatalogName[]): Promise<I18n> {
  await loadCatalogs(browserI18n, locale, names);
  browserI18n.activate(locale, [intlLocale(locale)]);
  browserI18n.on('missing', ({ id }) => console.error(`No ${locale} message ${id} in the loaded catalogs`));
  return browserI18n;
}

/** A server render's I18n instance: every client catalog of `locale`, one instance per locale. */
const serverInstances = new Map<Locale, Promise<I18n>>();
export function serverI18nFor(locale: Locale): Promise<I18n> {
  let instance = serverInstances.get(locale);
  if (!instance) {
    instance = (async () => {
      const i18n = setupI18n({ locale, locales: [intlLocale(locale)], messages: { [locale]: {} } });
      await loadCatalogs(i18n, locale, CATALOGS);
      return i18n;
    })();
    instance.catch(() => serverInstances.delete(locale));
    serverInstances.set(locale, instance);
  }
  return instance;
}

const SuggestedLocaleContext = createContext<Locale | undefined>(undefined);

/** The language the English home page offers this visitor, if any (the server chose it). */
export function useSuggestedLocale(): Locale | undefined {
  return useContext(SuggestedLocaleContext);
}

/** The page's locale and its words, for everything under the app's root. */
export function LocaleProvider({
  locale,
  i18n,
  suggestedLocale,
  children,
}: {
  locale: Locale;
  i18n: I18n;
  suggestedLocale?: Locale | undefined;
  children: ReactNode;
}) {
  return (
    <LocaleContext.Provider value={locale}>
      <SuggestedLocaleContext.Provider value={suggestedLocale}>
        <I18nProvider i18n={i18n}>{children}</I18nProvider>
      </SuggestedLocaleContext.Provider>
    </LocaleContext.Provider>
  );
}
