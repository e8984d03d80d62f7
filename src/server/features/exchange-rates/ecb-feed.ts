/**
 * The European Central Bank's daily euro reference rates, as it publishes them
 * (eurofxref-daily.xml): a gesmes Envelope whose Cube holds one Cube per day (`time`), each with a
 * Cube per currency (`currency`, `rate`: units of the currency per euro).
 *
 * <gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
 *   <gesmes:subject>Reference rates</gesmes:subject>
 *   <Cube><Cube time='2025-10-21'><Cube currency='USD' rate='1.1607'/>...</Cube></Cube>
 * </gesmes:Envelope>
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { isCalendarDate } from '../../../shared/domain/calendar-date.ts';
import { CURRENCIES, isCurrencyCode, type CurrencyCode } from '../../../shared/domain/currency.ts';
import { isRateText, RATE_BASE_CURRENCY, type EuroRates } from '../../../shared/domain/exchange-rates.ts';

/** A feed that could not be read, in words for the log and the admin. */
export class RatesFeedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RatesFeedError';
  }
}

/** The whole fetch, and the most of the feed read (today's file is about 1.6 kB). */
export const RATES_FETCH_TIMEOUT_MS = 10_000;
export const RATES_MAX_BYTES = 1024 * 1024;

type Cube = { time?: string; currency?: string; rate?: string; Cube?: Cube[] };

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  removeNSPrefix: true,
  parseAttributeValue: false,
  parseTagValue: false,
  processEntities: false,
  isArray: (name) => name === 'Cube',
});

/**
 * The latest day of a feed in the ECB's format, with the rates of the currencies Locora uses.
 * Refused whole (RatesFeedError) when it is not that format, has no day, or a rate of ours is not a
 * positive decimal: a half-read feed never replaces good rates.
 */
export function parseEcbRates(xml: string): EuroRates {
  if (XMLValidator.validate(xml) !== true) throw new RatesFeedError('The rates feed is not well-formed XML');
  const document = parser.parse(xml) as { Envelope?: { Cube?: Cube[] } };
  const days = (document.Envelope?.Cube ?? []).flatMap((outer) => outer.Cube ?? []).filter((day) => day.time);
  if (days.length === 0) throw new RatesFeedError('The rates feed has no day of rates');
  // The daily file has one day; the history files list the newest first.
  const day = days.reduce((latest, next) => ((next.time ?? '') > (latest.time ?? '') ? next : latest));
  const date: string = day.time ?? '';
  if (!isCalendarDate(date))
    throw new RatesFeedError(`The rates feed's day "${String(date).slice(0, 20)}" is not a date`);
  const perEuro: Partial<Record<CurrencyCode, string>> = {};
  for (const entry of day.Cube ?? []) {
    const currency = entry.currency?.trim() ?? '';
    if (!isCurrencyCode(currency) || currency === RATE_BASE_CURRENCY) continue;
    const rate = entry.rate?.trim() ?? '';
    if (!isRateText(rate))
      throw new RatesFeedError(`The rates feed's ${currency} rate "${rate.slice(0, 20)}" is not a rate`);
    perEuro[currency] = rate;
  }
  if (Object.keys(perEuro).length === 0) {
    throw new RatesFeedError(`The rates feed of ${date} has none of ${CURRENCIES.join(', ')}`);
  }
  return { date, perEuro };
}

/** Reads a response body up to `maxBytes`; longer is refused. */
async function readCapped(response: Response, maxBytes: number): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw new RatesFeedError(`The rates feed is larger than ${maxBytes} bytes`);
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

/** Fetches and reads the feed at `url` (FX_RATES_URL). */
export async function fetchEcbRates(
  url: string,
  opts: { timeoutMs?: number; signal?: AbortSignal } = {},
): Promise<EuroRates> {
  const timeout = AbortSignal.timeout(opts.timeoutMs ?? RATES_FETCH_TIMEOUT_MS);
  const signal = opts.signal ? AbortSignal.any([timeout, opts.signal]) : timeout;
  let response: Response;
  try {
    response = await fetch(url, {
      signal,
      headers: { accept: 'application/xml, text/xml;q=0.9', 'user-agent': 'Locora-Exchange-Rates/1.0' },
      redirect: 'follow',
    });
  } catch (err) {
    if (timeout.aborted)
      throw new RatesFeedError(`The rates feed did not answer within ${RATES_FETCH_TIMEOUT_MS / 1000} seconds`);
    throw new RatesFeedError(`Could not reach the rates feed: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new RatesFeedError(`The rates feed answered ${response.status}`);
  }
  return parseEcbRates(await readCapped(response, RATES_MAX_BYTES));
}
