/*
 * GET /api/currency: the display currency in force for the one asking, and the reference rates
 * estimates may use (decision 049). zod/mini, so the page's first chunk can check it.
 */
import * as z from 'zod/mini';
import { CURRENCIES } from '../domain/currency.ts';

export const euroRatesSchema = z.object({
  /** The day the ECB published the rates for ('yyyy-MM-dd'). */
  date: z.string(),
  /** Units of each currency per euro, as the ECB wrote them ('176.45'); the euro is 1. */
  perEuro: z.record(z.string(), z.string()),
});

export const currencyViewSchema = z.object({
  /** The currency estimates are shown in; null: none (each price only in its own currency). */
  displayCurrency: z.nullable(z.enum(CURRENCIES)),
  /** Where it came from: the account's choice, the guest's cookie, or the browser's language. */
  source: z.nullable(z.enum(['account', 'cookie', 'language'])),
  /** The rates estimates use; null when none are stored or the latest are more than 4 days old. */
  rates: z.nullable(euroRatesSchema),
});
export type CurrencyView = z.infer<typeof currencyViewSchema>;
