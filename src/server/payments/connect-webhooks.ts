/**
 * Connected accounts' events (decision 038), which Stripe sends to a Connect endpoint signed with
 * its own secret: `account.updated` (the account's state), `account.external_account.*` (a bank
 * account added or changed) and `payout.*` (a booking's payout). An account that can be paid asks
 * its failed payouts again (decision 046).
 * As with payments (decision 031), an event only says what to look at: the account or payout is
 * read again from Stripe and what Stripe holds now is recorded, once per event id. An event about an
 * account or payout with no row yet waits for it, handled again by the job runner, then flagged
 * (waiting-events.ts): a payout whose answer was lost gets its id once the payouts job finds it.
 */
import { sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import { queryRows, type Db } from '../db/open.ts';
import { AppError } from '../http/errors.ts';
import { describeStripeError } from './stripe-client.ts';
import { askFailedPayoutsAgain, recordPayoutStatus } from './payouts.ts';
import { recordAccount } from './connect-accounts.ts';
import { recordLedger } from './ledger.ts';
import { matchWaiting, waitForRow, type Waiting } from './waiting-events.ts';
const STRIPE_UNREADABLE = 'The payment service did not answer; the event will be processed when it is sent again.';

export const CONNECT_EVENTS = [
  'account.updated',
  // A bank account added or changed: a failed payout may be asked again (decision 046).
  'account.external_account.created',
  'account.external_account.updated',
  'payout.created',
  'payout.updated',
  'payout.paid',
  'payout.failed',
  'payout.canceled',
] as const;

export const isConnectEvent = (event: Stripe.Event) => (CONNECT_EVENTS as readonly string[]).includes(event.type);

export async function handleConnectEvent(
  db: Db,
  stripe: Stripe,
  event: Stripe.Event,
  opts: { platformCountry: string; appUrl: string; now: Date },
): Promise<'applied' | 'duplicate' | 'ignored' | Waiting> {
  const now = opts.now;
  const [seen] = await queryRows<{ id: string }>(db, sql`select id from stripe_events where id = ${event.id}`);
  if (seen) return 'duplicate';
  const object = event.data.object as unknown as { id?: unknown; account?: unknown };
  const objectId = typeof object.id === 'string' ? object.id : undefined;
  // The account an event is about: the account itself, or the one a bank account belongs to.
  const accountId = event.type.startsWith('account.external_account.')
    ? typeof object.account === 'string'
      ? object.account
      : event.account
    : event.type === 'account.updated'
      ? objectId
      : undefined;
  let account: Stripe.Account | undefined;
  let payout: { accountId: string; payout: Stripe.Payout } | undefined;
  // The object has no row yet: the event waits for it.
  let unknown: { id: string; accountId?: string | null } | undefined;
  try {
    if (accountId) {
      const [known] = await queryRows<{ id: string }>(
        db,
        sql`select id from connected_accounts where id = ${accountId}`,
      );
      if (known) account = await stripe.accounts.retrieve(accountId);
      else unknown = { id: accountId, accountId };
    } else if (event.type.startsWith('payout.') && objectId) {
      const [known] = await queryRows<{ account_id: string }>(
        db,
        sql`select account_id from booking_payouts where stripe_payout_id = ${objectId}`,
      );
      if (known)
        payout = {
          accountId: known.account_id,
          payout: await stripe.payouts.retrieve(objectId, {}, { stripeAccount: known.account_id }),
        };
      else unknown = { id: objectId, accountId: event.account ?? null };
    }
  } catch (err) {
    // Not recorded: Stripe sends the event again, and it is read then.
    throw Object.assign(new AppError('UNAVAILABLE', STRIPE_UNREADABLE), { cause: describeStripeError(err) });
  }
  return db.transaction(async (tx) => {
    if (unknown) return waitForRow(tx, event, unknown, now);
    const fresh = await queryRows<{ id: string }>(
      tx,
      sql`insert into stripe_events (id, type, received_at) values (${event.id}, ${event.type}, ${now.toISOString()}::timestamptz)
          on conflict (id) do nothing returning id`,
    );
    if (fresh.length === 0) return 'duplicate';
    await matchWaiting(tx, event.id, now);
    if (account) {
      await recordAccount(tx, account, { platformCountry: opts.platformCountry, appUrl: opts.appUrl, now });
      // It can be paid again: its failed payouts are asked again (decision 046).
      if (account.payouts_enabled) await askFailedPayoutsAgain(tx, account.id, now);
      return 'applied';
    }
    if (payout) {
      await recordPayoutStatus(tx, payout.payout, now, { appUrl: opts.appUrl, stripeEventId: event.id });
      const [of] = await queryRows<{ booking_id: string }>(
        tx,
        sql`select booking_id from booking_payouts where stripe_payout_id = ${payout.payout.id}`,
      );
      if (of) await recordLedger(tx, of.booking_id, event.id);
      return 'applied';
    }
    return 'ignored';
  });
}
