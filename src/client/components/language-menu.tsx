import { useId } from 'react';
import { useLocation } from 'react-router';
import { Languages } from '@/components/icons';
import { useLingui } from '@lingui/react/macro';
import { LANGUAGE_COOKIE, LOCALE_NATIVE_NAMES, LOCALES, isLocale, type Locale } from '@shared/domain/locales';
import { localizedPath } from '@shared/domain/locale-path';
import { apiRequest } from '@/lib/api';
import { useAuth } from '@/lib/auth-context';
import { useLocale } from '@/lib/locale';
import { cn } from '@/lib/utils';

/** Remembers a visitor's language for a year (the home page's suggestion reads it). */
export function rememberLanguage(locale: Locale) {
  document.cookie = `${LANGUAGE_COOKIE}=${locale}; path=/; max-age=31536000; samesite=lax`;
}

/**
 * Opens the same page in `locale`: the account keeps the choice (its emails follow it), the
 * browser remembers it, and the page loads again under the locale's prefix, rendered in it.
 */
export async function switchLanguage(locale: Locale, appPath: string, signedIn: boolean) {
  rememberLanguage(locale);
  if (signedIn) {
    // The page changes language either way; the account's choice is kept when the API answers.
    await apiRequest('PATCH', '/api/account/profile', { language: locale }).catch(() => undefined);
  }
  window.location.assign(localizedPath(locale, appPath));
}

/** The language menu: every language Locora speaks, each named in its own script. */
export function LanguageMenu({ className, showLabel = false }: { className?: string; showLabel?: boolean }) {
  const { t } = useLingui();
  const locale = useLocale();
  const { user } = useAuth();
  const location = useLocation();
  const id = useId();
  return (
    <div className={cn('relative flex items-center gap-2', className)}>
      <label htmlFor={id} className={showLabel ? 'text-sm font-medium' : 'sr-only'}>
        {t`Language`}
      </label>
      {!showLabel && (
        <Languages className="pointer-events-none absolute start-2.5 size-4 text-muted-foreground" aria-hidden="true" />
      )}
      <select
        id={id}
        value={locale}
        onChange={(event) => {
          const next = event.target.value;
          if (isLocale(next) && next !== locale)
            void switchLanguage(next, `${location.pathname}${location.search}${location.hash}`, Boolean(user));
        }}
        className={cn(
          'h-9 cursor-pointer rounded-md border border-input bg-background pe-2 text-sm outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/60 [field-sizing:content]',
          showLabel ? 'ps-2' : 'ps-8',
        )}
      >
        {LOCALES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LOCALE_NATIVE_NAMES[code]}
          </option>
        ))}
      </select>
    </div>
  );
}
