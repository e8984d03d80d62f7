import { localeDateFormat } from '@shared/domain/calendar-date';
import type { Locale } from '@shared/domain/locales';
import { zoneLabel } from '@shared/domain/time';

/**
 * The dates of the payments page in the admin's language (Intl, 'Nov 29, 2026' in English,
 * '2026/11/29' in Japanese) and on the admin's clock, whose zone the page names once
 * ('Lisbon (UTC)', '日本標準時 (UTC+9)').
 */
export interface PaymentDates {
  /** An instant's date. */
  day(iso: string): string;
  /** An instant's date and time. */
  at(iso: string): string;
  /** The zone the dates are in, named in the reader's language with its offset now. */
  zone: string;
}

export function paymentDates(locale: Locale, timeZone: string, now: Date = new Date()): PaymentDates {
  const date = localeDateFormat(locale, { dateStyle: 'medium', timeZone });
  const dateTime = localeDateFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone });
  return {
    day: (iso) => date.format(new Date(iso)),
    at: (iso) => dateTime.format(new Date(iso)),
    zone: zoneLabel(timeZone, now, [], locale),
  };
}
