/**
 * A local server speaking Stripe's HTTP API for exactly the calls Locora makes: create,
 * retrieve, capture and cancel a PaymentIntent, create, list and retrieve refunds (webhooks read
 * the PaymentIntent and its refunds again, decision 031), and the one call Stripe.js makes
 * from the browser, confirming a PaymentIntent with a card (publishable key + client secret; test
 * cards 4242 4242 4242 4242 authorised, 4000 0000 0000 0002 declined, 4000 0000 0000 9995
 * insufficient funds). It honours Idempotency-Key (the same key answers the first answer again),
 * can be told to answer 500 or to hang, and builds the webhook events Stripe would send, signed with
 * the SDK's own generateTestHeaderString. The official `stripe` SDK is pointed at it through
 * STRIPE_API_URL (its host/port/protocol options); the browser reaches it through Playwright routing
 * https://api.stripe.com here (e2e/payments.spec.ts, with the Stripe.js stand-in of e2e/stand-ins).
 *
 * Stripe Connect (decision 038): Express accounts (create, retrieve; `capabilities`, `requirements`,
 * `charges_enabled`, `payouts_enabled`, `details_submitted`, `tos_acceptance.service_agreement`),
 * `account_links` (account_onboarding) and `login_links`; PaymentIntents with
 * `transfer_data[destination]`, `application_fee_amount` and `on_behalf_of` (refused as Stripe
 * refuses them: a destination without active `transfers`, a settlement merchant without active
 * `card_payments`, a full account outside the platform's region without `on_behalf_of`); refunds
 * with `amount`, `reverse_transfer` and `refund_application_fee` (the transfer reversed and the fee
 * refunded in proportion); payouts created on a connected account (the `Stripe-Account` header)
 * from its balance. Tests move an account between states with `setAccountState` (which sends
 * `account.updated`) and settle payouts with `payPayout` / `failPayout` (`payout.paid`,
 * `payout.failed`); Connect events carry the `account` they are about and are signed with
 * `connectWebhookSecret` (the one secret unless told). The page at `/setup/e/{account}/{token}` stands
 * in for Stripe's hosted onboarding: it moves the account to the state set by
 * `setOnboardingOutcome` and redirects to the link's return_url ("Exit" and a used link: refresh_url).
 *
 * Given `forwardWebhooksTo` (opt-in), every change it makes is followed by the events Stripe would
 * send, POSTed signed to that URL one after another, as `stripe listen --forward-to` does (no
 * retries); `deliveries` records each answer. Without it, tests post the events they want themselves.
 */
import type { Config } from '../config.ts';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export type FakePaymentIntent = {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_capturable: number;
  amount_received: number;
  currency: string;
  capture_method: string;
  client_secret: string;
  metadata: Record<string, string>;
  payment_method_types: string[];
  status: string;
  last_payment_error: { message: string; code: string; type: string; decline_code?: string } | null;
  payment_method: string | null;
  latest_charge: string | null;
  created: number;
  livemode: false;
  transfer_data: { destination: string } | null;
  application_fee_amount: number | null;
  on_behalf_of: string | null;
};

export type FakeAccount = {
  id: string;
  object: 'account';
  type: 'express';
  country: string;
  email: string | null;
  default_currency: string;
  capabilities: { card_payments?: string; transfers?: string };
  charges_enabled: boolean;
  payouts_enabled: boolean;
  details_submitted: boolean;
  requirements: {
    currently_due: string[];
    eventually_due: string[];
    past_due: string[];
    pending_verification: string[];
    disabled_reason: string | null;
    current_deadline: number | null;
    errors: unknown[];
  };
  tos_acceptance: { service_agreement: 'full' | 'recipient' };
  settings: { payouts: { schedule: { interval: string; delay_days: number } } };
  metadata: Record<string, string>;
  created: number;
};

/** The states the Payouts tab names, as Stripe would report an account in each. */
export type AccountStateName = 'details_needed' | 'under_review' | 'active' | 'restricted';

export type FakePayout = {
  id: string;
  object: 'payout';
  amount: number;
  currency: string;
  arrival_date: number;
  automatic: false;
  created: number;
  description: string | null;
  destination: string;
  failure_code: string | null;
  failure_message: string | null;
  metadata: Record<string, string>;
  method: 'standard';
  status: 'pending' | 'in_transit' | 'paid' | 'failed' | 'canceled';
  type: 'bank_account';
  livemode: false;
};

/** What a captured destination charge moved: the transfer to the account and Locora's fee. */
export type FakeCharge = {
  id: string;
  payment_intent: string;
  amount: number;
  destination: string | null;
  transfer: {
    id: string;
    /** In `currency`: the charge's currency, or the platform's when the platform settled and converted it. */
    amount: number;
    currency: string;
    amount_reversed: number;
    /** The destination payment on the connected account: what landed, in the account's currency. */
    destination_payment: string;
    settled: number;
    settledCurrency: string;
    settledReversed: number;
  } | null;
  application_fee: { id: string; amount: number; amount_refunded: number } | null;
};

/**
 * The fixed test rates this stand-in converts at where Stripe would convert (a charge settled in
 * another currency, a transfer arriving in an account's other currency): units of each currency
 * per US dollar. Real rates move; these never do, so tests can state what landed.
 */
export const TEST_RATES: Record<string, string> = {
  usd: '1',
  eur: '0.92',
  jpy: '150',
  thb: '36',
  idr: '16000',
  mxn: '18',
  brl: '5.5',
};
/** Zero-decimal currencies (Stripe's list, ours among them): every other one here has two decimals. */
const ZERO_DECIMAL = new Set(['jpy', 'krw', 'vnd', 'clp']);
const minorDigits = (currency: string) => (ZERO_DECIMAL.has(currency) ? 0 : 2);
function rational(decimal: string): [bigint, bigint] {
  const [whole, fraction = ''] = decimal.split('.');
  return [BigInt(whole + fraction), 10n ** BigInt(fraction.length)];
}
/**
 * `amount` minor units of `from` in minor units of `to` at TEST_RATES, rounded half up, exactly
 * (BigInt). Throws for a currency without a test rate.
 */
export function convertAtTestRate(amount: number, from: string, to: string): number {
  if (from === to) return amount;
  const rf = TEST_RATES[from];
  const rt = TEST_RATES[to];
  if (!rf || !rt) throw new Error(`no test rate between ${from} and ${to}`);
  const [fn, fd] = rational(rf);
  const [tn, td] = rational(rt);
  // amount / 10^df / (fn/fd) * (tn/td) * 10^dt
  const num = BigInt(amount) * fd * tn * 10n ** BigInt(minorDigits(to));
  const den = fn * td * 10n ** BigInt(minorDigits(from));
  const sign = num < 0n ? -1n : 1n;
  const abs = num < 0n ? -num : num;
  return Number(sign * ((2n * abs + den) / (2n * den)));
}
/** The currency of a country's accounts (what Stripe sets as an account's `default_currency`). */
const COUNTRY_DEFAULT_CURRENCY: Record<string, string> = {
  US: 'usd',
  JP: 'jpy',
  PT: 'eur',
  ES: 'eur',
  FR: 'eur',
  DE: 'eur',
  TH: 'thb',
  ID: 'idr',
  MX: 'mxn',
  BR: 'brl',
  GB: 'gbp',
};
export const defaultCurrencyOf = (country: string) => COUNTRY_DEFAULT_CURRENCY[country.toUpperCase()] ?? 'usd';
/**
 * Stripe's minimum charge per currency ("Minimum and maximum charge amounts"), in minor units;
 * a currency not listed takes the equivalent of US$0.50.
 */
const MINIMUM_CHARGE: Record<string, number> = { usd: 50, eur: 50, jpy: 50, thb: 1000, mxn: 1000, brl: 50 };
const minimumCharge = (currency: string) => MINIMUM_CHARGE[currency] ?? convertAtTestRate(50, 'usd', currency);
/** The largest `amount` of one charge: eight digits; rupiah twelve. */
const maximumCharge = (currency: string) => (currency === 'idr' ? 999_999_999_999 : 99_999_999);

type Call = {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  form: Record<string, string>;
  /** The Stripe-Account header (a call made on a connected account). */
  account?: string | undefined;
};

/** The European Economic Area (one region for destination charges). */
const EEA = new Set(
  'AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LI LT LU MT NL NO PL PT RO SK SI ES SE IS'.split(' '),
);
const sameRegion = (a: string, b: string) => a === b || (EEA.has(a) && EEA.has(b));
const ONBOARDING_DUE = [
  'business_profile.url',
  'external_account',
  'individual.dob.day',
  'individual.dob.month',
  'individual.dob.year',
  'individual.first_name',
  'individual.last_name',
  'tos_acceptance.date',
  'tos_acceptance.ip',
];

/** Stripe's form encoding, flattened: `metadata[bookingId]` stays a key of its own. */
function parseForm(body: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(body));
}

export type StripeServer = Awaited<ReturnType<typeof startStripeServer>>;

/** A webhook event the server sent to `forwardWebhooksTo`, and the HTTP status it was answered with (0: no answer). */
export type WebhookDelivery = { id: string; type: string; paymentIntent: string; status: number };

/** Stripe's test cards that fail, and how (https://docs.stripe.com/testing#declined-payments). */
const DECLINED_CARDS: Record<string, { message: string; decline_code: string }> = {
  '4000000000000002': { message: 'Your card was declined.', decline_code: 'generic_decline' },
  '4000000000009995': { message: 'Your card has insufficient funds.', decline_code: 'insufficient_funds' },
};
const AUTHORISED_CARDS = new Set(['4242424242424242']);

export async function startStripeServer(
  options: {
    forwardWebhooksTo?: string;
    /** The platform's country (Stripe's rules for destination charges across regions): US unless told. */
    platformCountry?: string;
    /** Connect events (account.updated, payout.*) are signed with this one; the webhook secret unless told. */
    connectWebhookSecret?: string;
  } = {},
) {
  const platformCountry = options.platformCountry ?? 'US';
  const intents = new Map<string, FakePaymentIntent>();
  /** The destination charge parameters of each PaymentIntent (Stripe returns them on the object). */
  const accounts = new Map<string, FakeAccount>();
  const platformCurrency = defaultCurrencyOf(platformCountry);
  /** Each connected account's available balance in each currency it holds (minor units). */
  const balances = new Map<string, Map<string, number>>();
  const balanceIn = (account: string, currency: string) => balances.get(account)?.get(currency) ?? 0;
  const addBalance = (account: string, currency: string, amount: number) => {
    const held = balances.get(account) ?? new Map<string, number>();
    held.set(currency, (held.get(currency) ?? 0) + amount);
    balances.set(account, held);
  };
  /** The destination payments of destination charges' transfers, on the accounts they landed on. */
  const destinationPayments = new Map<string, { account: string; charge: FakeCharge; balanceTransaction: string }>();
  const payouts = new Map<string, FakePayout & { account: string }>();
  const charges = new Map<string, FakeCharge>();
  const accountLinks = new Map<string, { account: string; return_url: string; refresh_url: string; used: boolean }>();
  let onboardingOutcome: AccountStateName = 'active';
  const refunds = new Map<
    string,
    {
      id: string;
      object: 'refund';
      amount: number;
      /** The charge's currency (a refund is always in it). */
      currency: string;
      payment_intent: string;
      status: string;
      failure_reason?: string | null;
      transfer_reversal?: string | null;
      metadata?: Record<string, string>;
    }
  >();
  const idempotent = new Map<string, { request: string; status: number; body: string }>();
  const calls: Call[] = [];
  const hanging = new Set<http.ServerResponse>();
  let seq = 0;
  /**
   * 'ok'; 'fail': every call answers 500; 'hang': calls get no answer; 'apply-then-hang': a POST's
   * change is made but its answer never comes (reads still answer).
   */
  let mode: 'ok' | 'fail' | 'hang' | 'apply-then-hang' = 'ok';
  /** The status a new refund is made with ('pending': Stripe has not made it yet). */
  let refundStatus = 'succeeded';

  const next = (prefix: string) => `${prefix}_test${(++seq).toString().padStart(6, '0')}`;
  const error = (status: number, message: string, code = 'payment_intent_unexpected_state') => ({
    status,
    body: { error: { type: status >= 500 ? 'api_error' : 'invalid_request_error', code, message } },
  });

  const publishableKey = 'pk_test_locora';
  type Result = {
    status: number;
    body: unknown;
    events?: string[];
    /** Connect events (account.updated, payout.*), built when the change was made. */
    connectEvents?: ReturnType<typeof makeConnectEvent>[];
  };

  // ---------------------------------------------------------------------------- Connect
  const nowSecs = () => Math.floor(Date.now() / 1000);
  /** Sets what Stripe would report of an account in `state` (its requirements and capabilities). */
  function applyAccountState(a: FakeAccount, state: AccountStateName, disabledReason?: string) {
    const caps = Object.keys(a.capabilities) as (keyof FakeAccount['capabilities'])[];
    const setCaps = (status: string) => caps.forEach((c) => (a.capabilities[c] = status));
    const r = a.requirements;
    r.errors = [];
    r.current_deadline = null;
    if (state === 'details_needed') {
      a.details_submitted = false;
      a.charges_enabled = false;
      a.payouts_enabled = false;
      setCaps('inactive');
      r.currently_due = [...ONBOARDING_DUE];
      r.eventually_due = [...ONBOARDING_DUE];
      r.past_due = [...ONBOARDING_DUE];
      r.pending_verification = [];
      r.disabled_reason = 'requirements.past_due';
    } else if (state === 'under_review') {
      a.details_submitted = true;
      a.charges_enabled = false;
      a.payouts_enabled = false;
      setCaps('pending');
      r.currently_due = [];
      r.eventually_due = [];
      r.past_due = [];
      r.pending_verification = ['individual.verification.document'];
      r.disabled_reason = 'requirements.pending_verification';
    } else if (state === 'active') {
      a.details_submitted = true;
      a.charges_enabled = a.capabilities.card_payments !== undefined;
      a.payouts_enabled = true;
      setCaps('active');
      r.currently_due = [];
      r.eventually_due = [];
      r.past_due = [];
      r.pending_verification = [];
      r.disabled_reason = null;
    } else {
      a.details_submitted = true;
      a.charges_enabled = false;
      a.payouts_enabled = false;
      setCaps('inactive');
      r.currently_due = disabledReason === 'requirements.past_due' ? ['individual.verification.document'] : [];
      r.eventually_due = [...r.currently_due];
      r.past_due = [...r.currently_due];
      r.pending_verification = [];
      r.disabled_reason = disabledReason ?? 'rejected.other';
    }
  }

  /** A Connect event about `object` on connected account `account` (Stripe sets `account` on them). */
  function makeConnectEvent(type: string, account: string, object: unknown) {
    eventSeq += 1;
    return {
      id: `evt_test${String(eventSeq).padStart(6, '0')}_${Math.random().toString(36).slice(2, 8)}`,
      object: 'event' as const,
      account,
      api_version: '2025-01-01',
      created: nowSecs(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object: structuredClone(object) },
    };
  }
  const bool = (v: string | undefined) => v === 'true';
  const metadataOf = (form: Record<string, string>) => {
    const metadata: Record<string, string> = {};
    for (const [k, v] of Object.entries(form)) {
      const m = /^metadata\[(.+)\]$/.exec(k);
      if (m) metadata[m[1]!] = v;
    }
    return metadata;
  };

  /** The Connect endpoints; undefined when the call is not one of them. */
  function connectRoute(
    method: string,
    path: string,
    form: Record<string, string>,
    account: string | undefined,
  ): Result | undefined {
    if (method === 'POST' && path === '/v1/accounts') {
      const controlled = Object.keys(form).some((k) => k.startsWith('controller['));
      if (controlled && form.type !== undefined)
        return error(400, 'You cannot specify both `type` and `controller`.', 'parameter_invalid');
      if (controlled) {
        const dashboard = form['controller[stripe_dashboard][type]'];
        const collection = form['controller[requirement_collection]'] ?? 'stripe';
        const payer = form['controller[fees][payer]'];
        const losses = form['controller[losses][payments]'];
        if (dashboard !== 'express')
          return error(
            400,
            'This stand-in makes Express accounts only (controller[stripe_dashboard][type]=express).',
            'parameter_invalid',
          );
        if (collection !== 'stripe')
          return error(
            400,
            'controller[requirement_collection] must be `stripe` when controller[stripe_dashboard][type] is `express`.',
            'parameter_invalid',
          );
        if (payer !== 'application' || (losses !== 'application' && losses !== 'stripe'))
          return error(
            400,
            'An Express account needs controller[fees][payer]=application and controller[losses][payments] set.',
            'parameter_invalid',
          );
      } else if (form.type !== 'express')
        return error(400, 'This stand-in makes Express accounts only (type=express).', 'parameter_invalid_empty');
      const country = (form.country ?? platformCountry).toUpperCase();
      const agreement = form['tos_acceptance[service_agreement]'] ?? 'full';
      if (agreement !== 'full' && agreement !== 'recipient')
        return error(400, `Invalid tos_acceptance[service_agreement]: ${agreement}`, 'parameter_invalid');
      const capabilities: FakeAccount['capabilities'] = {};
      if (bool(form['capabilities[transfers][requested]'])) capabilities.transfers = 'inactive';
      if (bool(form['capabilities[card_payments][requested]'])) capabilities.card_payments = 'inactive';
      if (!capabilities.transfers && !capabilities.card_payments)
        return error(
          400,
          'Express accounts must request the transfers or card_payments capability.',
          'parameter_missing',
        );
      if (agreement === 'recipient' && capabilities.card_payments)
        return error(
          400,
          'Accounts under the recipient service agreement cannot request the card_payments capability.',
          'parameter_invalid',
        );
      if (agreement === 'recipient' && sameRegion(country, platformCountry))
        return error(400, 'The recipient service agreement is for cross-border accounts.', 'parameter_invalid');
      const a: FakeAccount = {
        id: next('acct'),
        object: 'account',
        type: 'express',
        country,
        email: form.email ?? null,
        default_currency: defaultCurrencyOf(country),
        capabilities,
        charges_enabled: false,
        payouts_enabled: false,
        details_submitted: false,
        requirements: {
          currently_due: [],
          eventually_due: [],
          past_due: [],
          pending_verification: [],
          disabled_reason: null,
          current_deadline: null,
          errors: [],
        },
        tos_acceptance: { service_agreement: agreement },
        settings: {
          payouts: { schedule: { interval: form['settings[payouts][schedule][interval]'] ?? 'daily', delay_days: 2 } },
        },
        metadata: metadataOf(form),
        created: nowSecs(),
      };
      applyAccountState(a, 'details_needed');
      accounts.set(a.id, a);
      balances.set(a.id, new Map([[a.default_currency, 0]]));
      return { status: 200, body: a };
    }
    const acct = /^\/v1\/accounts\/([^/]+)(\/login_links)?$/.exec(path);
    if (acct) {
      const a = accounts.get(decodeURIComponent(acct[1]!));
      if (!a)
        return error(
          403,
          'The provided key does not have access to account (or that account does not exist).',
          'account_invalid',
        );
      if (method === 'GET' && !acct[2]) return { status: 200, body: a };
      if (method === 'POST' && acct[2]) {
        if (!a.details_submitted)
          return error(
            400,
            'Cannot create a login link for an account that has not completed onboarding.',
            'account_invalid',
          );
        return {
          status: 200,
          body: {
            object: 'login_link',
            created: nowSecs(),
            url: `https://connect.stripe.com/express/${a.id}/${next('ll')}`,
          },
        };
      }
    }
    if (method === 'POST' && path === '/v1/account_links') {
      const a = accounts.get(form.account ?? '');
      if (!a) return error(400, `No such account: '${form.account ?? ''}'`, 'resource_missing');
      if (form.type !== 'account_onboarding' && form.type !== 'account_update')
        return error(400, 'Invalid type: must be account_onboarding or account_update', 'parameter_invalid');
      if (!form.return_url || !form.refresh_url)
        return error(400, 'Missing required param: return_url and refresh_url.', 'parameter_missing');
      const token = next('al');
      accountLinks.set(token, {
        account: a.id,
        return_url: form.return_url,
        refresh_url: form.refresh_url,
        used: false,
      });
      const created = nowSecs();
      return {
        status: 200,
        body: {
          object: 'account_link',
          created,
          expires_at: created + 300,
          url: `https://connect.stripe.com/setup/e/${a.id}/${token}`,
        },
      };
    }
    if (method === 'POST' && path === '/v1/payouts') {
      if (!account)
        return error(
          400,
          'This stand-in pays out from connected accounts only (the Stripe-Account header).',
          'parameter_missing',
        );
      const a = accounts.get(account);
      if (!a) return error(403, 'The provided key does not have access to account.', 'account_invalid');
      const amount = Number(form.amount);
      if (!Number.isInteger(amount) || amount < 1)
        return error(400, 'Invalid integer: amount', 'parameter_invalid_integer');
      const currency = form.currency;
      if (!currency) return error(400, 'Missing required param: currency.', 'parameter_missing');
      if (!a.payouts_enabled) return error(400, 'Payouts are not enabled for this account.', 'payouts_not_allowed');
      // The account's bank account is in its default currency; a balance in no other is paid out.
      if (currency !== a.default_currency || !balances.get(a.id)?.has(currency))
        return error(
          400,
          `Sorry, you don't have any external accounts in that currency (${currency}).`,
          'invalid_request_error',
        );
      const balance = balanceIn(a.id, currency);
      if (balance < amount)
        return error(
          400,
          'You have insufficient funds in your Stripe account for this transfer.',
          'balance_insufficient',
        );
      addBalance(a.id, currency, -amount);
      const po: FakePayout & { account: string } = {
        id: next('po'),
        object: 'payout',
        amount,
        currency,
        arrival_date: nowSecs() + 2 * 86_400,
        automatic: false,
        created: nowSecs(),
        description: form.description ?? null,
        destination: `ba_of_${a.id}`,
        failure_code: null,
        failure_message: null,
        metadata: metadataOf(form),
        method: 'standard',
        status: 'pending',
        type: 'bank_account',
        livemode: false,
        account: a.id,
      };
      payouts.set(po.id, po);
      move(a.id, 'payout', -amount, po.id, currency);
      const { account: _owner, ...body } = po;
      return { status: 200, body, connectEvents: [makeConnectEvent('payout.created', a.id, body)] };
    }
    const po = /^\/v1\/payouts\/([^/]+)$/.exec(path);
    if (method === 'GET' && po) {
      const found = payouts.get(decodeURIComponent(po[1]!));
      if (!found || found.account !== account) return error(404, 'No such payout', 'resource_missing');
      const { account: _owner, ...body } = found;
      return { status: 200, body };
    }
    return undefined;
  }

  /** POST /v1/payment_intents/{id}/confirm with card details, as Stripe.js sends it (or a server does). */
  function confirm(pi: FakePaymentIntent, form: Record<string, string>, byPublishableKey: boolean): Result {
    if (byPublishableKey && form.client_secret !== pi.client_secret)
      return error(
        400,
        'The client_secret provided does not match the client_secret associated with the PaymentIntent.',
        'payment_intent_invalid_parameter',
      );
    if (pi.status !== 'requires_payment_method' && pi.status !== 'requires_confirmation')
      return error(400, `You cannot confirm this PaymentIntent because it has a status of ${pi.status}.`);
    const number = (form['payment_method_data[card][number]'] ?? '').replace(/\D/g, '');
    if (form['payment_method_data[type]'] !== 'card' || !number)
      return error(
        400,
        'You must provide a payment method (payment_method_data[type]=card with its card) to confirm.',
        'parameter_missing',
      );
    const month = Number(form['payment_method_data[card][exp_month]']);
    const year = Number(form['payment_method_data[card][exp_year]']);
    const now = new Date();
    const cardError = (message: string, code: string, decline_code?: string): Result => {
      pi.status = 'requires_payment_method';
      pi.last_payment_error = { message, code, type: 'card_error', ...(decline_code ? { decline_code } : {}) };
      return {
        status: 402,
        body: { error: { ...pi.last_payment_error, payment_intent: structuredClone(pi) } },
        events: ['payment_intent.payment_failed'],
      };
    };
    if (
      !Number.isInteger(month) ||
      !Number.isInteger(year) ||
      year < now.getUTCFullYear() ||
      (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1)
    )
      return cardError('Your card has expired.', 'expired_card');
    if (!/^\d{3,4}$/.test(form['payment_method_data[card][cvc]'] ?? ''))
      return cardError('Your card’s security code is incorrect.', 'incorrect_cvc');
    const declined = DECLINED_CARDS[number];
    if (declined) return cardError(declined.message, 'card_declined', declined.decline_code);
    if (!AUTHORISED_CARDS.has(number))
      return cardError(
        'Your card was declined. Your request was in test mode, but used a non test (live) card.',
        'card_declined',
        'live_mode_test_card',
      );
    pi.payment_method = next('pm');
    pi.last_payment_error = null;
    pi.latest_charge = next('ch');
    if (pi.capture_method === 'manual') {
      pi.status = 'requires_capture';
      pi.amount_capturable = pi.amount;
      return { status: 200, body: pi, events: ['payment_intent.amount_capturable_updated'] };
    }
    pi.status = 'succeeded';
    pi.amount_received = pi.amount;
    settleCharge(pi);
    return { status: 200, body: pi, events: ['payment_intent.succeeded'] };
  }

  /**
   * A captured PaymentIntent's charge. A destination charge transfers its net (less Locora's fee)
   * to the account, converting where Stripe does: a charge the platform settles (no
   * `on_behalf_of`) in another currency than the platform's is converted to the platform's, and
   * the transfer, in the platform's currency, is converted on arrival into the account's
   * `default_currency`; a charge settled `on_behalf_of` the account is converted once, into the
   * account's currency. What landed is the destination payment (`py_`) on the account, with its
   * balance transaction, and is added to the account's balance in that currency.
   */
  function settleCharge(pi: FakePaymentIntent) {
    const id = pi.latest_charge ?? next('ch');
    pi.latest_charge = id;
    const destination = pi.transfer_data?.destination ?? null;
    const fee = pi.application_fee_amount ?? 0;
    const charge: FakeCharge = {
      id,
      payment_intent: pi.id,
      amount: pi.amount_received,
      destination,
      transfer: null,
      application_fee: pi.application_fee_amount !== null ? { id: next('fee'), amount: fee, amount_refunded: 0 } : null,
    };
    charges.set(id, charge);
    const account = destination ? accounts.get(destination) : undefined;
    if (!destination || !account) return;
    const net = pi.amount_received - fee;
    const transferCurrency = pi.on_behalf_of || pi.currency === platformCurrency ? pi.currency : platformCurrency;
    const transferAmount = convertAtTestRate(net, pi.currency, transferCurrency);
    const settledCurrency = account.default_currency;
    const settled = convertAtTestRate(transferAmount, transferCurrency, settledCurrency);
    const py = next('py');
    charge.transfer = {
      id: next('tr'),
      amount: transferAmount,
      currency: transferCurrency,
      amount_reversed: 0,
      destination_payment: py,
      settled,
      settledCurrency,
      settledReversed: 0,
    };
    // The balance transactions of the transfer: out of the platform (in the transfer's currency),
    // into the account (a payment, in what landed).
    move(undefined, 'transfer', -transferAmount, charge.transfer.id, transferCurrency);
    const txn = move(destination, 'payment', settled, py, settledCurrency);
    destinationPayments.set(py, { account: destination, charge, balanceTransaction: txn.id });
    addBalance(destination, settledCurrency, settled);
  }

  /**
   * A refund's share of a destination charge's transfer and Locora's fee, taken back in proportion
   * as Stripe does (`reverse_transfer`, `refund_application_fee`): the account's balance gives back
   * its share (it may go negative once paid out). Returns the transfer reversal's id, or null.
   */
  function reverseInProportion(charge: FakeCharge | undefined, asked: number, reverse: boolean, refundFee: boolean) {
    let reversal: string | null = null;
    if (charge?.transfer && reverse) {
      const back = Math.min(
        charge.transfer.amount - charge.transfer.amount_reversed,
        Math.round((charge.transfer.amount * asked) / charge.amount),
      );
      charge.transfer.amount_reversed += back;
      // Taken back from the account in what landed, in the same proportion (all that is left for the last of it).
      const t = charge.transfer;
      const settledBack =
        t.amount_reversed >= t.amount
          ? t.settled - t.settledReversed
          : Math.min(t.settled - t.settledReversed, Math.round((t.settled * back) / t.amount));
      t.settledReversed += settledBack;
      addBalance(charge.destination!, t.settledCurrency, -settledBack);
      reversal = next('trr');
      transferReversals.set(reversal, {
        id: reversal,
        object: 'transfer_reversal',
        amount: back,
        transfer: charge.transfer.id,
      });
      move(undefined, 'transfer_refund', back, reversal, t.currency);
      move(charge.destination!, 'payment_refund', -settledBack, next('pyr'), t.settledCurrency);
    }
    if (charge?.application_fee && refundFee) {
      const fee = charge.application_fee;
      fee.amount_refunded += Math.min(
        fee.amount - fee.amount_refunded,
        Math.round((fee.amount * asked) / charge.amount),
      );
    }
    return reversal;
  }

  function route(
    method: string,
    path: string,
    form: Record<string, string>,
    byPublishableKey = false,
    account?: string,
  ): Result {
    if (!byPublishableKey) {
      const connect = connectRoute(method, path, form, account);
      if (connect) return connect;
    }
    if (method === 'POST' && path === '/v1/payment_intents') {
      const amount = Number(form.amount);
      const currency = form.currency;
      if (!currency) return error(400, 'Missing required param: currency.', 'parameter_missing');
      if (!TEST_RATES[currency]) return error(400, `Invalid currency: ${currency}.`, 'parameter_invalid');
      if (currency !== currency.toLowerCase())
        return error(400, `Invalid currency: ${currency}. Currency codes are lower case.`, 'parameter_invalid');
      if (!Number.isInteger(amount) || amount < minimumCharge(currency))
        return error(
          400,
          `Amount must be at least ${minimumCharge(currency)} ${currency} in minor units`,
          'amount_too_small',
        );
      if (amount > maximumCharge(currency))
        return error(
          400,
          `Amount must be no more than ${maximumCharge(currency)} ${currency} in minor units`,
          'amount_too_large',
        );
      // A destination charge (Connect): refused as Stripe refuses it.
      const destination = form['transfer_data[destination]'];
      const onBehalfOf = form.on_behalf_of;
      const fee = form.application_fee_amount === undefined ? null : Number(form.application_fee_amount);
      if (fee !== null && (!Number.isInteger(fee) || fee < 0 || fee > amount))
        return error(
          400,
          'application_fee_amount must be a whole number no more than the amount.',
          'parameter_invalid_integer',
        );
      if (fee !== null && !destination && !onBehalfOf)
        return error(
          400,
          'Can only apply an application_fee_amount when the PaymentIntent is attempting a direct payment (using an OAuth key or Stripe-Account header) or destination payment (using `transfer_data[destination]`).',
          'parameter_invalid',
        );
      if (destination) {
        const dest = accounts.get(destination);
        if (!dest) return error(400, `No such destination: '${destination}'`, 'resource_missing');
        if (dest.capabilities.transfers !== 'active')
          return error(
            400,
            'Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments',
            'insufficient_capabilities_for_transfer',
          );
        if (onBehalfOf && onBehalfOf !== destination)
          return error(
            400,
            'on_behalf_of must be the same account as transfer_data[destination].',
            'parameter_invalid',
          );
        if (
          !onBehalfOf &&
          !sameRegion(dest.country, platformCountry) &&
          dest.tos_acceptance.service_agreement !== 'recipient'
        )
          return error(
            400,
            `Cannot create a destination charge for connected accounts in ${dest.country} because funds would be settled on the platform and the connected account is outside the platform's region. You may use the on_behalf_of parameter to have the charge settle in the connected account's country.`,
            'parameter_invalid',
          );
      }
      if (onBehalfOf) {
        const obo = accounts.get(onBehalfOf);
        if (!obo) return error(400, `No such account: '${onBehalfOf}'`, 'resource_missing');
        if (obo.capabilities.card_payments !== 'active')
          return error(
            400,
            'The account referenced in the on_behalf_of parameter must have the card_payments capability active.',
            'insufficient_capabilities_for_transfer',
          );
      }
      const id = next('pi');
      const metadata: Record<string, string> = {};
      const types: string[] = [];
      for (const [k, v] of Object.entries(form)) {
        const m = /^metadata\[(.+)\]$/.exec(k);
        if (m) metadata[m[1]!] = v;
        if (/^payment_method_types\[\d+\]$/.test(k)) types.push(v);
      }
      const pi: FakePaymentIntent = {
        id,
        object: 'payment_intent',
        amount,
        amount_capturable: 0,
        amount_received: 0,
        currency,
        capture_method: form.capture_method ?? 'automatic',
        client_secret: `${id}_secret_${Math.random().toString(36).slice(2, 12)}`,
        metadata,
        payment_method_types: types.length ? types : ['card'],
        status: 'requires_payment_method',
        last_payment_error: null,
        payment_method: null,
        latest_charge: null,
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        transfer_data: destination ? { destination } : null,
        application_fee_amount: fee,
        on_behalf_of: onBehalfOf ?? null,
      };
      intents.set(id, pi);
      return { status: 200, body: pi };
    }
    const m = /^\/v1\/payment_intents\/([^/]+)(\/capture|\/cancel|\/confirm)?$/.exec(path);
    if (m) {
      const pi = intents.get(decodeURIComponent(m[1]!));
      if (!pi) return error(404, 'No such payment_intent', 'resource_missing');
      if (method === 'POST' && m[2] === '/confirm') return confirm(pi, form, byPublishableKey);
      // A publishable key may only confirm (Stripe.js); everything else needs the secret key.
      if (byPublishableKey)
        return error(401, 'This API call cannot be made with a publishable API key.', 'secret_key_required');
      if (method === 'GET' && !m[2]) return { status: 200, body: pi };
      if (method === 'POST' && m[2] === '/capture') {
        if (pi.status !== 'requires_capture')
          return error(400, `This PaymentIntent could not be captured because it has a status of ${pi.status}.`);
        pi.status = 'succeeded';
        pi.amount_received = pi.amount;
        pi.amount_capturable = 0;
        settleCharge(pi);
        return { status: 200, body: pi, events: ['payment_intent.succeeded'] };
      }
      if (method === 'POST' && m[2] === '/cancel') {
        if (pi.status === 'succeeded' || pi.status === 'canceled')
          return error(400, `You cannot cancel this PaymentIntent because it has a status of ${pi.status}.`);
        pi.status = 'canceled';
        pi.amount_capturable = 0;
        return { status: 200, body: pi, events: ['payment_intent.canceled'] };
      }
    }
    if (method === 'GET' && path === '/v1/refunds') {
      const data = [...refunds.values()].filter(
        (r) => !form.payment_intent || r.payment_intent === form.payment_intent,
      );
      return { status: 200, body: { object: 'list', url: '/v1/refunds', has_more: false, data: data.reverse() } };
    }
    const r = /^\/v1\/refunds\/([^/]+)$/.exec(path);
    if (method === 'GET' && r) {
      const refund = refunds.get(decodeURIComponent(r[1]!));
      return refund ? { status: 200, body: refund } : error(404, 'No such refund', 'resource_missing');
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const pi = intents.get(form.payment_intent ?? '');
      if (!pi) return error(404, 'No such payment_intent', 'resource_missing');
      if (pi.status !== 'succeeded') return error(400, 'This PaymentIntent has not been captured.');
      const already = [...refunds.values()]
        .filter((r) => r.payment_intent === pi.id && r.status !== 'failed' && r.status !== 'canceled')
        .reduce((n, r) => n + r.amount, 0);
      if (already >= pi.amount) return error(400, 'Charge has already been refunded.', 'charge_already_refunded');
      const asked = form.amount === undefined ? pi.amount - already : Number(form.amount);
      if (!Number.isInteger(asked) || asked < 1)
        return error(400, 'Invalid positive integer: amount', 'parameter_invalid_integer');
      if (asked > pi.amount - already)
        return error(
          400,
          `Refund amount ($${(asked / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${((pi.amount - already) / 100).toFixed(2)})`,
          'amount_too_large',
        );
      // Captured outside these calls (a test setting the status, as Stripe's dashboard would): its money moved then.
      if (!pi.latest_charge || !charges.has(pi.latest_charge)) settleCharge(pi);
      const charge = pi.latest_charge ? charges.get(pi.latest_charge) : undefined;
      if (form.reverse_transfer !== undefined && !charge?.transfer)
        return error(400, 'reverse_transfer can only be used for refunds of destination charges.', 'parameter_invalid');
      if (form.refund_application_fee !== undefined && !charge?.application_fee)
        return error(
          400,
          'refund_application_fee can only be used for charges with an application fee.',
          'parameter_invalid',
        );
      const refund: {
        id: string;
        object: 'refund';
        amount: number;
        currency: string;
        payment_intent: string;
        status: string;
        transfer_reversal?: string | null;
        metadata?: Record<string, string>;
      } = {
        id: next('re'),
        object: 'refund' as const,
        amount: asked,
        currency: pi.currency,
        payment_intent: pi.id,
        status: refundStatus,
        transfer_reversal: null,
        metadata: metadataOf(form),
      };
      refund.transfer_reversal = reverseInProportion(
        charge,
        asked,
        bool(form.reverse_transfer),
        bool(form.refund_application_fee),
      );
      refunds.set(refund.id, refund);
      movePayment(pi, 'refund', -asked, refund.id);
      return { status: 200, body: refund, events: refund.status === 'succeeded' ? ['charge.refunded'] : [] };
    }
    return error(404, `Unrecognized request URL (${method}: ${path}).`, 'resource_missing');
  }

  // =====================================================================================
  // Earnings, payouts, processing fees and disputes (decision 039). Shapes from Stripe's API
  // reference: the Charge (`balance_transaction`), the BalanceTransaction (`fee`, `fee_details`,
  // `net`, `source`), the Payout (`status` paid | pending | in_transit | canceled | failed,
  // `failure_code`, `failure_message`, `arrival_date`) listed on a connected account with the
  // Stripe-Account header, and the Dispute (`status`, `reason`, `evidence_details.due_by`,
  // `balance_transactions`), also listed by `charge` or `payment_intent` (a payout asks first,
  // decision 046). Kept apart from the PaymentIntent calls above.
  // =====================================================================================
  type FakeBalanceTransaction = {
    id: string;
    object: 'balance_transaction';
    amount: number;
    available_on: number;
    created: number;
    currency: string;
    description: string | null;
    fee: number;
    fee_details: { amount: number; application: string | null; currency: string; description: string; type: string }[];
    net: number;
    reporting_category: string;
    source: string | null;
    status: string;
    type: string;
    /** Set when the amount was converted from the charge's currency into the balance's (Stripe's field). */
    exchange_rate: number | null;
  };
  /** The evidence fields Stripe's dispute update takes as text (files are other fields). */
  const DISPUTE_EVIDENCE_FIELDS = new Set([
    'access_activity_log',
    'billing_address',
    'cancellation_policy_disclosure',
    'cancellation_rebuttal',
    'customer_email_address',
    'customer_name',
    'customer_purchase_ip',
    'duplicate_charge_explanation',
    'product_description',
    'refund_policy_disclosure',
    'refund_refusal_explanation',
    'service_date',
    'shipping_address',
    'shipping_carrier',
    'shipping_date',
    'shipping_tracking_number',
    'uncategorized_text',
  ]);
  type FakeDispute = {
    id: string;
    object: 'dispute';
    amount: number;
    evidence?: Record<string, string>;
    balance_transactions: FakeBalanceTransaction[];
    charge: string;
    created: number;
    currency: string;
    evidence_details: { due_by: number | null; has_evidence: boolean; past_due: boolean; submission_count: number };
    is_charge_refundable: boolean;
    livemode: false;
    metadata: Record<string, string>;
    payment_intent: string;
    reason: string;
    status: string;
  };
  const balanceTransactions = new Map<string, FakeBalanceTransaction>();
  /** The connected account each balance transaction belongs to (absent: the platform's). */
  const transactionAccount = new Map<string, string>();
  const transferReversals = new Map<
    string,
    { id: string; object: 'transfer_reversal'; amount: number; transfer: string }
  >();
  /** A movement of an account's balance (undefined: the platform's), as Stripe records one per money movement. */
  function move(account: string | undefined, type: string, amount: number, source: string, currency = 'usd') {
    const txn = balanceTransaction({
      amount,
      fee: 0,
      type,
      reporting_category: type,
      source,
      status: 'available',
      currency,
    });
    if (account) transactionAccount.set(txn.id, account);
    return txn;
  }
  /**
   * The currency a PaymentIntent settles in on the platform's balance: its own when it is the
   * platform's or the charge is made `on_behalf_of` an account (settled in that account's
   * country), else the platform's, converted at the test rate (Stripe's `exchange_rate`).
   */
  function settlementOf(pi: FakePaymentIntent) {
    const currency = pi.on_behalf_of || pi.currency === platformCurrency ? pi.currency : platformCurrency;
    const convert = (amount: number) => convertAtTestRate(amount, pi.currency, currency);
    const rate = currency === pi.currency ? null : convert(1_000_000) / 1_000_000;
    return { currency, convert, rate };
  }
  /** A balance movement of the platform for a PaymentIntent's money, in the currency it settles in. */
  function movePayment(pi: FakePaymentIntent, type: string, amount: number, source: string) {
    const s = settlementOf(pi);
    const txn = move(undefined, type, s.convert(amount), source, s.currency);
    txn.exchange_rate = s.rate;
    return txn;
  }
  /** The balance transaction of each captured charge, by charge id. */
  const chargeTransactions = new Map<string, string>();
  /** Processing fees set by a test, by PaymentIntent (otherwise Stripe's US card price, 2.9 % + 30 cents). */
  const processingFees = new Map<string, number>();
  const disputes = new Map<string, FakeDispute>();
  /** Dispute fee Stripe withdraws with the disputed amount (US: $15). */
  const DISPUTE_FEE = 1500;

  function balanceTransaction(fields: Partial<FakeBalanceTransaction> & { amount: number; fee: number }) {
    const txn: FakeBalanceTransaction = {
      id: next('txn'),
      object: 'balance_transaction',
      available_on: nowSecs() + 2 * 86_400,
      created: nowSecs(),
      currency: 'usd',
      description: null,
      fee_details: fields.fee
        ? [
            {
              amount: fields.fee,
              application: null,
              currency: 'usd',
              description: 'Stripe processing fees',
              type: 'stripe_fee',
            },
          ]
        : [],
      net: fields.amount - fields.fee,
      reporting_category: 'charge',
      source: null,
      status: 'pending',
      type: 'charge',
      exchange_rate: null,
      ...fields,
    };
    balanceTransactions.set(txn.id, txn);
    return txn;
  }

  /** The charge of a PaymentIntent, as GET /v1/charges/{id} answers; its balance transaction exists once captured. */
  function chargeOf(pi: FakePaymentIntent) {
    const id = pi.latest_charge!;
    const captured = pi.status === 'succeeded';
    if (captured && !chargeTransactions.has(id)) {
      // Settled in the platform's balance: converted when the charge's currency is not the balance's.
      const settle = settlementOf(pi);
      const amount = settle.convert(pi.amount_received || pi.amount);
      const fee = processingFees.get(pi.id) ?? Math.round(amount * 0.029) + 30;
      const txn = balanceTransaction({
        amount,
        fee,
        source: id,
        currency: settle.currency,
        exchange_rate: settle.rate,
      });
      txn.fee_details.forEach((d) => (d.currency = settle.currency));
      chargeTransactions.set(id, txn.id);
    }
    const refunded = [...refunds.values()]
      .filter((r) => r.payment_intent === pi.id && r.status === 'succeeded')
      .reduce((n, r) => n + r.amount, 0);
    return {
      id,
      object: 'charge' as const,
      amount: pi.amount,
      amount_captured: captured ? pi.amount_received : 0,
      amount_refunded: refunded,
      balance_transaction: chargeTransactions.get(id) ?? null,
      captured,
      currency: pi.currency,
      // A destination charge (the Connect part above): its transfer and Locora's application fee.
      transfer: charges.get(id)?.transfer?.id ?? null,
      application_fee: charges.get(id)?.application_fee?.id ?? null,
      application_fee_amount: pi.application_fee_amount,
      transfer_data: pi.transfer_data,
      disputed: [...disputes.values()].some((d) => d.charge === id),
      livemode: false,
      paid: true,
      payment_intent: pi.id,
      refunded: refunded >= pi.amount && refunded > 0,
      status: 'succeeded',
    };
  }

  /** The calls of this section; undefined: not one of them (the PaymentIntent routes answer). */
  function moneyRoute(
    method: string,
    path: string,
    form: Record<string, string>,
    stripeAccount: string | undefined,
  ): Result | undefined {
    const charge = /^\/v1\/charges\/([^/]+)$/.exec(path);
    if (method === 'GET' && charge && stripeAccount === undefined) {
      const id = decodeURIComponent(charge[1]!);
      const pi = [...intents.values()].find((p) => p.latest_charge === id);
      return pi ? { status: 200, body: chargeOf(pi) } : error(404, `No such charge: '${id}'`, 'resource_missing');
    }
    const transfer = /^\/v1\/transfers\/([^/]+)$/.exec(path);
    if (method === 'GET' && transfer) {
      const id = decodeURIComponent(transfer[1]!);
      const found = stripeAccount === undefined ? transferObject(id) : undefined;
      return found ? { status: 200, body: found } : error(404, `No such transfer: '${id}'`, 'resource_missing');
    }
    if (method === 'GET' && charge && stripeAccount !== undefined) {
      // A destination payment, read on the account it landed on.
      const id = decodeURIComponent(charge[1]!);
      const py = destinationPayments.get(id);
      if (!py || py.account !== stripeAccount) return error(404, `No such charge: '${id}'`, 'resource_missing');
      const t = py.charge.transfer!;
      return {
        status: 200,
        body: {
          id,
          object: 'charge',
          amount: t.settled,
          amount_refunded: t.settledReversed,
          balance_transaction: py.balanceTransaction,
          currency: t.settledCurrency,
          source_transfer: t.id,
          paid: true,
          status: 'succeeded',
          livemode: false,
        },
      };
    }
    const txn = /^\/v1\/balance_transactions\/([^/]+)$/.exec(path);
    if (method === 'GET' && txn && stripeAccount !== undefined) {
      const id = decodeURIComponent(txn[1]!);
      const found = balanceTransactions.get(id);
      return found && transactionAccount.get(id) === stripeAccount
        ? { status: 200, body: found }
        : error(404, `No such balance transaction: '${id}'`, 'resource_missing');
    }
    if (method === 'GET' && txn) {
      const id = decodeURIComponent(txn[1]!);
      const found = balanceTransactions.get(id);
      return found
        ? { status: 200, body: found }
        : error(404, `No such balance transaction: '${id}'`, 'resource_missing');
    }
    if (method === 'GET' && path === '/v1/payouts') {
      const limit = form.limit === undefined ? 10 : Number(form.limit);
      if (!Number.isInteger(limit) || limit < 1 || limit > 100)
        return error(400, 'Invalid integer: limit must be between 1 and 100', 'parameter_invalid_integer');
      // Without Stripe-Account these are the platform's own payouts (none here). Newest first.
      let data = [...payouts.values()]
        .filter((p) => stripeAccount !== undefined && p.account === stripeAccount)
        .map(({ account: _owner, ...body }) => body)
        .reverse();
      if (form.status) data = data.filter((p) => p.status === form.status);
      if (form.starting_after) {
        const at = data.findIndex((p) => p.id === form.starting_after);
        data = at === -1 ? [] : data.slice(at + 1);
      }
      return {
        status: 200,
        body: { object: 'list', url: '/v1/payouts', has_more: data.length > limit, data: data.slice(0, limit) },
      };
    }
    if (method === 'GET' && path === '/v1/disputes') {
      const limit = form.limit === undefined ? 10 : Number(form.limit);
      if (!Number.isInteger(limit) || limit < 1 || limit > 100)
        return error(400, 'Invalid integer: limit must be between 1 and 100', 'parameter_invalid_integer');
      // Newest first, filtered by charge or PaymentIntent as Stripe's list is.
      const data = [...disputes.values()]
        .filter(
          (d) =>
            (!form.charge || d.charge === form.charge) &&
            (!form.payment_intent || d.payment_intent === form.payment_intent),
        )
        .reverse();
      return {
        status: 200,
        body: { object: 'list', url: '/v1/disputes', has_more: data.length > limit, data: data.slice(0, limit) },
      };
    }
    const dispute = /^\/v1\/disputes\/([^/]+)$/.exec(path);
    if (method === 'GET' && dispute) {
      const id = decodeURIComponent(dispute[1]!);
      const found = disputes.get(id);
      return found ? { status: 200, body: found } : error(404, `No such dispute: '${id}'`, 'resource_missing');
    }
    // Update a dispute (Stripe's dispute update API): its evidence, and `submit=true` to send it.
    // Refused once it no longer needs a response, or past its evidence deadline.
    if (method === 'POST' && dispute) {
      const id = decodeURIComponent(dispute[1]!);
      const found = disputes.get(id);
      if (!found) return error(404, `No such dispute: '${id}'`, 'resource_missing');
      if (found.status !== 'needs_response' && found.status !== 'warning_needs_response')
        return error(400, `This dispute is ${found.status} and can no longer be updated.`, 'invalid_request_error');
      const due = found.evidence_details.due_by;
      if (due !== null && nowSecs() > due)
        return error(400, 'The evidence submission deadline for this dispute has passed.', 'invalid_request_error');
      const evidence: Record<string, string> = {};
      for (const [k, v] of Object.entries(form)) {
        const m = /^evidence\[([a-z_]+)\]$/.exec(k);
        if (!m) continue;
        if (!DISPUTE_EVIDENCE_FIELDS.has(m[1]!))
          return error(400, `Received unknown parameter: ${k}`, 'parameter_unknown');
        evidence[m[1]!] = v;
      }
      if (Object.values(evidence).reduce((n, v) => n + v.length, 0) > 150_000)
        return error(
          400,
          'The evidence text fields may hold at most 150,000 characters together.',
          'parameter_invalid',
        );
      found.evidence = { ...found.evidence, ...evidence };
      found.evidence_details.has_evidence = Object.keys(found.evidence).length > 0;
      if (bool(form.submit)) {
        found.evidence_details.submission_count += 1;
        found.status = found.status === 'warning_needs_response' ? 'warning_under_review' : 'under_review';
      }
      return { status: 200, body: found };
    }
    if (method === 'GET' && path === '/v1/balance_transactions') return listBalanceTransactions(form, stripeAccount);
    return undefined;
  }

  /** A destination charge's transfer, as GET /v1/transfers/{id} answers. */
  function transferObject(id: string) {
    const charge = [...charges.values()].find((c) => c.transfer?.id === id);
    if (!charge?.transfer) return undefined;
    const pi = intents.get(charge.payment_intent);
    return {
      id,
      object: 'transfer' as const,
      amount: charge.transfer.amount,
      amount_reversed: charge.transfer.amount_reversed,
      // The charge's currency, or the platform's when the platform settled and converted it.
      currency: charge.transfer.currency ?? pi?.currency,
      destination: charge.destination,
      destination_payment: charge.transfer.destination_payment,
      reversed: charge.transfer.amount_reversed >= charge.transfer.amount,
      source_transaction: charge.id,
      livemode: false,
    };
  }

  /** The object a balance transaction's `source` names, for `expand[]=data.source`. */
  function sourceObject(id: string | null, account: string | undefined): unknown {
    if (!id) return null;
    if (id.startsWith('ch_')) {
      const pi = [...intents.values()].find((p) => p.latest_charge === id);
      return pi ? chargeOf(pi) : id;
    }
    if (id.startsWith('re_')) return refunds.get(id) ?? id;
    if (id.startsWith('tr_')) return transferObject(id) ?? id;
    if (id.startsWith('trr_')) return transferReversals.get(id) ?? id;
    if (id.startsWith('dp_')) return disputes.get(id) ?? id;
    if (id.startsWith('po_')) {
      const po = payouts.get(id);
      if (!po || po.account !== account) return id;
      const { account: _owner, ...body } = po;
      return body;
    }
    return id;
  }

  /**
   * GET /v1/balance_transactions, as Stripe answers it: the platform's (or, with Stripe-Account, a
   * connected account's) balance transactions, newest first; `limit` 1 to 100 (default 10),
   * `starting_after` (an id of the list: the page after it), `created[gt|gte|lt|lte]` (Unix
   * seconds), `type`, `source`, and `expand[]=data.source` (each source as its object).
   */
  function listBalanceTransactions(form: Record<string, string>, account: string | undefined): Result {
    const limit = form.limit === undefined ? 10 : Number(form.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > 100)
      return error(400, 'Invalid integer: limit must be between 1 and 100', 'parameter_invalid_integer');
    if (account !== undefined && !accounts.has(account))
      return error(403, 'The provided key does not have access to account.', 'account_invalid');
    // A captured charge's transaction exists whether or not it was read yet.
    if (account === undefined)
      for (const pi of intents.values()) if (pi.status === 'succeeded' && pi.latest_charge) chargeOf(pi);
    const bound = (key: string) => {
      const v = form[`created[${key}]`];
      if (v === undefined) return undefined;
      const n = Number(v);
      return Number.isInteger(n) ? n : NaN;
    };
    const [gt, gte, lt, lte] = ['gt', 'gte', 'lt', 'lte'].map(bound);
    if ([gt, gte, lt, lte].some((v) => Number.isNaN(v)))
      return error(400, 'Invalid timestamp: created', 'parameter_invalid_integer');
    let data = [...balanceTransactions.values()]
      .filter((t) => transactionAccount.get(t.id) === account)
      .filter(
        (t) =>
          (gt === undefined || t.created > gt) &&
          (gte === undefined || t.created >= gte) &&
          (lt === undefined || t.created < lt) &&
          (lte === undefined || t.created <= lte) &&
          (!form.type || t.type === form.type) &&
          (!form.source || t.source === form.source),
      )
      .sort((a, b) => b.created - a.created || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
    if (form.starting_after) {
      const at = data.findIndex((t) => t.id === form.starting_after);
      if (at === -1) return error(400, `No such balance transaction: '${form.starting_after}'`, 'resource_missing');
      data = data.slice(at + 1);
    }
    const expand = Object.entries(form).some(([k, v]) => /^expand\[\d*\]$/.test(k) && v === 'data.source');
    const page = data.slice(0, limit).map((t) => (expand ? { ...t, source: sourceObject(t.source, account) } : t));
    return {
      status: 200,
      body: { object: 'list', url: '/v1/balance_transactions', has_more: data.length > limit, data: page },
    };
  }

  const money = {
    balanceTransactions,
    payouts,
    disputes,
    /**
     * Forgets every balance transaction so far (as clearing a test account's data does): a test
     * that reconciles starts from an empty history while the server lives for a whole file.
     */
    forgetBalanceHistory() {
      for (const pi of intents.values()) if (pi.status === 'succeeded' && pi.latest_charge) chargeOf(pi);
      balanceTransactions.clear();
      transactionAccount.clear();
      for (const d of disputes.values()) d.balance_transactions = [];
    },
    /** Stripe's processing fee on a PaymentIntent's charge (set before it is first read). */
    setProcessingFee(piId: string, cents: number) {
      processingFees.set(piId, cents);
    },
    /**
     * A payout already on a connected account (made by Stripe or in its dashboard, outside the
     * balance the Connect part keeps), for listing: status paid unless told.
     */
    addPayout(
      account: string,
      fields: Partial<
        Pick<FakePayout, 'amount' | 'status' | 'failure_code' | 'failure_message' | 'arrival_date' | 'created'>
      > = {},
    ) {
      const payout: FakePayout & { account: string } = {
        id: next('po'),
        object: 'payout',
        amount: 1000,
        currency: accounts.get(account)?.default_currency ?? 'usd',
        arrival_date: nowSecs() + 2 * 86_400,
        automatic: false,
        created: nowSecs(),
        description: null,
        destination: `ba_of_${account}`,
        failure_code: null,
        failure_message: null,
        metadata: {},
        method: 'standard',
        status: 'paid',
        type: 'bank_account',
        livemode: false,
        ...fields,
        account,
      };
      payouts.set(payout.id, payout);
      if (payout.status !== 'failed' && payout.status !== 'canceled')
        move(account, 'payout', -payout.amount, payout.id, payout.currency);
      return payout;
    },
    /** The traveler's bank disputes a captured payment: the amount and Stripe's fee are withdrawn. */
    openDispute(piId: string, fields: { amount?: number; reason?: string; dueBy?: number; status?: string } = {}) {
      const pi = intent(piId);
      if (!pi.latest_charge) throw new Error(`PaymentIntent ${piId} has no charge`);
      const amount = fields.amount ?? pi.amount_received ?? pi.amount;
      const d: FakeDispute = {
        id: next('dp'),
        object: 'dispute',
        amount,
        balance_transactions: [
          balanceTransaction({
            amount: -amount,
            fee: DISPUTE_FEE,
            reporting_category: 'dispute',
            type: 'adjustment',
            description: 'Chargeback withdrawal',
          }),
        ],
        charge: pi.latest_charge,
        created: nowSecs(),
        currency: pi.currency,
        evidence_details: {
          due_by: fields.dueBy ?? nowSecs() + 7 * 86_400,
          has_evidence: false,
          past_due: false,
          submission_count: 0,
        },
        is_charge_refundable: false,
        livemode: false,
        metadata: {},
        payment_intent: pi.id,
        reason: fields.reason ?? 'fraudulent',
        status: fields.status ?? 'needs_response',
      };
      for (const txn of d.balance_transactions) txn.source = d.id;
      disputes.set(d.id, d);
      return d;
    },
    /** The card network decided (won: the amount comes back) or the dispute moved on. */
    setDisputeStatus(id: string, status: string) {
      const d = disputes.get(id);
      if (!d) throw new Error(`no dispute ${id}`);
      d.status = status;
      if (status === 'won')
        d.balance_transactions.push(
          balanceTransaction({
            amount: d.amount,
            fee: 0,
            reporting_category: 'dispute_reversal',
            type: 'adjustment',
            description: 'Chargeback reversal',
            source: d.id,
          }),
        );
      return d;
    },
    /** charge.dispute.created / .updated / .closed with the dispute as it is now (or overridden: a stale snapshot). */
    disputeEvent(type: string, id: string, overrides: Record<string, unknown> = {}) {
      const d = disputes.get(id);
      if (!d) throw new Error(`no dispute ${id}`);
      eventSeq += 1;
      return {
        id: `evt_test${String(eventSeq).padStart(6, '0')}_${Math.random().toString(36).slice(2, 8)}`,
        object: 'event',
        api_version: '2025-01-01',
        created: nowSecs(),
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
        data: { object: { ...structuredClone(d), ...overrides } },
      };
    },
  };
  // ===================================================================== end of decision 039's part

  const deliveries: WebhookDelivery[] = [];
  let delivering: Promise<void> = Promise.resolve();
  /** Sends the events of a change to `forwardWebhooksTo`, in order, after those of earlier changes. */
  function forward(types: string[], piId: string) {
    const target = options.forwardWebhooksTo;
    if (!target || types.length === 0) return;
    // The events are made now (the PaymentIntent as this change left it), sent in turn.
    const events = types.map((type) => ({ type, event: makeEvent(type, piId) }));
    delivering = delivering.then(async () => {
      for (const { type, event } of events) {
        const { payload, signature } = signEvent(event);
        const status = await new Promise<number>((resolve) => {
          const req = http.request(
            target,
            {
              method: 'POST',
              headers: {
                'content-type': 'application/json; charset=utf-8',
                'content-length': Buffer.byteLength(payload),
                'stripe-signature': signature,
                'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
              },
            },
            (res) => {
              res.resume();
              res.on('end', () => resolve(res.statusCode ?? 0));
            },
          );
          req.on('error', () => resolve(0));
          req.end(payload);
        });
        deliveries.push({ id: event.id, type, paymentIntent: piId, status });
      }
    });
  }

  /** Sends Connect events (built already) to `forwardWebhooksTo`, signed with the Connect secret, in turn. */
  function forwardConnect(events: ReturnType<typeof makeConnectEvent>[]) {
    const target = options.forwardWebhooksTo;
    if (!target || events.length === 0) return;
    delivering = delivering.then(async () => {
      for (const event of events) {
        const status = await post(target, signEvent(event, connectWebhookSecret));
        deliveries.push({ id: event.id, type: event.type, paymentIntent: '', status });
      }
    });
  }
  function post(target: string, { payload, signature }: { payload: string; signature: string }) {
    return new Promise<number>((resolve) => {
      const req = http.request(
        target,
        {
          method: 'POST',
          headers: {
            'content-type': 'application/json; charset=utf-8',
            'content-length': Buffer.byteLength(payload),
            'stripe-signature': signature,
            'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', () => resolve(0));
      req.end(payload);
    });
  }

  /** The stand-in for Stripe's hosted onboarding page (GET /setup/e/{account}/{token}). */
  function onboardingPage(url: URL, res: http.ServerResponse) {
    const m = /^\/setup\/e\/([^/]+)\/([^/]+)$/.exec(url.pathname);
    const link = m ? accountLinks.get(decodeURIComponent(m[2]!)) : undefined;
    const html = (status: number, body: string) => {
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Stripe onboarding (stand-in)</title></head><body>${body}</body></html>`,
      );
    };
    if (!m || !link || link.account !== decodeURIComponent(m[1]!)) return html(404, '<h1>Unknown link</h1>');
    const redirect = (to: string) => {
      res.writeHead(303, { location: to });
      res.end();
    };
    // A link is used once: opened again (or expired), Stripe sends the provider to refresh_url.
    if (url.searchParams.get('action') === 'exit') return redirect(link.refresh_url);
    if (url.searchParams.get('action') === 'submit') {
      if (link.used) return redirect(link.refresh_url);
      link.used = true;
      const a = accounts.get(link.account)!;
      applyAccountState(a, onboardingOutcome, onboardingOutcome === 'restricted' ? 'rejected.other' : undefined);
      forwardConnect([makeConnectEvent('account.updated', a.id, a)]);
      return redirect(link.return_url);
    }
    if (link.used) return redirect(link.refresh_url);
    return html(
      200,
      `<main><h1>Set up payouts for Locora</h1><p>Stripe’s onboarding (test stand-in) for ${link.account}.</p>` +
        `<form method="get"><input type="hidden" name="action" value="submit"><button type="submit">Submit details</button></form>` +
        `<form method="get"><input type="hidden" name="action" value="exit"><button type="submit">Exit</button></form></main>`,
    );
  }

  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => void answer(req, res, body));
  });
  /** Runs before a call is answered (a test making a change "while Stripe is working"), once. */
  let beforeAnswer: ((call: Call) => Promise<void> | void) | undefined;
  async function answer(req: http.IncomingMessage, res: http.ServerResponse, body: string) {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (req.method === 'GET' && url.pathname.startsWith('/setup/e/')) return onboardingPage(url, res);
    const stripeAccount = typeof req.headers['stripe-account'] === 'string' ? req.headers['stripe-account'] : undefined;
    const key = req.headers['idempotency-key'];
    const idempotencyKey = typeof key === 'string' ? key : undefined;
    // A GET's parameters are in its query string (e.g. GET /v1/refunds?payment_intent=...).
    const form = { ...Object.fromEntries(url.searchParams), ...parseForm(body) };
    const call = { method: req.method ?? 'GET', path: url.pathname, idempotencyKey, form, account: stripeAccount };
    calls.push(call);
    if (beforeAnswer) {
      const hook = beforeAnswer;
      beforeAnswer = undefined;
      await hook(call);
    }
    const send = (status: number, payload: unknown, replayed = false) => {
      res.writeHead(status, {
        'content-type': 'application/json',
        // As api.stripe.com answers, so that Stripe.js may read the answer from the page's origin.
        'access-control-allow-origin': '*',
        'request-id': `req_${seq}`,
        ...(replayed ? { 'idempotent-replayed': 'true' } : {}),
      });
      res.end(typeof payload === 'string' ? payload : JSON.stringify(payload));
    };
    // Stripe.js calls with the publishable key in the form (and the client secret); servers with the secret key.
    const bySecretKey = req.headers.authorization === 'Bearer sk_test_locora';
    const byPublishableKey = !bySecretKey && !req.headers.authorization && form.key === publishableKey;
    if (!bySecretKey && !byPublishableKey)
      return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    if (mode === 'hang') {
      hanging.add(res);
      return;
    }
    if (mode === 'fail')
      return send(500, { error: { type: 'api_error', message: 'Something went wrong on Stripe’s end.' } });
    const signature = `${req.method} ${url.pathname} ${stripeAccount ?? ''} ${body}`;
    if (idempotencyKey && req.method === 'POST') {
      const seen = idempotent.get(idempotencyKey);
      if (seen) {
        if (seen.request !== signature)
          return send(400, {
            error: {
              type: 'idempotency_error',
              message:
                'Keys for idempotent requests can only be used with the same parameters they were first used with.',
            },
          });
        if (mode === 'apply-then-hang') {
          hanging.add(res);
          return;
        }
        return send(seen.status, seen.body, true);
      }
    }
    const result =
      (byPublishableKey ? undefined : moneyRoute(req.method ?? 'GET', url.pathname, form, stripeAccount)) ??
      route(req.method ?? 'GET', url.pathname, form, byPublishableKey, stripeAccount);
    if (result.connectEvents) forwardConnect(result.connectEvents);
    const text = JSON.stringify(result.body);
    const changed = /^\/v1\/payment_intents\/([^/]+)/.exec(url.pathname)?.[1] ?? form.payment_intent;
    if (result.events && changed) forward(result.events, decodeURIComponent(changed));
    if (idempotencyKey && req.method === 'POST' && result.status < 500 && !idempotent.has(idempotencyKey))
      idempotent.set(idempotencyKey, { request: signature, status: result.status, body: text });
    if (mode === 'apply-then-hang' && req.method === 'POST') {
      hanging.add(res);
      return;
    }
    send(result.status, text);
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const webhookSecret = 'whsec_locora_test';
  const connectWebhookSecret = options.connectWebhookSecret ?? webhookSecret;
  let eventSeq = 0;

  function intent(id: string): FakePaymentIntent {
    const pi = intents.get(id);
    if (!pi) throw new Error(`no PaymentIntent ${id}`);
    return pi;
  }

  /** A webhook event of `type` about a PaymentIntent as it is now (or a charge.refunded of it). */
  function makeEvent(type: string, piId: string, overrides: Record<string, unknown> = {}) {
    const pi = intent(piId);
    eventSeq += 1;
    const object =
      type === 'charge.refunded'
        ? {
            id: pi.latest_charge ?? `ch_of_${pi.id}`,
            object: 'charge',
            amount: pi.amount,
            amount_refunded: pi.amount,
            refunded: true,
            payment_intent: pi.id,
            ...overrides,
          }
        : type === 'refund.failed' || type === 'refund.updated' || type === 'charge.refund.updated'
          ? {
              ...structuredClone([...refunds.values()].filter((r) => r.payment_intent === pi.id).at(-1)),
              ...overrides,
            }
          : { ...structuredClone(pi), ...overrides };
    return {
      id: `evt_test${String(eventSeq).padStart(6, '0')}_${Math.random().toString(36).slice(2, 8)}`,
      object: 'event',
      api_version: '2025-01-01',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object },
    };
  }
  /** The body and Stripe-Signature header of an event, signed as Stripe signs (or with another secret). */
  function signEvent(event: unknown, secret = webhookSecret) {
    const payload = JSON.stringify(event);
    return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
  }

  return {
    /** Earnings, payouts, processing fees and disputes (decision 039). */
    money,
    url: `http://127.0.0.1:${port}`,
    secretKey: 'sk_test_locora',
    publishableKey,
    webhookSecret,
    calls,
    intents,
    refunds,
    intent,
    /** What Stripe.js does when the traveler's card is accepted: the amount is held. */
    authorize(id: string) {
      const pi = intent(id);
      pi.status = 'requires_capture';
      pi.amount_capturable = pi.amount;
      pi.latest_charge = next('ch');
      return pi;
    },
    /** The traveler's card was declined: the PaymentIntent waits for another card. */
    declineCard(id: string, message = 'Your card was declined.') {
      const pi = intent(id);
      pi.status = 'requires_payment_method';
      pi.last_payment_error = { message, code: 'card_declined', type: 'card_error' };
      return pi;
    },
    /** The status new refunds get (and, for a refund made already, set it: Stripe finished or failed it, and why). */
    setRefundStatus(status: string, refundId?: string, failureReason?: string) {
      if (refundId) {
        const refund = refunds.get(refundId);
        if (!refund) throw new Error(`no refund ${refundId}`);
        // A refund that fails gives the money back to the platform's balance (refund_failure).
        if (
          (status === 'failed' || status === 'canceled') &&
          refund.status !== 'failed' &&
          refund.status !== 'canceled'
        )
          movePayment(intent(refund.payment_intent), 'refund_failure', refund.amount, refund.id);
        refund.status = status;
        if (failureReason) refund.failure_reason = failureReason;
      } else refundStatus = status;
    },
    /**
     * A refund made outside Locora (Stripe's dashboard), succeeded at once: all of what was taken
     * unless told; with `reverseTransfer` (the dashboard's "reverse the transfer" box) a destination
     * charge's transfer and fee are taken back in proportion, as the API's refund does.
     */
    refundInDashboard(id: string, amount?: number, opts: { reverseTransfer?: boolean } = {}) {
      const pi = intent(id);
      const asked = amount ?? pi.amount_received;
      const charge = pi.latest_charge ? charges.get(pi.latest_charge) : undefined;
      const reverse = !!opts.reverseTransfer;
      const refund = {
        id: next('re'),
        object: 'refund' as const,
        amount: asked,
        currency: pi.currency,
        payment_intent: pi.id,
        status: 'succeeded',
        transfer_reversal: reverseInProportion(charge, asked, reverse, reverse),
      };
      refunds.set(refund.id, refund);
      movePayment(pi, 'refund', -asked, refund.id);
      return refund;
    },
    /** Runs `hook` before the next call is answered (then it is gone). */
    beforeNextAnswer(hook: (call: Call) => Promise<void> | void) {
      beforeAnswer = hook;
    },
    setMode(next: typeof mode) {
      mode = next;
      if (next === 'ok' || next === 'fail') {
        for (const res of hanging) res.destroy();
        hanging.clear();
      }
    },
    /** A webhook event of `type` about a PaymentIntent as it is now (or a charge.refunded of it). */
    event: makeEvent,
    connectWebhookSecret,
    platformCountry,
    accounts,
    payouts,
    charges,
    /** A connected account as Stripe has it now. */
    account(id: string): FakeAccount {
      const a = accounts.get(id);
      if (!a) throw new Error(`no account ${id}`);
      return a;
    },
    /** A connected account's balance in `currency` (its default currency unless told), in minor units. */
    balanceOf: (id: string, currency?: string) =>
      balanceIn(id, currency ?? accounts.get(id)?.default_currency ?? 'usd'),
    /** The currencies an account's balance holds, with their amounts. */
    balancesOf: (id: string) => Object.fromEntries(balances.get(id) ?? []),
    platformCurrency,
    /** Moves an account to `state` as Stripe would (restricted: for `disabledReason`); returns its account.updated event (sent when forwarding). */
    setAccountState(id: string, state: AccountStateName, disabledReason?: string) {
      const a = accounts.get(id);
      if (!a) throw new Error(`no account ${id}`);
      applyAccountState(a, state, disabledReason);
      const event = makeConnectEvent('account.updated', a.id, a);
      forwardConnect([event]);
      return event;
    },
    /** The state the onboarding stand-in leaves an account in when its details are submitted (default active). */
    setOnboardingOutcome(state: AccountStateName) {
      onboardingOutcome = state;
    },
    /** The bank took the payout: payout.paid (sent when forwarding, and returned). */
    payPayout(id: string) {
      const po = payouts.get(id);
      if (!po) throw new Error(`no payout ${id}`);
      po.status = 'paid';
      const { account, ...body } = po;
      const event = makeConnectEvent('payout.paid', account, body);
      forwardConnect([event]);
      return event;
    },
    /**
     * The bank refused the payout: payout.failed with Stripe's code and message; the money is back
     * in the balance. As Stripe does, the bank account is marked errored and payouts to the account
     * stop (`payouts_enabled` false, `external_account` due) until its details are replaced; that
     * account.updated is sent when forwarding (`accountUpdated` builds it for a test to post).
     */
    failPayout(id: string, code = 'account_closed', message = 'The bank account has been closed.') {
      const po = payouts.get(id);
      if (!po) throw new Error(`no payout ${id}`);
      po.status = 'failed';
      po.failure_code = code;
      po.failure_message = message;
      addBalance(po.account, po.currency, po.amount);
      move(po.account, 'payout_failure', po.amount, po.id, po.currency);
      const a = accounts.get(po.account);
      if (a) {
        a.payouts_enabled = false;
        for (const list of [a.requirements.currently_due, a.requirements.past_due])
          if (!list.includes('external_account')) list.push('external_account');
      }
      const { account, ...body } = po;
      const event = makeConnectEvent('payout.failed', account, body);
      forwardConnect(a ? [event, makeConnectEvent('account.updated', a.id, a)] : [event]);
      return event;
    },
    /** An account.updated event of the account as it is now (not sent). */
    accountUpdated(id: string) {
      const a = accounts.get(id);
      if (!a) throw new Error(`no account ${id}`);
      return makeConnectEvent('account.updated', a.id, a);
    },
    /**
     * The provider replaced the errored bank account (in Stripe's dashboard): payouts are enabled
     * again. Returns (and sends when forwarding) account.external_account.created and
     * account.updated, as Stripe does.
     */
    replaceBankAccount(id: string) {
      const a = accounts.get(id);
      if (!a) throw new Error(`no account ${id}`);
      a.payouts_enabled = true;
      a.requirements.currently_due = a.requirements.currently_due.filter((r) => r !== 'external_account');
      a.requirements.past_due = a.requirements.past_due.filter((r) => r !== 'external_account');
      const bank = {
        id: next('ba'),
        object: 'bank_account',
        account: a.id,
        country: a.country,
        currency: a.default_currency,
        last4: '6789',
        status: 'new',
        default_for_currency: true,
      };
      const created = makeConnectEvent('account.external_account.created', a.id, bank);
      const updated = makeConnectEvent('account.updated', a.id, a);
      forwardConnect([created, updated]);
      return { created, updated };
    },
    /** The body and Stripe-Signature header of an event, signed as Stripe signs (or with another secret). */
    sign: signEvent,
    /** The events sent to `forwardWebhooksTo` so far, with the status each was answered with. */
    deliveries,
    /** Resolves once every event of the changes made so far has been delivered (and answered). */
    async webhooksDelivered() {
      let seen: Promise<void>;
      do {
        seen = delivering;
        await seen;
      } while (seen !== delivering);
    },
    async close() {
      await delivering;
      for (const res of hanging) res.destroy();
      hanging.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The app's Stripe configuration pointed at a local Stripe server (for `useTestApp`'s overrides). */
export function stripeConfigFor(stripe: StripeServer, timeoutMs = 2000): NonNullable<Config['stripe']> {
  return {
    secretKey: stripe.secretKey,
    publishableKey: stripe.publishableKey,
    webhookSecret: stripe.webhookSecret,
    connectWebhookSecret: stripe.connectWebhookSecret,
    platformCountry: stripe.platformCountry,
    apiUrl: stripe.url,
    timeoutMs,
  };
}
