import type { CurrencyCode } from '@shared/domain/currency';
import { formatMoney } from '@shared/domain/pricing';
import { useLocale } from '@/lib/locale';

/** An amount in minor units of its currency, written as the reader's locale writes it ('¥8,000', 'R$ 245,90'). */
export function Money({ amount, currency }: { amount: number; currency: CurrencyCode }) {
  return <>{formatMoney(amount, currency, useLocale())}</>;
}
