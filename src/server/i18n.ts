import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { intlLocale, LOCALES, type Locale } from '../shared/domain/locales.ts';
import { messages as en } from './locales/en.ts';
import { messages as es } from './locales/es.ts';
import { messages as id } from './locales/id.ts';
import { messages as ja } from './locales/ja.ts';
import { messages as ptBR } from './locales/pt-BR.ts';
import { messages as ptPT } from './locales/pt-PT.ts';
import { messages as th } from './locales/th.ts';

/**
 * The server's words in each language (decision 055): emails, calendar feeds and the API's
 * messages, from the `server` catalog (src/server/locales/). One I18n instance per locale, made once:
 * code that writes for a reader takes `i18nFor(theirLocale)` and translates with
 * `i18n._(msg\`…\`)` (`msg` from @lingui/core/macro), never Lingui's global instance (a server
 * writes for many readers at once).
 */
const CATALOGS: Record<Locale, Messages> = { en, es, 'pt-BR': ptBR, 'pt-PT': ptPT, ja, th, id };

const instances = new Map<Locale, I18n>(
  LOCALES.map((locale) => [
    locale,
    setupI18n({ locale, locales: [intlLocale(locale)], messages: { [locale]: CATALOGS[locale] } }),
  ]),
);

export function i18nFor(locale: Locale): I18n {
  return instances.get(locale)!;
}
