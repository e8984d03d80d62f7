import { Trans, useLingui } from '@lingui/react/macro';
import type { CurrencyCode } from '@shared/domain/currency';
import { formatCalendarDateForDisplay } from '@shared/domain/calendar-date';
import type { Locale } from '@shared/domain/locales';
import { formatMoney } from '@shared/domain/pricing';
import { useCurrencyView, useEstimate, type Estimate } from '@/lib/currency-view';
import { useLocale } from '@/lib/locale';
import { cn } from '@/lib/utils';

function rateDateText(estimate: Estimate, locale: Locale) {
  return formatCalendarDateForDisplay(estimate.rateDate, locale);
}

/**
 * '≈ R$ 245' beside a price in another currency, in the reader's display currency; nothing when
 * the price is already in it or no usable rates are known. The rate's day is in the markup (a
 * `<time>` read to screen readers, and the title); `showRateDate` also writes it out.
 */
export function PriceEstimate({
  amount,
  currency,
  showRateDate = false,
  className,
}: {
  amount: number;
  currency: CurrencyCode;
  showRateDate?: boolean;
  className?: string;
}) {
  const estimate = useEstimate(amount, currency);
  const locale = useLocale();
  const { t } = useLingui();
  if (!estimate) return null;
  const rateDate = rateDateText(estimate, locale);
  const note = t`Estimate at the European Central Bank’s rate of ${rateDate}`;
  return (
    <span
      data-testid="price-estimate"
      data-rate-date={estimate.rateDate}
      title={note}
      className={cn('text-sm text-muted-foreground', className)}
    >
      <span className="whitespace-nowrap">{estimate.text}</span>
      <span className={showRateDate ? 'block text-xs' : 'sr-only'}>
        {showRateDate ? '' : ' ('}
        <Trans>
          Estimate at the European Central Bank’s rate of <time dateTime={estimate.rateDate}>{rateDate}</time>
        </Trans>
        {showRateDate ? '' : ')'}
      </span>
    </span>
  );
}

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
