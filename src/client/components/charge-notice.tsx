import { Trans } from '@lingui/react/macro';
import type { CurrencyCode } from '@shared/domain/currency';
import { formatMoney } from '@shared/domain/pricing';
import { useCurrencyView } from '@/lib/currency-view';
import { useLocale } from '@/lib/locale';
import { cn } from '@/lib/utils';
import { PriceEstimate } from './price-estimate';

/**
 * What a traveler pays, said plainly where they pay or look back at it (checkout, the receipt,
 * the booking page): "You will be charged ¥8,400. Your bank may convert it." with the estimate in
 * their display currency; the second sentence is left out only for a reader whose display
 * currency is the charge's own.
 */
export function ChargeNotice({
  amount,
  currency,
  className,
}: {
  amount: number;
  currency: CurrencyCode;
  className?: string;
}) {
  const locale = useLocale();
  const view = useCurrencyView();
  const isOwnCurrency = view?.displayCurrency === currency;
  const price = formatMoney(amount, currency, locale);
  return (
    <p data-testid="charge-notice" className={cn('text-sm text-muted-foreground', className)}>
      <Trans>You will be charged {price}.</Trans>
      {!isOwnCurrency && (
        <>
          {' '}
          <Trans>Your bank may convert it.</Trans> <PriceEstimate amount={amount} currency={currency} />
        </>
      )}
    </p>
  );
}
