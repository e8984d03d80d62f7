/**
 * The euro reference rates Locora estimates with (decision 049): stored per day as the ECB
 * published them, fetched by the job runner once the day's rates are out (about 16:00 in
 * Frankfurt on TARGET business days) and at start when the stored ones are older than the latest
 * publication. Without a network the last stored rates stay; rates more than MAX_RATE_AGE_DAYS old
 * are not used.
 */
import { sql, type SQL } from 'drizzle-orm';
import { isCurrencyCode, type CurrencyCode } from '../../../shared/domain/currency.ts';
import { areRatesUsable, type EuroRates } from '../../../shared/domain/exchange-rates.ts';
import type { Executor } from '../../db/open.ts';
import { queryRows } from '../../db/open.ts';
import type { RoundKind } from '../../jobs/runner.ts';
import { fetchEcbRates } from './ecb-feed.ts';
import { latestPublicationDate, ratesToday } from './publication.ts';

export type StoredRates = EuroRates & { source: 'ecb' | 'demo' };

/**
 * Stores a day's rates. The feed's rows replace the same day's (a correction by the ECB); the demo
 * data's never replace anything. Returns whether any row was written or changed.
 */
export async function storeRates(db: Executor, rates: EuroRates, source: 'ecb' | 'demo'): Promise<boolean> {
  const rows = Object.entries(rates.perEuro).filter(([, rate]) => rate !== undefined);
  if (rows.length === 0) return false;
  const values = sql.join(
    rows.map(([currency, rate]) => sql`(${rates.date}::date, ${currency}, ${rate}::numeric, ${source})`),
    sql`, `,
  );
  const conflict =
    source === 'ecb'
      ? sql`on conflict (rate_date, currency) do update set per_euro = excluded.per_euro, source = excluded.source, fetched_at = now()
            where exchange_rates.per_euro <> excluded.per_euro or exchange_rates.source <> excluded.source`
      : sql`on conflict (rate_date, currency) do nothing`;
  const written = await queryRows<{ currency: string }>(
    db,
    sql`insert into exchange_rates (rate_date, currency, per_euro, source) values ${values} ${conflict} returning currency`,
  );
  return written.length > 0;
}

/** The most recent day of stored rates (whatever its age), or null when none is stored. */
export async function latestStoredRates(db: Executor): Promise<StoredRates | null> {
  const rows = await queryRows<{ rate_date: string; currency: string; per_euro: string; source: 'ecb' | 'demo' }>(
    db,
    sql`select rate_date::text as rate_date, currency, per_euro::text as per_euro, source from exchange_rates
        where rate_date = (select max(rate_date) from exchange_rates)`,
  );
  const first = rows[0];
  if (!first) return null;
  const perEuro: Partial<Record<CurrencyCode, string>> = {};
  for (const row of rows) if (isCurrencyCode(row.currency)) perEuro[row.currency] = row.per_euro;
  return { date: first.rate_date, perEuro, source: rows.some((r) => r.source === 'ecb') ? 'ecb' : 'demo' };
}

/** The rates estimates may use at `now`: the latest stored, unless more than MAX_RATE_AGE_DAYS old. */
export async function usableRates(db: Executor, now: Date): Promise<StoredRates | null> {
  const rates = await latestStoredRates(db);
  return rates && areRatesUsable(rates, ratesToday(now)) ? rates : null;
}

/** How long after an attempt the feed is asked again while the stored rates are behind. */
export const RATES_RETRY_MS = 10 * 60 * 1000;

/**
 * Claims the next attempt at the feed, across instances: one statement on the database's clock,
 * true for the one instance whose claim wrote the row (none within `retryMs` of the last attempt).
 */
async function claimAttempt(db: Executor, retryMs: number): Promise<boolean> {
  const rows = await queryRows<{ id: boolean }>(
    db,
    sql`insert into exchange_rate_feed (id, attempted_at) values (true, now())
        on conflict (id) do update set attempted_at = now()
        where exchange_rate_feed.attempted_at is null
           or exchange_rate_feed.attempted_at <= now() - make_interval(secs => ${retryMs / 1000})
        returning id`,
  );
  return rows.length > 0;
}

async function recordOutcome(db: Executor, error: string | null) {
  await db.execute(
    error === null
      ? sql`update exchange_rate_feed set succeeded_at = now(), last_error = null`
      : sql`update exchange_rate_feed set last_error = ${error.slice(0, 500)}`,
  );
}

export type RefreshOutcome =
  | { kind: 'current'; date: string | null }
  | { kind: 'claimed-elsewhere' }
  | { kind: 'fetched'; rates: EuroRates; changed: boolean };

/**
 * One look at the rates: nothing when the stored ones are the latest the ECB should have
 * published by `now` (business time), or when another attempt is recent; otherwise the feed is
 * fetched and its day stored. A failure is recorded and thrown (the runner logs it and asks again
 * after `retryMs`). `onNewRates` runs after rates that changed what is stored.
 */
export async function refreshRates(
  db: Executor,
  opts: {
    url: string;
    now: Date;
    retryMs?: number;
    timeoutMs?: number;
    signal?: AbortSignal;
    onNewRates?: (rates: EuroRates) => Promise<unknown>;
  },
): Promise<RefreshOutcome> {
  const latest = await latestStoredRates(db);
  if (latest && latest.date >= latestPublicationDate(opts.now)) {
    return { kind: 'current', date: latest.date };
  }
  if (!(await claimAttempt(db, opts.retryMs ?? RATES_RETRY_MS))) return { kind: 'claimed-elsewhere' };
  let rates: EuroRates;
  try {
    rates = await fetchEcbRates(opts.url, { timeoutMs: opts.timeoutMs, signal: opts.signal });
  } catch (err) {
    await recordOutcome(db, err instanceof Error ? err.message : String(err));
    throw err;
  }
  const changed = await storeRates(db, rates, 'ecb');
  await recordOutcome(db, null);
  if (changed) await opts.onNewRates?.(rates);
  return { kind: 'fetched', rates, changed };
}

/** Services whose normalised price one statement of the refresh rewrites at most. */
export const NORMALISE_BATCH = 5000;

/**
 * Brings every service's normalised price (migration 0036) to the latest stored rates: walks the
 * services by id in batches, each one statement that rewrites only the prices that changed (the
 * euro's never do), so no long transaction holds the table. Returns how many changed. New and
 * edited services are normalised by their trigger meanwhile.
 */
export async function refreshNormalisedPrices(db: Executor, batchSize = NORMALISE_BATCH): Promise<number> {
  let after: string | null = null;
  let changed = 0;
  for (;;) {
    const from: SQL = after === null ? sql`true` : sql`id > ${after}::uuid`;
    const [row] = await queryRows<{ last: string | null; changed: number }>(
      db,
      sql`with batch as (select id from services where ${from} order by id limit ${batchSize}),
          updated as (
            update services s
               set price_normalised = locora_normalised_price(s.price_cents, s.currency)
              from batch
             where s.id = batch.id
               and s.price_normalised <> locora_normalised_price(s.price_cents, s.currency)
            returning s.id)
          select (select id::text from batch order by id desc limit 1) as last,
                 (select count(*)::int from updated) as changed`,
    );
    changed += row?.changed ?? 0;
    if (!row?.last) return changed;
    after = row.last;
  }
}

/**
 * Refreshes the normalised prices when the latest stored rates are newer than the ones they were
 * last refreshed with (after new rates, and after a refresh cut short). Idempotent: two instances
 * doing it at once write the same values.
 */
export async function ensureNormalisedPrices(db: Executor): Promise<number> {
  const [state] = await queryRows<{ latest: string | null; done: string | null }>(
    db,
    sql`select (select max(rate_date)::text from exchange_rates) as latest,
               (select normalised_for::text from exchange_rate_feed) as done`,
  );
  if (!state?.latest || state.latest === state.done) return 0;
  const changed = await refreshNormalisedPrices(db);
  await db.execute(
    sql`insert into exchange_rate_feed (id, normalised_for) values (true, ${state.latest}::date)
        on conflict (id) do update set normalised_for = excluded.normalised_for`,
  );
  return changed;
}

export const EXCHANGE_RATES_JOB = 'exchange-rates';

/**
 * The runner's kind: a look every `intervalMs` (5 minutes), the first at start. Without a feed
 * (FX_RATES_URL=off, `url` null) it only keeps normalised prices in step with the stored rates.
 */
export function exchangeRatesJobKind(opts: {
  db: Executor;
  url: string | null;
  now: () => Date;
  intervalMs?: number | undefined;
  retryMs?: number | undefined;
  onNewRates?: (rates: EuroRates) => Promise<unknown>;
}): RoundKind {
  return {
    name: EXCHANGE_RATES_JOB,
    intervalMs: opts.intervalMs ?? 5 * 60 * 1000,
    round: async () => {
      // Prices first (a refresh an instance left unfinished), then the feed, then prices again.
      await ensureNormalisedPrices(opts.db);
      if (!opts.url) return 0;
      const outcome = await refreshRates(opts.db, {
        url: opts.url,
        now: opts.now(),
        retryMs: opts.retryMs,
        onNewRates: async (rates) => {
          await ensureNormalisedPrices(opts.db);
          await opts.onNewRates?.(rates);
        },
      });
      return outcome.kind === 'fetched' && outcome.changed ? 1 : 0;
    },
  };
}
