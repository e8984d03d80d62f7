import type { FastifyRequest } from 'fastify';
import { DEFAULT_LOCALE, isLocale, preferredLocale, type Locale } from '../../shared/domain/locales.ts';

/** The header the app sends with every API call: the language of the page it is on. */
export const LOCALE_HEADER = 'x-locale';

/**
 * The language of the person asking, for the words the API writes for them (error messages, an
 * email written before any account is read): the app sends its page's language in `X-Locale`
 * with every call (src/client/lib/api.ts; `Accept-Language` stays the browser's, which the display
 * currency reads); other clients get the language of their `Accept-Language`, else English.
 */
export function requestLocale(request: Pick<FastifyRequest, 'headers'>): Locale {
  const sent = request.headers[LOCALE_HEADER];
  if (isLocale(sent)) return sent;
  return preferredLocale(request.headers['accept-language']) ?? DEFAULT_LOCALE;
}
