import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../db/open.ts';
import { claimDue, held, type Claim, type LeasedQueue } from '../jobs/claim-due.ts';
import type { LeasedKind } from '../jobs/runner.ts';
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
/**
 * A claimed email's lease (renewed while it is sent). One send's worst case: connecting (10 s),
 * the greeting (10 s), then the conversation, which nodemailer ends after 30 s of silence; a server
 * that keeps trickling is cut at EMAIL_MAX_SEND_MS.
 */
export const EMAIL_LEASE_MS = 60_000;
export const EMAIL_MAX_SEND_MS = 5 * 60_000;
export const EMAIL_BATCH_SIZE = 20;

/** Wait before attempt n+1 after n failures: 30 s doubling, at most 2 h. */
export function emailBackoffSeconds(attempts: number): number {
  return Math.min(30 * 2 ** Math.max(0, attempts - 1), 2 * 60 * 60);
}

type Claimed = { to_address: string; subject: string; text: string; html: string; attempts: number };

/** The outbox as a queue of the job runner (decision 032): a claim counts an attempt. */
export const EMAIL_QUEUE: LeasedQueue = {
  table: 'email_outbox',
  due: 'run_at',
  pending: sql`sent_at is null and canceled_at is null`,
  onClaim: sql`attempts = q.attempts + 1`,
  returning: sql`q.to_address, q.subject, q.text, q.html, q.attempts`,
};

/**
 * Sends one claimed email (outside any transaction) and records success, or schedules a retry
 * with backoff. Every write is guarded by the claim: an email canceled meanwhile (its thread was
 * read) or taken over by another instance is let be.
 */
export async function sendClaimedEmail(
  db: Executor,
  transport: MailTransport,
  mail: Claim<Claimed>,
  onFailure?: (err: unknown, id: string) => void,
): Promise<void> {
  const mine = sql`${held(mail)} and sent_at is null and canceled_at is null`;
  try {
    await transport.send({
      id: mail.id,
      to: mail.row.to_address,
      subject: mail.row.subject,
      text: mail.row.text,
      html: mail.row.html,
    });
    await db.execute(sql`update email_outbox set sent_at = now(), last_error = null, lease_token = null where ${mine}`);
  } catch (err) {
    onFailure?.(err, mail.id);
    const message = (err instanceof Error ? err.message : String(err)).slice(0, 500);
    const giveUp = mail.row.attempts >= MAX_EMAIL_ATTEMPTS;
    await db.execute(
      giveUp
        ? sql`update email_outbox set canceled_at = now(), last_error = ${message}, lease_token = null where ${mine}`
        : sql`update email_outbox
              set run_at = now() + make_interval(secs => ${emailBackoffSeconds(mail.row.attempts)}),
                  last_error = ${message}, lease_token = null
              where ${mine}`,
    );
  }
}

/**
 * Delivers due emails one at a time, each under its own claim (so a slow SMTP server cannot make
 * a claim outlive its lease and the email be sent twice), up to `batchSize`. Returns how many it
 * tried. The job runner does the same with lease renewal; this is for tests and one-off runs.
 */
export async function deliverDueEmails(
  db: Executor,
  transport: MailTransport,
  opts: { batchSize?: number; leaseMs?: number; onFailure?: (err: unknown, id: string) => void } = {},
): Promise<number> {
  let tried = 0;
  while (tried < (opts.batchSize ?? EMAIL_BATCH_SIZE)) {
    const [mail] = await claimDue<Claimed>(db, EMAIL_QUEUE, { leaseMs: opts.leaseMs ?? EMAIL_LEASE_MS });
    if (!mail) break;
    tried += 1;
    await sendClaimedEmail(db, transport, mail, opts.onFailure);
  }
  return tried;
}

/** The outbox as a kind of the job runner every instance runs. */
export function emailJobKind(opts: {
  db: Executor;
  transport: MailTransport;
  intervalMs?: number;
  leaseMs?: number;
  onFailure?: (err: unknown) => void;
}): LeasedKind<Claimed> {
  return {
    name: 'email-outbox',
    queue: EMAIL_QUEUE,
    leaseMs: opts.leaseMs ?? EMAIL_LEASE_MS,
    maxRunMs: Math.min(EMAIL_MAX_SEND_MS, 10 * (opts.leaseMs ?? EMAIL_LEASE_MS)),
    intervalMs: opts.intervalMs ?? 5_000,
    run: (mail) => sendClaimedEmail(opts.db, opts.transport, mail, opts.onFailure),
  };
}
