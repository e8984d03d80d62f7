/**
 * The languages Locora speaks: English at `/`, the others under their code as a URL prefix
 * (`/ja/service/{id}`, `/pt-BR/browse`). These codes are what URLs, the account's `language`
 * field, cookies and catalogs use; `intlLocale` is what `Intl` formatters are given.
 */
export const LOCALES = ['en', 'es', 'pt-BR', 'pt-PT', 'ja', 'th', 'id'] as const;
export type Locale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: Locale = 'en';

/** The locales under a URL prefix (every one but English). */
export const PREFIXED_LOCALES = LOCALES.filter((locale) => locale !== DEFAULT_LOCALE);

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * The BCP 47 tag each locale formats dates, numbers and prices with. Thai uses the Gregorian
 * calendar for bookings (a date a traveler from abroad and a Bangkok provider read the same way;
 * Thai apps for bookings and travel do the same), so `th` formats as `th-TH-u-ca-gregory`.
 */
const INTL_TAGS: Record<Locale, string> = {
  en: 'en-US',
  es: 'es',
  'pt-BR': 'pt-BR',
  'pt-PT': 'pt-PT',
  ja: 'ja-JP',
  th: 'th-TH-u-ca-gregory',
  id: 'id-ID',
};

export function intlLocale(locale: Locale): string {
  return INTL_TAGS[locale];
}

/** Each locale's writing direction: a static table, ready for a right-to-left locale later. */
export const LOCALE_DIRECTION: Record<Locale, 'ltr' | 'rtl'> = {
  en: 'ltr',
  es: 'ltr',
  'pt-BR': 'ltr',
  'pt-PT': 'ltr',
  ja: 'ltr',
  th: 'ltr',
  id: 'ltr',
};

/** Each language's name in its own script, for the language menu and the suggestion banner. */
export const LOCALE_NATIVE_NAMES: Record<Locale, string> = {
  en: 'English',
  es: 'Español',
  'pt-BR': 'Português (Brasil)',
  'pt-PT': 'Português (Portugal)',
  ja: '日本語',
  th: 'ไทย',
  id: 'Bahasa Indonesia',
};
