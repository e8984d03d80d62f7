import { createContext, useContext } from 'react';
import { DEFAULT_LOCALE, type Locale } from '@shared/domain/locales';

/**
 * The reader's locale, for every formatter on screen (prices, dates, zone names): the page's
 * locale, which the server and the browser both read from the URL (English at `/`, the others
 * under their prefix), so the server's HTML and the hydrated page agree. Screens call
 * `useLocale()`; only the app's root provides it.
 */
export const LocaleContext = createContext<Locale>(DEFAULT_LOCALE);

export function useLocale(): Locale {
  return useContext(LocaleContext);
}
