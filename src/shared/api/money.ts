// Money in responses, in zod/mini (the browser checks responses without the full zod runtime; see
// catalog-responses.ts): a currency is a capital ISO 4217 code of the currency table, an amount an
// integer in that currency's minor unit (decision 047).
import * as z from 'zod/mini';
import { CURRENCIES } from '../domain/currency.ts';

export const currencySchema = z.enum(CURRENCIES);

/** An amount with its currency: one total of a list that may hold several currencies. */
export const moneySchema = z.object({ amount: z.int(), currency: currencySchema });
export type MoneyAmount = z.infer<typeof moneySchema>;

/** Totals per currency, never summed across currencies (in the table's order of currencies). */
export const moneyTotalsSchema = z.array(moneySchema);
