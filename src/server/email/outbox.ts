import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../db/open.ts';
import { createPoller, type Poller } from '../jobs/poller.ts';
import type { MailTransport } from './transport.ts';

/** What a cause (a message, a booking change) asks to be emailed. */
export type EmailInput = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** e.g. 'message', 'booking-request', 'booking-accepted': for logs and tests. */
  kind: string;
  /** At most one pending email per key (e.g. one per conversation and recipient). */
  dedupeKey?: string;
  /** Not before this time (default: now). */
  runAt?: Date;
};

/**
 * Writes an email to the outbox. Pass the transaction of its cause: the email exists if and only
 * if the cause committed, and a mail server that is down can never fail the request. Returns
 * false when a pending email with the same `dedupeKey` already exists (nothing is added).
 */
export async function enqueueEmail(tx: Executor, email: EmailInput): Promise<boolean> {
  const runAt = email.runAt ?? null;
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`insert into email_outbox (to_address, subject, text, html, kind, dedupe_key, run_at)
        values (${email.to}, ${email.subject}, ${email.text}, ${email.html}, ${email.kind},
                ${email.dedupeKey ?? null}, coalesce(${runAt}::timestamptz, now()))
        on conflict (dedupe_key) where sent_at is null and canceled_at is null do nothing
        returning id`,
  );
  return rows.length > 0;
}

/** Cancels the pending email with this key (e.g. the message was read before it went out). */
export async function cancelPendingEmail(tx: Executor, dedupeKey: string, reason: string): Promise<void> {
  await tx.execute(
    sql`update email_outbox set canceled_at = now(), last_error = ${reason}
        where dedupe_key = ${dedupeKey} and sent_at is null and canceled_at is null`,
  );
}

/** Attempts before an email is given up (about a day and a half of backoff). */
export const MAX_EMAIL_ATTEMPTS = 12;
/** How long a claimed email is reserved for the instance sending it (then another may retry). */
export const EMAIL_LEASE_SECONDS = 120;
export const EMAIL_BATCH_SIZE = 20;

/** Wait before attempt n+1 after n failures: 30 s doubling, at most 2 h. */
export function emailBackoffSeconds(attempts: number): number {
  return Math.min(30 * 2 ** Math.max(0, attempts - 1), 2 * 60 * 60);
}

type Claimed = { id: string; to_address: string; subject: string; text: string; html: string; attempts: number };

/**
 * One round of delivery: claims due emails (SKIP LOCKED, then leased by moving run_at ahead, so
 * the SMTP conversation happens outside any transaction and no two instances send one email),
 * sends each, and records success or schedules a retry with backoff. Returns how many it tried.
 */
export async function deliverDueEmails(
  db: Executor,
  transport: MailTransport,
  opts: { batchSize?: number; onFailure?: (err: unknown, id: string) => void } = {},
): Promise<number> {
  const claimed = await queryRows<Claimed>(
    db,
    sql`update email_outbox o
        set run_at = now() + make_interval(secs => ${EMAIL_LEASE_SECONDS}), attempts = o.attempts + 1
        where o.id in (
          select id from email_outbox
          where sent_at is null and canceled_at is null and run_at <= now()
          order by run_at
          limit ${opts.batchSize ?? EMAIL_BATCH_SIZE}
          for update skip locked
        )
        returning o.id, o.to_address, o.subject, o.text, o.html, o.attempts`,
  );
  for (const mail of claimed) {
    // The claim's attempt number is its lease token: if the email was canceled since (its thread
    // was read) or another instance took it over after the lease ran out, this one lets it be.
    const mine = sql`id = ${mail.id} and attempts = ${mail.attempts} and sent_at is null and canceled_at is null`;
    const [stillMine] = await queryRows<{ id: string }>(db, sql`select id from email_outbox where ${mine}`);
    if (!stillMine) continue;
    try {
      await transport.send({
        id: mail.id,
        to: mail.to_address,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      });
      await db.execute(sql`update email_outbox set sent_at = now(), last_error = null where ${mine}`);
    } catch (err) {
      opts.onFailure?.(err, mail.id);
      const message = (err instanceof Error ? err.message : String(err)).slice(0, 500);
      const giveUp = mail.attempts >= MAX_EMAIL_ATTEMPTS;
      await db.execute(
        giveUp
          ? sql`update email_outbox set canceled_at = now(), last_error = ${message} where ${mine}`
          : sql`update email_outbox
                set run_at = now() + make_interval(secs => ${emailBackoffSeconds(mail.attempts)}), last_error = ${message}
                where ${mine}`,
      );
    }
  }
  return claimed.length;
}

/** The outbox worker every instance runs (safe with many: see deliverDueEmails). */
export function createEmailWorker(opts: {
  db: Executor;
  transport: MailTransport;
  intervalMs?: number;
  onError?: (err: unknown) => void;
}): Poller {
  return createPoller({
    name: 'email-outbox',
    intervalMs: opts.intervalMs ?? 5_000,
    batchSize: EMAIL_BATCH_SIZE,
    round: () => deliverDueEmails(opts.db, opts.transport, { onFailure: (err) => opts.onError?.(err) }),
    onError: (err) => opts.onError?.(err),
  });
}
