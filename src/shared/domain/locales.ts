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

/**
 * The offer to read the site in a language, written in that language ("日本語で表示"): the banner
 * on the English home page shows it to a visitor whose browser or last choice asks for it.
 */
export const LOCALE_SUGGESTION: Record<Locale, string> = {
  en: 'View in English',
  es: 'Ver en español',
  'pt-BR': 'Ver em português',
  'pt-PT': 'Ver em português',
  ja: '日本語で表示',
  th: 'ดูเป็นภาษาไทย',
  id: 'Lihat dalam Bahasa Indonesia',
};

/** The cookie that keeps the language a visitor chose in the language menu. */
export const LANGUAGE_COOKIE = 'lang';

/**
 * The locale a browser asks for first among ours (`Accept-Language`), by exact tag, then by
 * language ('pt' and 'pt-AO' read Portuguese as Brazil writes it, unless 'pt-PT'; 'in' is the old
 * code of Indonesian), or undefined when it asks for none of them.
 */
export function preferredLocale(acceptLanguage: string | undefined): Locale | undefined {
  if (!acceptLanguage) return undefined;
  const wanted = acceptLanguage
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim().toLowerCase(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((w) => w.tag && w.q > 0 && !Number.isNaN(w.q))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of wanted) {
    const exact = LOCALES.find((locale) => locale.toLowerCase() === tag);
    if (exact) return exact;
    const language = tag.split('-')[0];
    if (language === 'pt') return 'pt-BR';
    if (language === 'in') return 'id';
    const byLanguage = LOCALES.find((locale) => locale === language);
    if (byLanguage) return byLanguage;
  }
  return undefined;
}

/** The id of the JSON block in which a server-rendered page names its language's catalog files. */
export const CATALOG_FILES_ELEMENT_ID = 'locora-catalogs';
