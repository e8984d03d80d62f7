/**
 * The Payouts tab's words from the server (decision 056): what Stripe still needs and why an
 * account is restricted, in the provider's language (the page's, X-Locale). The kinds are
 * shared/domain/connect.ts's; an unknown Stripe field is named by its path, as Stripe names it.
 */
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { AccountFacts, DisabledReasonKind, RequirementKind } from '../../shared/domain/connect.ts';
import type { Locale } from '../../shared/domain/locales.ts';
import { i18nFor } from '../i18n.ts';

const REQUIREMENT_WORDS: Record<RequirementKind, MessageDescriptor> = {
  bank_account: msg`A bank account for payouts`,
  terms: msg`Acceptance of Stripe’s terms of service`,
  proof_of_address: msg`A proof of address`,
  identity_document: msg`An identity document`,
  legal_name: msg`Your legal name`,
  date_of_birth: msg`Your date of birth`,
  home_address: msg`Your home address`,
  ssn_last_4: msg`The last 4 digits of your Social Security number`,
  national_id: msg`Your national ID number`,
  phone: msg`Your phone number`,
  email: msg`Your email address`,
  about_you: msg`Details about you`,
  business_type: msg`Whether you work as an individual or a company`,
  website: msg`Your website or a link to your profile`,
  business_kind: msg`The kind of business you run`,
  business_description: msg`A description of what you offer`,
  about_business: msg`Details about your business`,
  about_company: msg`Details about your company`,
  statement_descriptor: msg`The name shown on card statements`,
};

const DISABLED_WORDS: Record<DisabledReasonKind, MessageDescriptor> = {
  past_due: msg`Stripe asked for details that were not given in time.`,
  under_review: msg`Stripe is verifying the details you gave.`,
  listed: msg`Stripe could not accept this account (it is on a watch list).`,
  fraud: msg`Stripe rejected this account because of suspected fraud.`,
  terms_of_service: msg`Stripe rejected this account for a breach of its terms of service.`,
  incomplete_verification: msg`Stripe could not verify the details given.`,
  rejected: msg`Stripe rejected this account.`,
  platform_paused: msg`Payouts to this account are paused by Locora.`,
  requested_capabilities: msg`Stripe needs more details to enable payments.`,
  other: msg`Stripe disabled payments to this account.`,
};

/** Stripe's field path in words when Locora has none: 'something_new.field' -> 'Something new field'. */
const pathWords = (path: string) => path.replace(/[._]/g, ' ').replace(/^\w/, (c) => c.toUpperCase());

/** What Stripe still needs, in the reader's words. */
export function requirementWords(kinds: readonly (RequirementKind | { path: string })[], locale: Locale): string[] {
  const i18n: I18n = i18nFor(locale);
  return kinds.map((kind) => (typeof kind === 'string' ? i18n._(REQUIREMENT_WORDS[kind]) : pathWords(kind.path)));
}

/**
 * Why a restricted account is restricted, in the reader's words: Stripe's reason, else what it
 * has not enabled yet.
 */
export function restrictedWords(kind: DisabledReasonKind | null, facts: AccountFacts, locale: Locale): string {
  const i18n = i18nFor(locale);
  if (kind) return i18n._(DISABLED_WORDS[kind]);
  return facts.payoutsEnabled
    ? i18n._(msg`Stripe has not enabled payments to this account yet.`)
    : i18n._(msg`Stripe has not enabled payouts to your bank account yet.`);
}
