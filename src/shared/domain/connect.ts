/**
 * Providers get paid through Stripe Connect (decision 038): what both sides need to know about a
 * provider's connected account (its state in plain words, what Stripe still asks for, whether it
 * can be booked), how an account is set up for its country, and how a destination charge's money
 * splits between the provider and Locora (integer minor units of the charge's currency).
 */
import { CURRENCY_RULES, type CurrencyCode } from './currency.ts';
import type { PricingUnit } from './pricing.ts';
import type { BookingAmounts } from './booking-amounts.ts';
import { amountsForUnit, mulDivHalfUp } from './booking-amounts.ts';

// ------------------------------------------------------------------------------ account state

/** The Payouts tab's states; 'not_started' is a provider with no connected account yet. */
export const CONNECT_STATES = ['not_started', 'details_needed', 'under_review', 'active', 'restricted'] as const;
export type ConnectState = (typeof CONNECT_STATES)[number];

/** What Stripe reports of an account (its Account object), as stored in connected_accounts. */
export type AccountFacts = {
  serviceAgreement: 'full' | 'recipient';
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  detailsSubmitted: boolean;
  /** capabilities.transfers / capabilities.card_payments: 'active' | 'inactive' | 'pending' | null. */
  transfers: string | null;
  cardPayments: string | null;
  currentlyDue: string[];
  pastDue: string[];
  pendingVerification: string[];
  /** requirements.disabled_reason. */
  disabledReason: string | null;
};

/**
 * Whether the account can receive a booking's money now: its `transfers` capability is active, and
 * its `card_payments` too when charges are made on its behalf (`on_behalf_of`).
 */
export function canReceiveBookings(f: Pick<AccountFacts, 'transfers' | 'cardPayments'>, onBehalfOf: boolean): boolean {
  return f.transfers === 'active' && (!onBehalfOf || f.cardPayments === 'active');
}

/** Stripe's disabled reasons that end with a review by Stripe, not with the provider's input. */
const REVIEW_REASONS = new Set(['requirements.pending_verification', 'under_review']);

/** The state shown for an account (it exists: 'not_started' is for no account). */
export function accountState(f: AccountFacts, onBehalfOf: boolean): Exclude<ConnectState, 'not_started'> {
  const reason = f.disabledReason;
  // Rejected, listed, paused by the platform, or anything else Stripe disabled it for.
  if (reason && !REVIEW_REASONS.has(reason) && reason !== 'requirements.past_due')
    return f.detailsSubmitted || reason.startsWith('rejected.') || reason === 'listed'
      ? 'restricted'
      : 'details_needed';
  if (!f.detailsSubmitted) return 'details_needed';
  // Past due after onboarding: it is (or is about to be) disabled until the provider acts.
  if (f.pastDue.length > 0 || reason === 'requirements.past_due') return 'restricted';
  if (f.currentlyDue.length > 0) return 'details_needed';
  if (reason && REVIEW_REASONS.has(reason)) return 'under_review';
  if (f.pendingVerification.length > 0 || f.transfers === 'pending' || f.cardPayments === 'pending')
    return canReceiveBookings(f, onBehalfOf) && f.payoutsEnabled ? 'active' : 'under_review';
  if (canReceiveBookings(f, onBehalfOf) && f.payoutsEnabled) return 'active';
  return 'restricted';
}

/** What a traveler sees (and the API's 409 says) when the provider cannot receive payments yet. */
export const PROVIDER_NOT_ACCEPTING_MESSAGE = 'This provider is not accepting bookings yet.';
/** Why a request authorised but not accepted was released when its provider's account became restricted. */
export const PAYEE_RESTRICTED_REASON =
  'The provider can no longer receive payments, so your request was released and your card was not charged.';

/** What Stripe still needs, by kind: the server words each in the provider's language. */
export type RequirementKind =
  | 'bank_account'
  | 'terms'
  | 'proof_of_address'
  | 'identity_document'
  | 'legal_name'
  | 'date_of_birth'
  | 'home_address'
  | 'ssn_last_4'
  | 'national_id'
  | 'phone'
  | 'email'
  | 'about_you'
  | 'business_type'
  | 'website'
  | 'business_kind'
  | 'business_description'
  | 'about_business'
  | 'about_company'
  | 'statement_descriptor';

/** Stripe's requirement paths by kind ("individual.verification.document" -> identity_document), first match wins. */
const REQUIREMENT_KINDS: [RegExp, RequirementKind][] = [
  [/^external_account$/, 'bank_account'],
  [/^tos_acceptance\./, 'terms'],
  [/^(individual|representative)\.verification\.additional_document/, 'proof_of_address'],
  [/^(individual|representative)\.verification\.document/, 'identity_document'],
  [/^(individual|representative)\.(first_name|last_name)$/, 'legal_name'],
  [/^(individual|representative)\.dob\./, 'date_of_birth'],
  [/^(individual|representative)\.address\./, 'home_address'],
  [/^(individual|representative)\.ssn_last_4$/, 'ssn_last_4'],
  [/^(individual|representative)\.id_number$/, 'national_id'],
  [/^(individual|representative)\.phone$/, 'phone'],
  [/^(individual|representative)\.email$/, 'email'],
  [/^(individual|representative)\./, 'about_you'],
  [/^business_type$/, 'business_type'],
  [/^business_profile\.url$/, 'website'],
  [/^business_profile\.mcc$/, 'business_kind'],
  [/^business_profile\.product_description$/, 'business_description'],
  [/^business_profile\./, 'about_business'],
  [/^company\./, 'about_company'],
  [/^settings\.payments\.statement_descriptor/, 'statement_descriptor'],
];

/**
 * Stripe's `requirements.currently_due` (and past_due) by kind, each once, in Stripe's order; a
 * path Locora does not know stays as it is (`{ path }`: its words are Stripe's field name).
 */
export function requirementKinds(paths: readonly string[]): (RequirementKind | { path: string })[] {
  const out: (RequirementKind | { path: string })[] = [];
  const seen = new Set<string>();
  for (const p of paths) {
    const kind = REQUIREMENT_KINDS.find(([re]) => re.test(p))?.[1];
    if (seen.has(kind ?? p)) continue;
    seen.add(kind ?? p);
    out.push(kind ?? { path: p });
  }
  return out;
}

/** Why Stripe disabled an account (its `requirements.disabled_reason`), by kind; null: no reason given. */
export type DisabledReasonKind =
  | 'past_due'
  | 'under_review'
  | 'listed'
  | 'fraud'
  | 'terms_of_service'
  | 'incomplete_verification'
  | 'rejected'
  | 'platform_paused'
  | 'requested_capabilities'
  | 'other';

export function disabledReasonKind(reason: string | null): DisabledReasonKind | null {
  if (!reason) return null;
  if (reason === 'requirements.past_due') return 'past_due';
  if (reason === 'requirements.pending_verification' || reason === 'under_review') return 'under_review';
  if (reason === 'listed' || reason === 'rejected.listed') return 'listed';
  if (reason === 'rejected.fraud' || reason === 'rejected.platform_fraud') return 'fraud';
  if (reason === 'rejected.terms_of_service' || reason === 'rejected.platform_terms_of_service')
    return 'terms_of_service';
  if (reason === 'rejected.incomplete_verification') return 'incomplete_verification';
  if (reason.startsWith('rejected.')) return 'rejected';
  if (reason === 'platform_paused') return 'platform_paused';
  if (reason === 'action_required.requested_capabilities') return 'requested_capabilities';
  return 'other';
}

// ------------------------------------------------------------------------------ countries

/** The providers' countries in our cities, and what the setup form offers. */
export const CONNECT_COUNTRIES = [
  { code: 'US', name: 'United States' },
  { code: 'PT', name: 'Portugal' },
  { code: 'ES', name: 'Spain' },
  { code: 'TH', name: 'Thailand' },
  { code: 'ID', name: 'Indonesia' },
  { code: 'MX', name: 'Mexico' },
  { code: 'BR', name: 'Brazil' },
  { code: 'JP', name: 'Japan' },
] as const;
export type ConnectCountry = (typeof CONNECT_COUNTRIES)[number]['code'];
export const isConnectCountry = (c: string): c is ConnectCountry => CONNECT_COUNTRIES.some((x) => x.code === c);

/** The European Economic Area: one region for destination charges. */
const EEA = new Set(
  'AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LI LT LU MT NL NO PL PT RO SK SI ES SE IS'.split(' '),
);
/** Where Stripe's self-serve cross-border payouts go between (platforms and accounts): US, UK, EEA, Canada, Switzerland. */
const CROSS_BORDER_REGION = (c: string) => c === 'US' || c === 'GB' || c === 'CA' || c === 'CH' || EEA.has(c);
const sameRegion = (a: string, b: string) => a === b || (EEA.has(a) && EEA.has(b));

export type ConnectSetup = {
  /** 'full': card_payments + transfers; 'recipient': transfers only (cross-border payouts). */
  serviceAgreement: 'full' | 'recipient';
  /** The charge names the account as its settlement merchant (`on_behalf_of`). */
  onBehalfOf: boolean;
  capabilities: ('card_payments' | 'transfers')[];
};

/**
 * How a provider's account in `country` is set up and charged from a platform in `platform`
 * (decision 038): the same country or region, a plain destination charge; both in the cross-border
 * payouts region (US, UK, EEA, CA, CH), a transfers-only account under the recipient service
 * agreement; elsewhere, a full account named as the settlement merchant with `on_behalf_of`.
 */
export function connectSetup(platform: string, country: string): ConnectSetup {
  if (sameRegion(platform, country))
    return { serviceAgreement: 'full', onBehalfOf: false, capabilities: ['card_payments', 'transfers'] };
  if (CROSS_BORDER_REGION(platform) && CROSS_BORDER_REGION(country))
    return { serviceAgreement: 'recipient', onBehalfOf: false, capabilities: ['transfers'] };
  return { serviceAgreement: 'full', onBehalfOf: true, capabilities: ['card_payments', 'transfers'] };
}

/** The country of a provider's time zone, for the setup form's default (undefined: not one of ours). */
export function countryOfTimeZone(zone: string): ConnectCountry | undefined {
  if (zone === 'Europe/Lisbon' || zone === 'Atlantic/Madeira' || zone === 'Atlantic/Azores') return 'PT';
  if (zone === 'Europe/Madrid' || zone === 'Atlantic/Canary' || zone === 'Africa/Ceuta') return 'ES';
  if (zone === 'Asia/Bangkok') return 'TH';
  if (['Asia/Jakarta', 'Asia/Makassar', 'Asia/Jayapura', 'Asia/Pontianak'].includes(zone)) return 'ID';
  if (zone === 'Asia/Tokyo') return 'JP';
  if (
    [
      'America/Sao_Paulo',
      'America/Fortaleza',
      'America/Recife',
      'America/Bahia',
      'America/Manaus',
      'America/Belem',
      'America/Noronha',
      'America/Cuiaba',
      'America/Campo_Grande',
      'America/Porto_Velho',
      'America/Boa_Vista',
      'America/Rio_Branco',
      'America/Maceio',
      'America/Araguaina',
      'America/Santarem',
      'America/Eirunepe',
    ].includes(zone)
  )
    return 'BR';
  if (
    [
      'America/Mexico_City',
      'America/Cancun',
      'America/Merida',
      'America/Monterrey',
      'America/Matamoros',
      'America/Chihuahua',
      'America/Ciudad_Juarez',
      'America/Ojinaga',
      'America/Mazatlan',
      'America/Bahia_Banderas',
      'America/Hermosillo',
      'America/Tijuana',
    ].includes(zone)
  )
    return 'MX';
  if (
    zone === 'Pacific/Honolulu' ||
    /^America\/(New_York|Chicago|Denver|Los_Angeles|Phoenix|Anchorage|Detroit|Boise|Juneau|Sitka|Nome|Adak|Metlakatla|Yakutat|Menominee|Indiana\/.+|Kentucky\/.+|North_Dakota\/.+)$/.test(
      zone,
    )
  )
    return 'US';
  return undefined;
}

// ------------------------------------------------------------------------------ money

/** A destination charge's split: the traveler pays the total, the provider receives the subtotal, Locora keeps the fee. */
export type ChargeSplit = BookingAmounts & {
  /** `application_fee_amount`: Locora's service fee, in the charge's currency. */
  applicationFeeCents: number;
  /** What the provider's share of the charge is, in the charge's currency (Stripe may convert it). */
  providerNetCents: number;
};

/** The split of a booking of `hours` at `priceCents` per `unit`, in `currency`. */
export function chargeSplitForUnit(
  unit: PricingUnit,
  priceCents: number,
  hours: number,
  currency: CurrencyCode,
): ChargeSplit {
  return chargeSplit(amountsForUnit(unit, priceCents, hours, currency));
}

/** The split of a booking's amounts (bookings.amount_cents is the subtotal, fee_cents the fee). */
export function chargeSplit(a: BookingAmounts): ChargeSplit {
  return { ...a, applicationFeeCents: a.feeCents, providerNetCents: a.totalCents - a.feeCents };
}

/**
 * How a refund of `refundCents` of a captured destination charge splits between the provider's
 * transfer (reversed) and Locora's fee (refunded), in proportion to what each received, all in
 * the charge's `currency`: the fee's share rounded half up to the currency's step, the provider's
 * the rest, so the two always add up to the refund. A full refund takes back all of both. (A
 * refund that is not a whole step of the currency, which Locora never asks for, gives the fee the
 * whole steps and the provider the rest.)
 */
export function refundSplit(
  capturedCents: number,
  feeCents: number,
  refundCents: number,
  currency: CurrencyCode,
): { providerCents: number; feeCents: number } {
  for (const [n, v] of Object.entries({ capturedCents, feeCents, refundCents }))
    if (!Number.isSafeInteger(v) || v < 0)
      throw new RangeError(`${n} must be a whole number of ${currency} minor units`);
  if (feeCents > capturedCents) throw new RangeError('the fee cannot exceed what was captured');
  if (refundCents > capturedCents) throw new RangeError('a refund cannot exceed what was captured');
  if (capturedCents === 0) return { providerCents: 0, feeCents: 0 };
  if (refundCents === capturedCents) return { providerCents: capturedCents - feeCents, feeCents };
  const { step } = CURRENCY_RULES[currency];
  const fee = Math.min(feeCents, refundCents, mulDivHalfUp(feeCents, refundCents, capturedCents * step) * step);
  return { providerCents: refundCents - fee, feeCents: fee };
}

/**
 * The provider's net of a captured destination charge after `refundedCents` were refunded, in the
 * charge's currency: what the provider's share is before Stripe converts it. What is paid out is
 * what landed in their balance (payments.settled_amount), read from Stripe.
 */
export function payoutNetCents(
  capturedCents: number,
  feeCents: number,
  refundedCents: number,
  currency: CurrencyCode,
): number {
  const back = refundSplit(capturedCents, feeCents, refundedCents, currency);
  return capturedCents - feeCents - back.providerCents;
}

/**
 * What is left to pay out of what landed in the provider's balance (`settledAmount`, in the
 * account's currency) once refunds took back `reversingCents` of the charge: the provider's share
 * of those refunds (refundSplit, in the charge's currency) over their share of the charge, in the
 * same proportion of what landed, rounded half up to a minor unit; all of it back leaves nothing.
 * Never mixes the two currencies: the proportion is a ratio of charge amounts, applied to the
 * settled one.
 */
export function settledPayoutCents(
  settledAmount: number,
  charge: { capturedCents: number; feeCents: number; reversingCents: number; currency: CurrencyCode },
): number {
  if (!Number.isSafeInteger(settledAmount) || settledAmount < 0)
    throw new RangeError('a settled amount must be a whole, non-negative number of minor units');
  const providerCents = charge.capturedCents - charge.feeCents;
  if (providerCents <= 0) return 0;
  const back = refundSplit(
    charge.capturedCents,
    charge.feeCents,
    Math.min(charge.reversingCents, charge.capturedCents),
    charge.currency,
  ).providerCents;
  if (back >= providerCents) return 0;
  return settledAmount - mulDivHalfUp(settledAmount, back, providerCents);
}
