/**
 * Providers with a payouts account (decision 038), for tests where payments are configured: with
 * Stripe keys set, a provider is booked only once their connected account can receive the money.
 */
import { sql } from 'drizzle-orm';
import { connectSetup } from '../../shared/domain/connect.ts';
import type { Executor } from '../db/open.ts';
import type { AccountStateName, StripeServer } from './stripe-server.ts';

/**
 * Creates the provider's Express account at the local Stripe server (as "Set up payouts" does),
 * moves it to `state` there (default active: onboarded) and records it as Stripe reports it.
 * Returns the account id.
 */
export async function onboardProvider(
  db: Executor,
  stripe: StripeServer,
  providerId: string,
  opts: { country?: string; state?: AccountStateName } = {},
): Promise<string> {
  const country = opts.country ?? stripe.platformCountry;
  const setup = connectSetup(stripe.platformCountry, country);
  const form = new URLSearchParams({ type: 'express', country, 'metadata[providerId]': providerId });
  for (const c of setup.capabilities) form.set(`capabilities[${c}][requested]`, 'true');
  if (setup.serviceAgreement === 'recipient') form.set('tos_acceptance[service_agreement]', 'recipient');
  form.set('settings[payouts][schedule][interval]', 'manual');
  const res = await fetch(`${stripe.url}/v1/accounts`, {
    method: 'POST',
    headers: { authorization: `Bearer ${stripe.secretKey}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: form,
  });
  if (!res.ok) throw new Error(`the local Stripe server refused the account: ${await res.text()}`);
  const { id } = (await res.json()) as { id: string };
  await db.execute(
    sql`insert into connected_accounts (id, provider_id, country, service_agreement)
        values (${id}, ${providerId}, ${country}, ${setup.serviceAgreement})`,
  );
  stripe.setAccountState(id, opts.state ?? 'active');
  await syncFromStripeServer(db, stripe, id, setup.onBehalfOf);
  return id;
}

/** Writes the account's row as the local Stripe server has it now (what account.updated would record). */
export async function syncFromStripeServer(db: Executor, stripe: StripeServer, id: string, onBehalfOf = false) {
  const { accountState } = await import('../../shared/domain/connect.ts');
  const a = stripe.account(id);
  const facts = {
    serviceAgreement: a.tos_acceptance.service_agreement,
    chargesEnabled: a.charges_enabled,
    payoutsEnabled: a.payouts_enabled,
    detailsSubmitted: a.details_submitted,
    transfers: a.capabilities.transfers ?? null,
    cardPayments: a.capabilities.card_payments ?? null,
    currentlyDue: a.requirements.currently_due,
    pastDue: a.requirements.past_due,
    pendingVerification: a.requirements.pending_verification,
    disabledReason: a.requirements.disabled_reason,
  };
  const arr = (x: string[]) => sql`${`{${x.join(',')}}`}::text[]`;
  await db.execute(
    sql`update connected_accounts set state = ${accountState(facts, onBehalfOf)}, charges_enabled = ${facts.chargesEnabled},
          payouts_enabled = ${facts.payoutsEnabled}, details_submitted = ${facts.detailsSubmitted},
          transfers_capability = ${facts.transfers}, card_payments_capability = ${facts.cardPayments},
          currently_due = ${arr(facts.currentlyDue)}, past_due = ${arr(facts.pastDue)},
          pending_verification = ${arr(facts.pendingVerification)}, disabled_reason = ${facts.disabledReason}
        where id = ${id}`,
  );
}
