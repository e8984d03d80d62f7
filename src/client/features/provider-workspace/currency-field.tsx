import { useLingui } from '@lingui/react/macro';
import type { MyProvider } from '@shared/api/providers';
import { CURRENCIES, isCurrencyCode, type CurrencyCode } from '@shared/domain/currency';
import { currencyName } from '@shared/domain/display-currency';
import { intlLocale } from '@shared/domain/locales';
import { FormField } from '@/components/form-field';
import { NativeSelect } from '@/components/ui/native-select';
import { useLocale } from '@/lib/locale';

/**
 * The provider's currency on the Profile tab (decision 047): what their new prices are set in and
 * their payouts are paid in. It can be chosen only while nothing is in flight in it and no
 * payouts account decides it; otherwise it is shown, with the server's reason why it cannot
 * change.
 */
export function CurrencyField({
  id,
  provider,
  value,
  onChange,
  error,
}: {
  id: string;
  provider: Pick<MyProvider, 'currency' | 'currencyLockedReason'>;
  value: CurrencyCode;
  onChange: (currency: CurrencyCode) => void;
  error?: string | undefined;
}) {
  const { t } = useLingui();
  const tag = intlLocale(useLocale());
  const locked = provider.currencyLockedReason;
  const help = `${id}-help`;
  return (
    <FormField id={id} label={t`Currency`} error={error}>
      <NativeSelect
        id={id}
        value={value}
        disabled={!!locked}
        aria-describedby={error ? `${id}-error ${help}` : help}
        {...(error ? { 'aria-invalid': true as const } : {})}
        onChange={(e) => isCurrencyCode(e.target.value) && onChange(e.target.value)}
      >
        {CURRENCIES.map((c) => (
          <option key={c} value={c}>
            {`${currencyName(c, tag)} (${c})`}
          </option>
        ))}
      </NativeSelect>
      <p id={help} className="text-sm text-muted-foreground">
        {locked ??
          t`Your new prices are set in this currency, and your payouts are paid in it. Prices you set before keep their own currency until you change them.`}
      </p>
    </FormField>
  );
}
