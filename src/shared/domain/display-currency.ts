/**
 * The currency a traveler reads estimates in (decision 049): the one they chose (kept on the
 * account as `displayCurrency`, and in a cookie for guests), else the one of the region their
 * browser's language names (`pt-BR` → BRL, `de-AT` → EUR), else none: each price is then shown in
 * its own currency only.
 */
import { CURRENCIES, isCurrencyCode, type CurrencyCode } from './currency.ts';
import { displayName } from './display-names.ts';

/** The cookie a guest's choice is kept in (the header's currency menu writes it). */
export const DISPLAY_CURRENCY_COOKIE = 'currency';

export { CURRENCIES as DISPLAY_CURRENCIES, isCurrencyCode as isDisplayCurrency };

/** The currency of a price filter sent without one by someone with no display currency: the API's first one. */
export const FALLBACK_FILTER_CURRENCY: CurrencyCode = 'USD';

/**
 * The currency of each region (ISO 3166-1 alpha-2) whose currency Locora shows: the euro area and
 * the places that use the euro, the United States and the places that use its dollar, and the
 * countries of our other cities.
 */
const REGION_CURRENCY: Record<string, CurrencyCode> = {
  // The euro area, and the places that use the euro by agreement or by practice.
  ...Object.fromEntries(
    [
      'AT',
      'BE',
      'HR',
      'CY',
      'EE',
      'FI',
      'FR',
      'DE',
      'GR',
      'IE',
      'IT',
      'LV',
      'LT',
      'LU',
      'MT',
      'NL',
      'PT',
      'SK',
      'SI',
      'ES',
      'AD',
      'MC',
      'SM',
      'VA',
      'ME',
      'XK',
      'GF',
      'GP',
      'MQ',
      'RE',
      'YT',
      'PM',
      'BL',
      'MF',
      'AX',
    ].map((region) => [region, 'EUR' as const]),
  ),
  // The United States, its territories, and the countries whose currency is the US dollar.
  ...Object.fromEntries(
    ['US', 'PR', 'GU', 'VI', 'AS', 'MP', 'UM', 'EC', 'SV', 'PA', 'TL', 'FM', 'MH', 'PW', 'BQ', 'TC', 'VG'].map(
      (region) => [region, 'USD' as const],
    ),
  ),
  JP: 'JPY',
  TH: 'THB',
  ID: 'IDR',
  MX: 'MXN',
  BR: 'BRL',
};

/** The currency of a region, or null when Locora does not show its currency. */
export function currencyOfRegion(region: string): CurrencyCode | null {
  return REGION_CURRENCY[region.toUpperCase()] ?? null;
}

/** The region a language tag names, or the one its language is most likely written in ('ja' → JP). */
function regionOfLanguageTag(tag: string): string | null {
  try {
    const locale = new Intl.Locale(tag);
    return locale.region ?? locale.maximize().region ?? null;
  } catch {
    return null;
  }
}

/**
 * The browser's preferred language from an `Accept-Language` header: the range with the highest
 * weight (the first among equals), '*' and malformed ranges left out.
 */
export function preferredLanguageTag(acceptLanguage: string | undefined): string | null {
  if (!acceptLanguage) return null;
  let best: { tag: string; weight: number } | null = null;
  for (const part of acceptLanguage.split(',').slice(0, 20)) {
    const [range = '', ...params] = part.trim().split(';');
    const tag = range.trim();
    if (!/^[A-Za-z]{1,8}(?:-[A-Za-z0-9]{1,8})*$/.test(tag)) continue;
    const q = params.map((p) => /^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$/.exec(p)).find(Boolean);
    const weight = q ? Number(q[1]) : 1;
    if (weight > 0 && (!best || weight > best.weight)) best = { tag, weight };
  }
  return best?.tag ?? null;
}

/** The default display currency for a browser: its preferred language's region's; null when none. */
export function currencyFromAcceptLanguage(acceptLanguage: string | undefined): CurrencyCode | null {
  const tag = preferredLanguageTag(acceptLanguage);
  const region = tag ? regionOfLanguageTag(tag) : null;
  return region ? currencyOfRegion(region) : null;
}

/** Where a traveler's display currency came from. */
export type DisplayCurrencySource = 'account' | 'cookie' | 'language';

/** The display currency in force: the account's choice, else the guest's cookie, else the language's region. */
export function resolveDisplayCurrency(input: {
  account?: string | null | undefined;
  cookie?: string | undefined;
  acceptLanguage?: string | undefined;
}): { currency: CurrencyCode; source: DisplayCurrencySource } | null {
  if (isCurrencyCode(input.account)) return { currency: input.account, source: 'account' };
  if (isCurrencyCode(input.cookie)) return { currency: input.cookie, source: 'cookie' };
  const fromLanguage = currencyFromAcceptLanguage(input.acceptLanguage);
  return fromLanguage ? { currency: fromLanguage, source: 'language' } : null;
}

/** A currency's name in a locale's words ('Brazilian real'), for menus. */
export function currencyName(currency: CurrencyCode, intlTag: string): string {
  return displayName(intlTag, 'currency', currency) ?? currency;
}
