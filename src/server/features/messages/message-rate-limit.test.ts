import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages, providers } from '../../db/schema.ts';
import { createBooking, createCategory, createService } from '../../db/seed/factories.ts';
import { signUp, useTestApp } from '../../test/test-app.ts';
import { MESSAGES_PER_USER_PER_MINUTE } from './messages.ts';

const t = useTestApp();

describe('POST /api/bookings/{id}/messages: per-user rate limit', () => {
  it('a sender gets 429 with Retry-After past the limit; the other party and other senders are not affected', async () => {
    const traveler = await signUp(t.app);
    const provider = await signUp(t.app, { role: 'PROVIDER' });
    const [p] = await t.db.select().from(providers).where(eq(providers.userId, provider.user.id));
    const category = await createCategory(t.db);
    const service = await createService(t.db, { providerId: p!.id, categoryId: category.id });
    const booking = await createBooking(t.db, { service, userId: traveler.user.id });
    const send = (cookies: Record<string, string>, body: string) =>
      t.app.inject({ method: 'POST', url: `/api/bookings/${booking.id}/messages`, payload: { body }, cookies });

    for (let i = 0; i < MESSAGES_PER_USER_PER_MINUTE; i++) {
      expect((await send(traveler.cookies, `Message ${i}`)).statusCode).toBe(201);
    }
    const limited = await send(traveler.cookies, 'One too many');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe('You are sending messages too quickly. Please wait a minute and try again.');
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Nothing was stored for the refused message.
    const stored = await t.db.select().from(messages).where(eq(messages.bookingId, booking.id));
    expect(stored).toHaveLength(MESSAGES_PER_USER_PER_MINUTE);
    expect(stored.map((m) => m.body)).not.toContain('One too many');
    // The provider can still answer.
    expect((await send(provider.cookies, 'Happy to help')).statusCode).toBe(201);
  });

  it('anonymous is still 401 and a stranger still 404 (the limit does not change who may post)', async () => {
    const traveler = await signUp(t.app);
    const stranger = await signUp(t.app);
    const provider = await signUp(t.app, { role: 'PROVIDER' });
    const [p] = await t.db.select().from(providers).where(eq(providers.userId, provider.user.id));
    const service = await createService(t.db, { providerId: p!.id, categoryId: (await createCategory(t.db)).id });
    const booking = await createBooking(t.db, { service, userId: traveler.user.id });
    const url = `/api/bookings/${booking.id}/messages`;
    expect((await t.app.inject({ method: 'POST', url, payload: { body: 'hi' } })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'POST', url, payload: { body: 'hi' }, cookies: stranger.cookies })).statusCode,
    ).toBe(404);
  });
});
