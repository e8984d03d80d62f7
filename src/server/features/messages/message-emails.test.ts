import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { emailOutbox, providers } from '../../db/schema.ts';
import { createBooking, createCategory, createService } from '../../db/seed/factories.ts';
import { cancelPendingEmail, deliverDueEmails, enqueueEmail } from '../../email/outbox.ts';
import { bookingStatusEmail } from '../../email/templates.ts';
import { createFileTransport, createSmtpTransport } from '../../email/transport.ts';
import { startSmtp } from '../../test/smtp.ts';
import { signUp, useTestApp } from '../../test/test-app.ts';

const t = useTestApp();

let smtp: Awaited<ReturnType<typeof startSmtp>> | undefined;
afterEach(async () => {
  await smtp?.close();
  smtp = undefined;
});

async function buildFixture() {
  const traveler = await signUp(t.app, { name: 'Tess Traveler' });
  const provider = await signUp(t.app, { role: 'PROVIDER', name: 'Paul Provider' });
  const [p] = await t.db.select().from(providers).where(eq(providers.userId, provider.user.id));
  await t.db.update(providers).set({ displayName: 'Paul’s Tours' }).where(eq(providers.id, p!.id));
  const category = await createCategory(t.db);
  const service = await createService(t.db, { providerId: p!.id, categoryId: category.id, title: 'Old town walk' });
  const booking = await createBooking(t.db, { service, userId: traveler.user.id });
  // Sign-up's verification emails are tested in features/auth/email-links.test.ts.
  await t.db.delete(emailOutbox).where(eq(emailOutbox.kind, 'verify-email'));
  return { traveler, provider, booking };
}
let f: Awaited<ReturnType<typeof buildFixture>>;
beforeEach(async () => {
  f = await buildFixture();
});

const send = (cookies: Record<string, string>, body: string) =>
  t.app.inject({ method: 'POST', url: `/api/bookings/${f.booking.id}/messages`, payload: { body }, cookies });
const outbox = () => t.db.select().from(emailOutbox).orderBy(emailOutbox.toAddress);
/** The few minutes a message email waits for the message to be read have passed. */
const letTimePass = () => t.db.execute(sql`update email_outbox set run_at = now() where sent_at is null`);

describe('message emails', () => {
  it('one per conversation, after a few minutes, only while the message is unread', async () => {
    await send(f.traveler.cookies, 'Are you free at ten?');
    await send(f.traveler.cookies, 'Or at eleven?');
    let rows = await outbox();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: 'message',
      toAddress: f.provider.email,
      subject: 'New message from Tess Traveler about Old town walk',
      sentAt: null,
    });
    expect(rows[0]!.runAt.getTime()).toBeGreaterThan(Date.now() + 60_000);
    expect(rows[0]!.text).toContain(`/messages?booking=${f.booking.id}`);
    expect(rows[0]!.text).toContain('Are you free at ten?');

    // The provider reads the thread in time: the email is dropped.
    await t.app.inject({ url: `/api/bookings/${f.booking.id}/messages`, cookies: f.provider.cookies });
    rows = await outbox();
    expect(rows[0]!.canceledAt).not.toBeNull();
    // The provider's reply schedules one for the traveler, from the provider's display name.
    await send(f.provider.cookies, 'Ten works!');
    rows = await outbox();
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({
      toAddress: f.traveler.email,
      subject: 'New message from Paul’s Tours about Old town walk',
    });
  });

  it('can be turned off in settings (pending ones are dropped too)', async () => {
    const url = '/api/messages/preferences';
    expect((await t.app.inject({ url })).statusCode).toBe(401);
    expect((await t.app.inject({ url, cookies: f.provider.cookies })).json()).toEqual({ messageEmails: true });
    await send(f.traveler.cookies, 'Hello?');
    const off = await t.app.inject({
      method: 'PUT',
      url,
      payload: { messageEmails: false },
      cookies: f.provider.cookies,
    });
    expect(off.json()).toEqual({ messageEmails: false });
    expect(
      (await t.app.inject({ method: 'PUT', url, payload: { messageEmails: 'no' }, cookies: f.provider.cookies }))
        .statusCode,
    ).toBe(400);
    expect((await t.app.inject({ url, cookies: f.provider.cookies })).json()).toEqual({ messageEmails: false });
    expect((await t.app.inject({ url, cookies: f.traveler.cookies })).json()).toEqual({ messageEmails: true });
    expect((await outbox())[0]!.canceledAt).not.toBeNull();
    await send(f.traveler.cookies, 'Anyone there?');
    expect((await outbox()).filter((r) => !r.canceledAt)).toHaveLength(0);
  });
});

describe('delivery', () => {
  it('goes to a real SMTP server, as plain text and HTML with a link', async () => {
    smtp = await startSmtp();
    await send(f.traveler.cookies, 'See you <soon> & thanks');
    await letTimePass();
    const transport = createSmtpTransport(`smtp://127.0.0.1:${smtp.port}`, 'Locora <hello@locora.test>');
    expect(await deliverDueEmails(t.db, transport)).toBe(1);
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!;
    expect(mail.to).toEqual([f.provider.email]);
    expect(mail.raw).toContain('Subject: New message from Tess Traveler about Old town walk');
    expect(mail.raw).toContain('text/plain');
    expect(mail.raw).toContain('text/html');
    expect(mail.raw).toContain('See you <soon> & thanks');
    // (quoted-printable: soft line breaks removed)
    expect(mail.raw.replace(/=\r?\n/g, '')).toContain('See you &lt;soon&gt; &amp; thanks');
    expect((await outbox())[0]!.sentAt).not.toBeNull();
    // Nothing is sent twice.
    expect(await deliverDueEmails(t.db, transport)).toBe(0);
    expect(smtp.received).toHaveLength(1);
  });

  it('a mail server that is down fails nothing; the mail goes out once it is back', async () => {
    smtp = await startSmtp();
    const port = smtp.port;
    await smtp.close();
    smtp = undefined;
    // The request succeeds with the server down.
    expect((await send(f.traveler.cookies, 'While the mail server is down')).statusCode).toBe(201);
    await letTimePass();
    const transport = createSmtpTransport(`smtp://127.0.0.1:${port}`, 'Locora <hello@locora.test>');
    expect(await deliverDueEmails(t.db, transport)).toBe(1);
    let [row] = await outbox();
    expect(row).toMatchObject({ sentAt: null, canceledAt: null, attempts: 1 });
    expect(row!.lastError).toBeTruthy();
    // Backed off: not retried at once.
    expect(row!.runAt.getTime()).toBeGreaterThan(Date.now());
    expect(await deliverDueEmails(t.db, transport)).toBe(0);

    smtp = await startSmtp(port);
    await letTimePass();
    expect(await deliverDueEmails(t.db, transport)).toBe(1);
    [row] = await outbox();
    expect(row).toMatchObject({ attempts: 2, lastError: null });
    expect(row!.sentAt).not.toBeNull();
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.raw).toContain('While the mail server is down');
  });

  it('several workers at once send each email exactly once', async () => {
    smtp = await startSmtp();
    for (let i = 0; i < 6; i++) {
      await enqueueEmail(t.db, {
        to: `guest${i}@example.com`,
        ...bookingStatusEmail({
          locale: 'en',
          appUrl: 'http://localhost:3000',
          status: 'accepted',
          travelerName: `Guest ${i}`,
          providerName: 'Paul’s Tours',
          serviceTitle: 'Old town walk',
          startText: 'Nov 27, 2026 at 6:00 PM Lisbon (UTC)',
        }),
        kind: 'booking-accepted',
      });
    }
    const transport = createSmtpTransport(`smtp://127.0.0.1:${smtp.port}`, 'Locora <hello@locora.test>');
    const handled = await Promise.all([1, 2, 3].map(() => deliverDueEmails(t.db, transport, { batchSize: 4 })));
    expect(handled.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(4);
    while ((await deliverDueEmails(t.db, transport)) > 0);
    expect(smtp.received.map((m) => m.to[0]).sort()).toEqual([0, 1, 2, 3, 4, 5].map((i) => `guest${i}@example.com`));
    expect(smtp.received[0]!.raw).toContain('Subject: Booking accepted: Old town walk');
  });

  it('without SMTP_URL, writes .eml files under DATA_DIR/outbox', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'locora-outbox-'));
    try {
      await send(f.traveler.cookies, 'Written to a file');
      await letTimePass();
      expect(await deliverDueEmails(t.db, createFileTransport(dir, 'Locora <no-reply@locora.local>'))).toBe(1);
      const files = fs.readdirSync(dir);
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/\.eml$/);
      const eml = fs.readFileSync(path.join(dir, files[0]!), 'utf8');
      expect(eml).toContain(`To: ${f.provider.email}`);
      expect(eml).toContain('Written to a file');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('an email canceled after the worker claimed it', () => {
  it('is not sent (emails are claimed one at a time, each just before it is sent)', async () => {
    const mail = { subject: 'Hi', text: 'Hi', html: '<p>Hi</p>', kind: 'message' };
    await enqueueEmail(t.db, { ...mail, to: 'ana@example.com', dedupeKey: 'conversation:ana' });
    await enqueueEmail(t.db, { ...mail, to: 'ben@example.com', dedupeKey: 'conversation:ben' });
    const sent: string[] = [];
    const tried = await deliverDueEmails(t.db, {
      async send(m) {
        sent.push(m.to);
        // While the first is being sent, the other's thread is read: its email is canceled.
        const other = m.to === 'ana@example.com' ? 'conversation:ben' : 'conversation:ana';
        await cancelPendingEmail(t.db, other, 'read');
      },
      describe: 'test',
      close() {},
    });
    expect(tried).toBe(1);
    expect(sent).toHaveLength(1);
    const rows = await t.db.select().from(emailOutbox).orderBy(emailOutbox.toAddress);
    expect(rows.map((r) => [r.toAddress, Boolean(r.sentAt), Boolean(r.canceledAt)])).toEqual(
      rows.map((r) => [r.toAddress, r.toAddress === sent[0], r.toAddress !== sent[0]]),
    );
  });
});
