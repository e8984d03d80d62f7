import { DEFAULT_LOCALE, intlLocale, type Locale } from './locales.ts';

/**
 * The languages a provider can list on their profile (PATCH /api/provider/me checks against this
 * list; the profile editor offers it). Stored by their English names; shown in the reader's
 * language (languageName).
 */
export const KNOWN_LANGUAGES = [
  'Afrikaans',
  'Albanian',
  'Amharic',
  'Arabic',
  'Armenian',
  'Balinese',
  'Basque',
  'Bengali',
  'Bulgarian',
  'Burmese',
  'Cantonese',
  'Catalan',
  'Croatian',
  'Czech',
  'Danish',
  'Dutch',
  'English',
  'Estonian',
  'Filipino',
  'Finnish',
  'French',
  'Galician',
  'Georgian',
  'German',
  'Greek',
  'Gujarati',
  'Hebrew',
  'Hindi',
  'Hungarian',
  'Icelandic',
  'Indonesian',
  'Irish',
  'Italian',
  'Japanese',
  'Kannada',
  'Khmer',
  'Korean',
  'Lao',
  'Latvian',
  'Lithuanian',
  'Malay',
  'Malayalam',
  'Maltese',
  'Mandarin',
  'Marathi',
  'Mongolian',
  'Nepali',
  'Norwegian',
  'Persian',
  'Polish',
  'Portuguese',
  'Punjabi',
  'Romanian',
  'Russian',
  'Serbian',
  'Sinhala',
  'Slovak',
  'Slovenian',
  'Spanish',
  'Swahili',
  'Swedish',
  'Tamil',
  'Telugu',
  'Thai',
  'Turkish',
  'Ukrainian',
  'Urdu',
  'Vietnamese',
  'Welsh',
  'Zulu',
] as const;
export type KnownLanguage = (typeof KNOWN_LANGUAGES)[number];

const KNOWN = new Set<string>(KNOWN_LANGUAGES);

export function isKnownLanguage(value: string): value is KnownLanguage {
  return KNOWN.has(value);
}

/** At most this many languages on one profile. */
export const MAX_PROFILE_LANGUAGES = 20;

/** Each language's BCP 47 code, for its name in the reader's language. */
const LANGUAGE_CODES: Record<KnownLanguage, string> = {
  Afrikaans: 'af',
  Albanian: 'sq',
  Amharic: 'am',
  Arabic: 'ar',
  Armenian: 'hy',
  Balinese: 'ban',
  Basque: 'eu',
  Bengali: 'bn',
  Bulgarian: 'bg',
  Burmese: 'my',
  Cantonese: 'yue',
  Catalan: 'ca',
  Croatian: 'hr',
  Czech: 'cs',
  Danish: 'da',
  Dutch: 'nl',
  English: 'en',
  Estonian: 'et',
  Filipino: 'fil',
  Finnish: 'fi',
  French: 'fr',
  Galician: 'gl',
  Georgian: 'ka',
  German: 'de',
  Greek: 'el',
  Gujarati: 'gu',
  Hebrew: 'he',
  Hindi: 'hi',
  Hungarian: 'hu',
  Icelandic: 'is',
  Indonesian: 'id',
  Irish: 'ga',
  Italian: 'it',
  Japanese: 'ja',
  Kannada: 'kn',
  Khmer: 'km',
  Korean: 'ko',
  Lao: 'lo',
  Latvian: 'lv',
  Lithuanian: 'lt',
  Malay: 'ms',
  Malayalam: 'ml',
  Maltese: 'mt',
  Mandarin: 'cmn',
  Marathi: 'mr',
  Mongolian: 'mn',
  Nepali: 'ne',
  Norwegian: 'no',
  Persian: 'fa',
  Polish: 'pl',
  Portuguese: 'pt',
  Punjabi: 'pa',
  Romanian: 'ro',
  Russian: 'ru',
  Serbian: 'sr',
  Sinhala: 'si',
  Slovak: 'sk',
  Slovenian: 'sl',
  Spanish: 'es',
  Swahili: 'sw',
  Swedish: 'sv',
  Tamil: 'ta',
  Telugu: 'te',
  Thai: 'th',
  Turkish: 'tr',
  Ukrainian: 'uk',
  Urdu: 'ur',
  Vietnamese: 'vi',
  Welsh: 'cy',
  Zulu: 'zu',
};

const languageNames = new Map<Locale, Intl.DisplayNames>();

/**
 * Names browsers' language data lacks (Chromium's has no Balinese in any of our languages, which
 * Node's full ICU has): written here, so that the server's page and the browser that hydrates it
 * show the same word, from the same CLDR names.
 */
const OWN_NAMES: Partial<Record<KnownLanguage, Partial<Record<Locale, string>>>> = {
  Balinese: { es: 'balinés', 'pt-BR': 'balinês', 'pt-PT': 'balinês', ja: 'バリ語', th: 'บาหลี', id: 'Bali' },
};

/**
 * A profile's language in the reader's language, capitalised as a label ('Japanese'; 'Japonés',
 * '日本語', 'ภาษาญี่ปุ่น'): the stored English name in English, and a name Locora does not know as
 * it was stored.
 */
export function languageName(name: string, locale: Locale): string {
  if (locale === DEFAULT_LOCALE || !isKnownLanguage(name)) return name;
  let names = languageNames.get(locale);
  if (!names) {
    names = new Intl.DisplayNames([intlLocale(locale)], { type: 'language', fallback: 'none' });
    languageNames.set(locale, names);
  }
  const shown = OWN_NAMES[name]?.[locale] ?? names.of(LANGUAGE_CODES[name]);
  if (!shown) return name;
  return shown.charAt(0).toLocaleUpperCase(intlLocale(locale)) + shown.slice(1);
}
