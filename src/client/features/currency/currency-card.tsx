import { useState } from 'react';
import { isDisplayCurrency } from '@shared/domain/display-currency';
import { useCurrencyOptions } from '@/components/currency-select';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { useSaveDisplayCurrency } from '@/lib/currency-choice';
import { useCurrencyView } from '@/lib/currency-view';

/** The value of "my browser's region" in the select (the account's choice is cleared). */
const BROWSER_REGION = 'browser-region';

export const CURRENCY_CARD_TEXT = {
  title: 'Currency',
  description:
    'Providers are paid, and you are charged, in the provider’s own currency. Beside each price we show an estimate in the currency you choose here, at the European Central Bank’s daily rate.',
  label: 'Show estimates in',
  browserRegion: 'My browser’s region',
  saved: 'Currency saved',
  failed: 'Could not save your currency',
  tryAgain: 'Please try again.',
};

/** Settings: the currency estimates are shown in (decision 049), kept on the account. */
export function CurrencyCard() {
  const view = useCurrencyView();
  const options = useCurrencyOptions();
  const save = useSaveDisplayCurrency();
  const [choosing, setChoosing] = useState<string>();
  const saved = view?.source === 'account' && view.displayCurrency ? view.displayCurrency : BROWSER_REGION;
  const value = choosing ?? saved;
  const choose = (next: string) => {
    if (next === value) return;
    setChoosing(next);
    save(isDisplayCurrency(next) ? next : null, true)
      .then(() => toast({ title: CURRENCY_CARD_TEXT.saved }))
      .catch(() =>
        toast({ variant: 'destructive', title: CURRENCY_CARD_TEXT.failed, description: CURRENCY_CARD_TEXT.tryAgain }),
      )
      .finally(() => setChoosing(undefined));
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>{CURRENCY_CARD_TEXT.title}</h2>
        </CardTitle>
        <CardDescription>{CURRENCY_CARD_TEXT.description}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-2">
        <Label htmlFor="display-currency">{CURRENCY_CARD_TEXT.label}</Label>
        {view ? (
          <NativeSelect
            id="display-currency"
            wrapperClassName="max-w-sm"
            value={value}
            disabled={choosing !== undefined}
            onValueChange={choose}
          >
            <option value={BROWSER_REGION}>{CURRENCY_CARD_TEXT.browserRegion}</option>
            {options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </NativeSelect>
        ) : (
          <Skeleton className="h-10 w-full max-w-sm" />
        )}
      </CardContent>
    </Card>
  );
}
