import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from './locales.ts';

/**
 * The locale in a URL (docs/decisions/055-languages.md): English at `/`, every other locale under
 * its code as the first segment (`/ja/service/{id}`, `/pt-BR/browse`). The app's own paths are
 * the same in every language; the prefix is React Router's basename.
 */

/** The path prefix of `locale`: '' for English, '/ja' for Japanese. */
export function localeBasename(locale: Locale): string {
  return locale === DEFAULT_LOCALE ? '' : `/${locale}`;
}

/**
 * The locale of a URL's pathname and the app path under it: '/ja/browse' -> ja, '/browse';
 * '/ja' -> ja, '/'; '/browse' -> en, '/browse'. Only the exact codes count ('/JA/browse' and
 * '/en/browse' are English paths, so a 404).
 */
export function splitLocalePath(pathname: string): { locale: Locale; path: string } {
  const match = /^\/([^/]+)(\/.*)?$/.exec(pathname);
  const first = match?.[1];
  if (first && first !== DEFAULT_LOCALE && isLocale(first)) return { locale: first, path: match?.[2] ?? '/' };
  return { locale: DEFAULT_LOCALE, path: pathname };
}

/** An app path ('/browse?q=yoga') in `locale`: '/ja/browse?q=yoga'; the home page of ja is '/ja'. */
export function localizedPath(locale: Locale, path: string): string {
  const base = localeBasename(locale);
  if (!base) return path;
  return path === '/'
    ? base
    : path.startsWith('/?') || path.startsWith('/#')
      ? `${base}${path.slice(1)}`
      : `${base}${path}`;
}

/** Every locale's URL of the same app path, for `hreflang` alternates and the sitemaps. */
export function alternatePaths(path: string): { locale: Locale; path: string }[] {
  return LOCALES.map((locale) => ({ locale, path: localizedPath(locale, path) }));
}
