/**
 * Contact details in messages (decision 051): stored masked until a booking between the two is
 * confirmed, so the other side only ever receives the masked text (API, live events, email); the
 * sender hears what was hidden; what was typed is kept for admins only; once a booking is
 * confirmed, new messages pass as typed.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../db/open.ts';
import { createBooking } from '../../db/seed/factories.ts';
import { bookingFixture, DAY_MS } from '../../test/booking-fixture.ts';
import { useTestApp } from '../../test/test-app.ts';
import { CONTACT_PLACEHOLDER } from './contact-details.ts';

const t = useTestApp();
const PHONE = '+351 912 345 678';
/**
 * Any part of the number, written with or without its spaces: a three-digit piece alone could be
 * part of an id (a UUID such as 97853912-...).
 */
const NUMBER_SHOWN = /912\D?345|345\D?678/;

describe('contact details in an inquiry and a booking thread', () => {
  it('are masked for the other side everywhere until a booking is confirmed, then pass', async () => {
    const f = await bookingFixture(t.db);
    const asked = await t.app.inject({
      method: 'POST',
      url: `/api/services/${f.service.id}/inquiry`,
      cookies: f.cookies.traveler,
      payload: { body: `Is 3pm ok? Call me on ${PHONE}, room 12.` },
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const { conversation, message } = asked.json();
    expect(message.body).toBe(`Is 3pm ok? Call me on ${CONTACT_PLACEHOLDER}, room 12.`);
    expect(message.masked).toBe(true);
    expect(message.hidden).toEqual([{ kind: 'phone', text: PHONE }]);

    // The provider reads it masked; the thread list's preview too.
    const thread = await t.app.inject({
      url: `/api/conversations/${conversation.id}/messages`,
      cookies: f.cookies.owner,
    });
    expect(thread.body).not.toMatch(NUMBER_SHOWN);
    expect(thread.json()[0]).toMatchObject({ body: message.body, masked: true });
    expect(thread.json()[0].hidden).toBeUndefined();
    const list = await t.app.inject({ url: '/api/inquiries', cookies: f.cookies.owner });
    expect(list.body).not.toMatch(NUMBER_SHOWN);
    // The live event and the email carry the masked text; the typed one is kept for admins only.
    const events = await queryRows<{ data: unknown }>(t.db, sql`select data from user_events`);
    expect(JSON.stringify(events)).not.toMatch(NUMBER_SHOWN);
    const emails = await queryRows<{ text: string; html: string }>(t.db, sql`select text, html from email_outbox`);
    expect(emails.length).toBeGreaterThan(0);
    for (const e of emails) expect(e.text + e.html).not.toMatch(NUMBER_SHOWN);
    const [stored] = await queryRows<{ body: string; original_body: string }>(
      t.db,
      sql`select body, original_body from messages`,
    );
    expect(stored).toEqual({ body: message.body, original_body: `Is 3pm ok? Call me on ${PHONE}, room 12.` });

    // The provider's reply is masked too, in the booking thread as well while it is a request.
    const request = await createBooking(t.db, {
      service: f.service,
      userId: f.traveler.id,
      status: 'PENDING',
      startAt: new Date(Date.now() + 5 * DAY_MS),
    });
    const reply = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/${request.id}/messages`,
      cookies: f.cookies.owner,
      payload: { body: 'Write to ana@studio.pt or wa.me/351912345678' },
    });
    expect(reply.json().body).toBe(`Write to ${CONTACT_PLACEHOLDER} or ${CONTACT_PLACEHOLDER}`);

    // Once a booking between them is confirmed, new messages pass as typed.
    await t.db.execute(sql`update bookings set status = 'CONFIRMED' where id = ${request.id}`);
    const after = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/${request.id}/messages`,
      cookies: f.cookies.traveler,
      payload: { body: `My number is ${PHONE}` },
    });
    expect(after.json()).toMatchObject({ body: `My number is ${PHONE}`, masked: false, hidden: [] });
    const read = await t.app.inject({ url: `/api/bookings/${request.id}/messages`, cookies: f.cookies.owner });
    expect(read.json().at(-1).body).toBe(`My number is ${PHONE}`);
  });
});
