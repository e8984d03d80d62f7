import type { EuroRates } from '../../../../shared/domain/exchange-rates.ts';

/**
 * The demo data's dated set of rates (decision 049): the European Central Bank's euro reference
 * rates of 21 October 2025 for our currencies, stored with that date. Prices sort and filter by
 * them from the first start; the job runner replaces them with the latest publication as soon as
 * it can reach the feed. Offline, they are more than 4 days old, so no estimate is shown from them.
 */
export const DEMO_EXCHANGE_RATES: EuroRates = {
  date: '2025-10-21',
  perEuro: { USD: '1.1607', JPY: '176.45', THB: '38.071', IDR: '19272.67', MXN: '21.4006', BRL: '6.2526' },
};
