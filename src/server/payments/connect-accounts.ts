/**
 * Providers' Stripe Connect Express accounts (decision 038): created once per provider ("Set up
 * payouts", concurrency-safe: the unique provider_id and one idempotency key per provider and
 * country), sent to Stripe's hosted onboarding through an Account Link, and followed from
 * `account.updated` events and a read when the provider comes back. Whether a provider can be
 * booked while payments are configured (`payeeRefusal`) is decided here too.
 */
import { DEFAULT_LOCALE, intlLocale, type Locale } from '../../shared/domain/locales.ts';
import { requirementWords, restrictedWords } from './connect-words.ts';
import { msg } from '@lingui/core/macro';
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  accountState,
  canReceiveBookings,
  CONNECT_COUNTRIES,
  connectSetup,
  countryOfTimeZone,
  isConnectCountry,
  PAYEE_RESTRICTED_REASON,
  PROVIDER_NOT_ACCEPTING_MESSAGE,
  disabledReasonKind,
  requirementKinds,
  type AccountFacts,
  type ConnectState,
} from '../../shared/domain/connect.ts';
import type { PayoutAccountView } from '../../shared/api/connect.ts';
import { fromStripeCurrency } from '../../shared/domain/currency.ts';
import { queryRows, type Db, type Executor } from '../db/open.ts';
import { localized } from '../http/api-messages.ts';
import { AppError } from '../http/errors.ts';
import { applyBookingEvent } from '../bookings/booking-writer.ts';
import { describeStripeError, isStripeRefusal, type Stripe } from './stripe-client.ts';

export const NOT_A_PROVIDER = 'Only providers have payouts.';
export const NO_PROVIDER_PROFILE = 'Create your provider profile first.';
export const PAYOUTS_NOT_CONFIGURED = 'Payouts are not available: payment processing is not configured.';
export const NOT_SET_UP = 'Set up payouts first.';
export const LOGIN_LINK_NOT_READY = 'Your payouts account is not active yet: finish setting it up first.';
export const STRIPE_CONNECT_UNAVAILABLE = 'The payment service did not answer. Please try again.';

export type ConnectOptions = { platformCountry: string };

type AccountRow = {
  id: string;
  provider_id: string;
  country: string;
  service_agreement: 'full' | 'recipient';
  state: string;
  charges_enabled: boolean;
  payouts_enabled: boolean;
  details_submitted: boolean;
  transfers_capability: string | null;
  card_payments_capability: string | null;
  currently_due: string[];
  past_due: string[];
  pending_verification: string[];
  disabled_reason: string | null;
};

const factsOf = (r: AccountRow): AccountFacts => ({
  serviceAgreement: r.service_agreement,
  chargesEnabled: r.charges_enabled,
  payoutsEnabled: r.payouts_enabled,
  detailsSubmitted: r.details_submitted,
  transfers: r.transfers_capability,
  cardPayments: r.card_payments_capability,
  currentlyDue: r.currently_due ?? [],
  pastDue: r.past_due ?? [],
  pendingVerification: r.pending_verification ?? [],
  disabledReason: r.disabled_reason,
});

/** Whether charges to this account name it as the settlement merchant (decision 038). */
export const chargesOnBehalfOf = (country: string, opts: ConnectOptions) =>
  connectSetup(opts.platformCountry, country).onBehalfOf;

/** Stripe's refusal, quoted in its own words (Stripe writes them in English) inside ours. */
const paymentServiceRefused = (detail: string) =>
  localized((i18n) => i18n._(msg`The payment service refused: ${detail}`));

function unavailable(err: unknown): never {
  if (isStripeRefusal(err))
    throw Object.assign(new AppError('CONFLICT', paymentServiceRefused(err.message)), {
      cause: describeStripeError(err),
    });
  throw Object.assign(new AppError('UNAVAILABLE', STRIPE_CONNECT_UNAVAILABLE), { cause: describeStripeError(err) });
}

async function providerOf(db: Executor, user: { id: string; role?: string }) {
  if (user.role !== 'PROVIDER') throw new AppError('FORBIDDEN', NOT_A_PROVIDER);
  const [p] = await queryRows<{ id: string; time_zone: string; email: string }>(
    db,
    sql`select p.id, p.time_zone, u.email from providers p join users u on u.id = p.user_id where p.user_id = ${user.id}`,
  );
  if (!p) throw new AppError('NOT_FOUND', NO_PROVIDER_PROFILE);
  return p;
}

async function accountOfProvider(db: Executor, providerId: string): Promise<AccountRow | undefined> {
  const [row] = await queryRows<AccountRow>(
    db,
    sql`select * from connected_accounts where provider_id = ${providerId}`,
  );
  return row;
}

/** What the Payouts tab shows. */
function viewOf(
  row: AccountRow | undefined,
  opts: ConnectOptions | undefined,
  suggestedCountry: string,
  locale: Locale,
): PayoutAccountView {
  if (!opts)
    return {
      configured: false,
      state: 'not_started',
      accountId: null,
      country: null,
      suggestedCountry,
      requirements: [],
      disabledReason: null,
      canBeBooked: true,
    };
  if (!row)
    return {
      configured: true,
      state: 'not_started',
      accountId: null,
      country: null,
      suggestedCountry,
      requirements: [],
      disabledReason: null,
      canBeBooked: false,
    };
  const facts = factsOf(row);
  const state = row.state as ConnectState;
  return {
    configured: true,
    state,
    accountId: row.id,
    country: row.country,
    suggestedCountry,
    requirements: requirementWords(requirementKinds([...facts.pastDue, ...facts.currentlyDue]), locale),
    disabledReason:
      state === 'restricted' ? restrictedWords(disabledReasonKind(row.disabled_reason), facts, locale) : null,
    canBeBooked: canReceiveBookings(facts, chargesOnBehalfOf(row.country, opts)),
  };
}

/** GET: the caller's payouts account as the tab shows it, its words in `locale` (the page's). */
export async function payoutAccountView(
  db: Db,
  user: { id: string; role?: string },
  opts: ConnectOptions | undefined,
  locale: Locale = DEFAULT_LOCALE,
): Promise<PayoutAccountView> {
  const provider = await providerOf(db, user);
  const suggested = countryOfTimeZone(provider.time_zone) ?? opts?.platformCountry ?? 'US';
  return viewOf(await accountOfProvider(db, provider.id), opts, suggested, locale);
}

/**
 * Writes what Stripe reports of an account (an Account object) in the caller's transaction, and
 * when it can no longer receive money, releases its requests that are authorised but not accepted.
 * Returns the state before and after (undefined: not one of ours).
 */
export async function recordAccount(
  tx: Executor,
  account: Stripe.Account,
  opts: ConnectOptions & { now: Date; appUrl: string },
): Promise<{ before: string; after: string } | undefined> {
  const [row] = await queryRows<AccountRow>(
    tx,
    sql`select * from connected_accounts where id = ${account.id} for update`,
  );
  if (!row) return undefined;
  const facts: AccountFacts = {
    serviceAgreement: row.service_agreement,
    chargesEnabled: !!account.charges_enabled,
    payoutsEnabled: !!account.payouts_enabled,
    detailsSubmitted: !!account.details_submitted,
    transfers: account.capabilities?.transfers ?? null,
    cardPayments: account.capabilities?.card_payments ?? null,
    currentlyDue: account.requirements?.currently_due ?? [],
    pastDue: account.requirements?.past_due ?? [],
    pendingVerification: account.requirements?.pending_verification ?? [],
    disabledReason: account.requirements?.disabled_reason ?? null,
  };
  const obo = chargesOnBehalfOf(row.country, opts);
  const state = accountState(facts, obo);
  // The provider's currency follows the account's, as Stripe reports it (decision 047): what
  // their balance is paid out in. A currency Locora does not price in leaves it as it was.
  const accountCurrency = fromStripeCurrency(account.default_currency);
  if (accountCurrency)
    await tx.execute(
      sql`update providers set currency = ${accountCurrency} where id = ${row.provider_id} and currency <> ${accountCurrency}`,
    );
  const arr = (a: string[]) => sql`${`{${a.map((x) => `"${x.replace(/["\\]/g, '')}"`).join(',')}}`}::text[]`;
  await tx.execute(
    sql`update connected_accounts set state = ${state}, charges_enabled = ${facts.chargesEnabled},
          payouts_enabled = ${facts.payoutsEnabled}, details_submitted = ${facts.detailsSubmitted},
          transfers_capability = ${facts.transfers}, card_payments_capability = ${facts.cardPayments},
          currently_due = ${arr(facts.currentlyDue)}, past_due = ${arr(facts.pastDue)},
          pending_verification = ${arr(facts.pendingVerification)}, disabled_reason = ${facts.disabledReason},
          default_currency = ${account.default_currency ?? null},
          synced_at = ${opts.now.toISOString()}::timestamptz, updated_at = ${opts.now.toISOString()}::timestamptz
        where id = ${row.id}`,
  );
  // No longer able to receive money: the requests it cannot be paid for are released, and their
  // travelers told why (the state machine's decline of a request, by the system).
  if (!canReceiveBookings(facts, obo) && canReceiveBookings(factsOf(row), obo))
    await releaseUnpayableRequests(tx, row.provider_id, opts);
  else if (state === 'restricted' && row.state !== 'restricted')
    await releaseUnpayableRequests(tx, row.provider_id, opts);
  return { before: row.state, after: state };
}

/** Releases the provider's requests that are authorised but not accepted (their card holds let go). */
async function releaseUnpayableRequests(tx: Executor, providerId: string, opts: { now: Date; appUrl: string }) {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`select b.id from bookings b join payments pay on pay.booking_id = b.id
        where b.provider_id = ${providerId} and b.status = 'PENDING' and b.authorised_at is not null
          and pay.status in ('requires_capture', 'processing', 'succeeded')
        order by b.id`,
  );
  for (const { id } of rows)
    await applyBookingEvent(
      tx,
      id,
      'payee_restricted',
      { now: opts.now, appUrl: opts.appUrl, cardPayments: true },
      { reason: PAYEE_RESTRICTED_REASON },
    );
}

/**
 * "Set up payouts": the provider's account (created once: a second press, or two at once, find the
 * first) and a fresh Account Link to Stripe's hosted onboarding, coming back to the Payouts tab.
 */
export async function startOnboarding(
  db: Db,
  stripe: Stripe | undefined,
  user: { id: string; role?: string },
  input: { country?: string | undefined },
  opts: (ConnectOptions & { appUrl: string; now: Date }) | undefined,
): Promise<{ url: string }> {
  const provider = await providerOf(db, user);
  if (!stripe || !opts) throw new AppError('NOT_CONFIGURED', PAYOUTS_NOT_CONFIGURED);
  let row = await accountOfProvider(db, provider.id);
  if (!row) {
    const country = input.country ?? countryOfTimeZone(provider.time_zone) ?? opts.platformCountry;
    if (!isConnectCountry(country) && country !== opts.platformCountry)
      throw new AppError(
        'BAD_REQUEST',
        localized((i18n, locale) => {
          const place = countryName(country, locale);
          return i18n._(msg`Payouts to ${place} are not offered.`);
        }),
      );
    const setup = connectSetup(opts.platformCountry, country);
    let account: Stripe.Account;
    try {
      account = await stripe.accounts.create(
        {
          // Express, in the controller properties Stripe's reference now uses instead of `type`: the
          // Express dashboard, Stripe collects the requirements, Locora pays Stripe's fees and
          // answers for negative balances (it takes the application fee and reverses transfers).
          controller: {
            stripe_dashboard: { type: 'express' },
            requirement_collection: 'stripe',
            fees: { payer: 'application' },
            losses: { payments: 'application' },
          },
          country,
          email: provider.email,
          capabilities: Object.fromEntries(setup.capabilities.map((c) => [c, { requested: true }])),
          ...(setup.serviceAgreement === 'recipient' ? { tos_acceptance: { service_agreement: 'recipient' } } : {}),
          // Locora pays out each booking's net once it is COMPLETED (decision 038).
          settings: { payouts: { schedule: { interval: 'manual' } } },
          metadata: { providerId: provider.id },
        },
        // Pressed twice, or twice at once: the same account.
        { idempotencyKey: `locora-connect-account-${provider.id}-${country}` },
      );
    } catch (err) {
      unavailable(err);
    }
    await db.transaction(async (tx) => {
      await tx.execute(
        sql`insert into connected_accounts (id, provider_id, country, service_agreement, created_at, updated_at)
            values (${account.id}, ${provider.id}, ${country}, ${setup.serviceAgreement},
                    ${opts.now.toISOString()}::timestamptz, ${opts.now.toISOString()}::timestamptz)
            on conflict do nothing`,
      );
      await recordAccount(tx, account, opts);
    });
    row = await accountOfProvider(db, provider.id);
    if (!row) throw new AppError('CONFLICT', 'Your payouts account could not be saved. Please try again.');
  }
  const back = `${opts.appUrl}/dashboard/provider?tab=payouts`;
  try {
    const link = await stripe.accountLinks.create({
      account: row.id,
      refresh_url: `${back}&onboarding=refresh`,
      return_url: `${back}&onboarding=return`,
      type: 'account_onboarding',
    });
    return { url: link.url };
  } catch (err) {
    unavailable(err);
  }
}

/** Re-reads the caller's account from Stripe (back from onboarding) and records it. */
export async function syncPayoutAccount(
  db: Db,
  stripe: Stripe | undefined,
  user: { id: string; role?: string },
  opts: (ConnectOptions & { appUrl: string; now: Date }) | undefined,
  locale: Locale = DEFAULT_LOCALE,
): Promise<PayoutAccountView> {
  const provider = await providerOf(db, user);
  if (!stripe || !opts) throw new AppError('NOT_CONFIGURED', PAYOUTS_NOT_CONFIGURED);
  const row = await accountOfProvider(db, provider.id);
  if (!row) throw new AppError('CONFLICT', NOT_SET_UP);
  let account: Stripe.Account;
  try {
    account = await stripe.accounts.retrieve(row.id);
  } catch (err) {
    unavailable(err);
  }
  await db.transaction((tx) => recordAccount(tx, account, opts));
  return payoutAccountView(db, user, opts, locale);
}

/** "View payouts on Stripe": a single-use login link to the Express dashboard (active accounts only). */
export async function payoutsLoginLink(
  db: Db,
  stripe: Stripe | undefined,
  user: { id: string; role?: string },
  opts: ConnectOptions | undefined,
): Promise<{ url: string }> {
  const provider = await providerOf(db, user);
  if (!stripe || !opts) throw new AppError('NOT_CONFIGURED', PAYOUTS_NOT_CONFIGURED);
  const row = await accountOfProvider(db, provider.id);
  if (!row) throw new AppError('CONFLICT', NOT_SET_UP);
  if (row.state !== 'active') throw new AppError('CONFLICT', LOGIN_LINK_NOT_READY);
  try {
    const link = await stripe.accounts.createLoginLink(row.id);
    return { url: link.url };
  } catch (err) {
    unavailable(err);
  }
}

/**
 * With payments configured, why a provider cannot be booked (undefined: they can): their account
 * does not exist or cannot receive the money yet.
 */
export async function payeeRefusal(
  db: Executor,
  providerId: string,
  opts: ConnectOptions,
): Promise<string | undefined> {
  const row = await accountOfProvider(db, providerId);
  if (!row) return PROVIDER_NOT_ACCEPTING_MESSAGE;
  return canReceiveBookings(factsOf(row), chargesOnBehalfOf(row.country, opts))
    ? undefined
    : PROVIDER_NOT_ACCEPTING_MESSAGE;
}

/**
 * With payments configured, the SQL condition that the provider whose id is `providerId` can
 * receive a booking's money now: canReceiveBookings() over their connected account, in SQL. Every
 * public list of services uses it, so that a service that cannot be booked is not listed.
 * (An account's country is one of CONNECT_COUNTRIES or the platform's: startOnboarding.)
 */
export function payableProviderSql(providerId: SQL | AnyPgColumn, opts: ConnectOptions): SQL {
  const plain = [opts.platformCountry, ...CONNECT_COUNTRIES.map((c) => c.code as string)].filter(
    (c, i, all) => all.indexOf(c) === i && !connectSetup(opts.platformCountry, c).onBehalfOf,
  );
  return sql`exists (select 1 from connected_accounts ca where ca.provider_id = ${providerId}
    and ca.transfers_capability = 'active'
    and (ca.card_payments_capability = 'active' or ca.country in (${sql.join(
      plain.map((c) => sql`${c}`),
      sql`, `,
    )})))`;
}

/** The destination charge parameters for a booking of this provider (undefined: cannot be paid to them). */
export async function destinationOf(
  db: Executor,
  providerId: string,
  opts: ConnectOptions,
): Promise<{ accountId: string; onBehalfOf: boolean } | undefined> {
  const row = await accountOfProvider(db, providerId);
  if (!row) return undefined;
  const obo = chargesOnBehalfOf(row.country, opts);
  return canReceiveBookings(factsOf(row), obo) ? { accountId: row.id, onBehalfOf: obo } : undefined;
}

/** A country's name in the reader's language ('Japan', '日本'); a code Intl does not know, as it is. */
function countryName(code: string, locale: Locale): string {
  try {
    return new Intl.DisplayNames([intlLocale(locale)], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}
