import { Trans, useLingui } from '@lingui/react/macro';
import type { CurrencyCode } from '@shared/domain/currency';
import { formatCalendarDateForDisplay } from '@shared/domain/calendar-date';
import type { Locale } from '@shared/domain/locales';
import { useEstimate, type Estimate } from '@/lib/currency-view';
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

export { ChargeNotice } from './charge-notice';
