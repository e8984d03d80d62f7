import { useState } from 'react';
import { useLocation } from 'react-router';
import { X } from '@/components/icons';
import { useLingui } from '@lingui/react/macro';
import { DEFAULT_LOCALE, LOCALE_SUGGESTION } from '@shared/domain/locales';
import { localizedPath } from '@shared/domain/locale-path';
import { Button } from '@/components/ui/button';
import { useSuggestedLocale } from '@/lib/i18n';
import { useLocale } from '@/lib/locale';
import { rememberLanguage } from './language-menu';

/**
 * On the English home page, an offer to read Locora in the visitor's language, named in that
 * language ("日本語で表示"): the server picked it from their last choice or their browser's
 * languages. Never a redirect; closing it keeps English (remembered).
 */
export function LanguageBanner() {
  const { t } = useLingui();
  const suggested = useSuggestedLocale();
  const locale = useLocale();
  const { pathname } = useLocation();
  const [isDismissed, setIsDismissed] = useState(false);
  if (!suggested || locale !== DEFAULT_LOCALE || pathname !== '/' || isDismissed) return null;
  return (
    <div role="region" aria-label={t`Language`} className="border-b bg-accent text-accent-foreground">
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-2 px-4 py-2 sm:px-6 lg:px-8">
        <a
          href={localizedPath(suggested, '/')}
          hrefLang={suggested}
          lang={suggested}
          onClick={() => rememberLanguage(suggested)}
          className="text-sm font-medium underline underline-offset-4"
        >
          {LOCALE_SUGGESTION[suggested]}
        </a>
        <Button
          variant="ghost"
          size="icon"
          aria-label={t`Keep English`}
          title={t`Keep English`}
          onClick={() => {
            rememberLanguage(DEFAULT_LOCALE);
            setIsDismissed(true);
          }}
        >
          <X className="size-4" aria-hidden="true" />
        </Button>
      </div>
    </div>
  );
}
