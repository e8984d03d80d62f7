import { useState } from 'react';
import type { CurrencyCode } from '@shared/domain/currency';
import { currencyName, DISPLAY_CURRENCIES, isDisplayCurrency } from '@shared/domain/display-currency';
import { intlLocale } from '@shared/domain/locales';
import { toast } from '@/components/ui/use-toast';
import { useAuth } from '@/lib/auth-context';
import { useSaveDisplayCurrency } from '@/lib/currency-choice';
import { useLocale } from '@/lib/locale';
import { useLingui } from '@lingui/react/macro';

/** The words of the currency menus, in one place, in the reader's language. */
export function useCurrencyMenuText() {
  const { t } = useLingui();
  return {
    label: t`Currency`,
    choose: t`Choose a currency`,
    saveFailed: t`Could not change your currency`,
    tryAgain: t`Please try again.`,
  };
}

/** Each currency by its name in the reader's words, then its code: 'Brazilian Real (BRL)'. */
export function useCurrencyOptions(): { value: CurrencyCode; label: string }[] {
  const tag = intlLocale(useLocale());
  return DISPLAY_CURRENCIES.map((currency) => ({
    value: currency,
    label: `${currencyName(currency, tag)} (${currency})`,
  }));
}

/**
 * The header menu's native select, laid invisibly over its label (currency-menu.tsx) once the page
 * is live: it lists every currency by name, and a choice goes to the account when signed in and to
 * the `currency` cookie either way (a guest's only record); every estimate on screen follows.
 */
export function CurrencySelect({
  current,
  onPending,
}: {
  current: CurrencyCode | null;
  onPending: (currency: CurrencyCode | null) => void;
}) {
  const { user } = useAuth();
  const save = useSaveDisplayCurrency();
  const options = useCurrencyOptions();
  const text = useCurrencyMenuText();
  const [busy, setBusy] = useState(false);
  const choose = (value: string) => {
    if (!isDisplayCurrency(value) || value === current || busy) return;
    setBusy(true);
    onPending(value);
    save(value, Boolean(user))
      .catch(() =>
        toast({
          title: text.saveFailed,
          description: text.tryAgain,
          variant: 'destructive',
        }),
      )
      .finally(() => {
        setBusy(false);
        onPending(null);
      });
  };
  return (
    <select
      aria-label={text.label}
      title={text.label}
      value={current ?? ''}
      onChange={(event) => choose(event.target.value)}
      className="absolute inset-0 size-full cursor-pointer appearance-none opacity-0 [&>option]:bg-popover [&>option]:text-popover-foreground"
    >
      {!current && (
        <option value="" disabled>
          {text.choose}
        </option>
      )}
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}
