import { useState } from 'react';
import { ChevronDown, Coins } from 'lucide-react';
import type { CurrencyCode } from '@shared/domain/currency';
import { currencyName, DISPLAY_CURRENCIES, isDisplayCurrency } from '@shared/domain/display-currency';
import { intlLocale } from '@shared/domain/locales';
import { toast } from '@/components/ui/use-toast';
import { useAuth } from '@/lib/auth-context';
import { useCurrencyView, useSaveDisplayCurrency } from '@/lib/currency-view';
import { useKeepTypedValue } from '@/lib/keep-typed-value';
import { useLocale } from '@/lib/locale';
import { cn } from '@/lib/utils';

/** The words of the currency menus, in one place. */
export const CURRENCY_MENU_TEXT = {
  label: 'Currency',
  choose: 'Choose a currency',
  saveFailed: 'Could not change your currency',
  tryAgain: 'Please try again.',
};

/** Each currency by its name in the reader's words, then its code: 'Brazilian Real (BRL)'. */
export function useCurrencyOptions(): { value: CurrencyCode; label: string }[] {
  const tag = intlLocale(useLocale());
  return DISPLAY_CURRENCIES.map((currency) => ({
    value: currency,
    label: `${currencyName(currency, tag)} (${currency})`,
  }));
}

/**
 * The header's currency menu (decision 049): the code of the reader's display currency, over a
 * native select listing every currency by name. The server renders it with the currency in force,
 * and a choice made before hydration is kept. A choice goes to the account when signed in, and to
 * the `currency` cookie either way (a guest's only record), and every estimate on screen follows.
 */
export function CurrencyMenu({ className }: { className?: string }) {
  const view = useCurrencyView();
  const { user } = useAuth();
  const save = useSaveDisplayCurrency();
  const options = useCurrencyOptions();
  const [pending, setPending] = useState<CurrencyCode | null>(null);
  const current = pending ?? view?.displayCurrency ?? null;
  const choose = (value: string) => {
    if (!isDisplayCurrency(value) || value === current) return;
    setPending(value);
    save(value, Boolean(user))
      .catch(() =>
        toast({
          title: CURRENCY_MENU_TEXT.saveFailed,
          description: CURRENCY_MENU_TEXT.tryAgain,
          variant: 'destructive',
        }),
      )
      .finally(() => setPending(null));
  };
  const keepChosen = useKeepTypedValue<HTMLSelectElement>(current ?? '', (value) => choose(value));
  return (
    <div
      data-testid="currency-menu"
      className={cn(
        'relative inline-flex h-9 items-center gap-1 rounded-md px-2 text-sm font-medium text-muted-foreground transition-colors focus-within:ring-[3px] focus-within:ring-ring/60 hover:bg-accent hover:text-accent-foreground',
        className,
      )}
    >
      <Coins className="size-4" aria-hidden="true" />
      <span aria-hidden="true" data-testid="currency-menu-code">
        {current ?? ''}
      </span>
      <ChevronDown className="size-3.5" aria-hidden="true" />
      <select
        ref={keepChosen}
        aria-label={CURRENCY_MENU_TEXT.label}
        title={CURRENCY_MENU_TEXT.label}
        value={current ?? ''}
        onChange={(event) => choose(event.target.value)}
        className="absolute inset-0 size-full cursor-pointer appearance-none opacity-0 [&>option]:bg-popover [&>option]:text-popover-foreground"
      >
        {!current && (
          <option value="" disabled>
            {CURRENCY_MENU_TEXT.choose}
          </option>
        )}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
