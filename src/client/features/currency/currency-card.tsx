import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { isDisplayCurrency } from '@shared/domain/display-currency';
import { useCurrencyOptions } from '@/components/currency-select';
import { Card, CardContent } from '@/components/ui/card';
import { CardDescription, CardHeader, CardTitle } from '@/components/ui/card-parts';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { useSaveDisplayCurrency } from '@/lib/currency-choice';
import { useCurrencyView } from '@/lib/currency-view';

/** The value of "my browser's region" in the select (the account's choice is cleared). */
const BROWSER_REGION = 'browser-region';

/** Settings: the currency estimates are shown in (decision 049), kept on the account. */
export function CurrencyCard() {
  const { t } = useLingui();
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
      .then(() => toast({ title: t`Currency saved` }))
      .catch(() =>
        toast({ variant: 'destructive', title: t`Could not save your currency`, description: t`Please try again.` }),
      )
      .finally(() => setChoosing(undefined));
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>
            <Trans>Currency</Trans>
          </h2>
        </CardTitle>
        <CardDescription>
          <Trans>
            Providers are paid, and you are charged, in the provider’s own currency. Beside each price we show an
            estimate in the currency you choose here, at the European Central Bank’s daily rate.
          </Trans>
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-2">
        <Label htmlFor="display-currency">
          <Trans>Show estimates in</Trans>
        </Label>
        {view ? (
          <NativeSelect
            id="display-currency"
            wrapperClassName="max-w-sm"
            value={value}
            disabled={choosing !== undefined}
            onValueChange={choose}
          >
            <option value={BROWSER_REGION}>{t`My browser’s region`}</option>
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
