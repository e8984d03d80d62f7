import { describe, expect, it } from 'vitest';
import { responseLabel } from '../../shared/domain/response-time.ts';
import { bookingEvents, conversations } from '../db/schema.ts';
import { createBooking, createMessage, createProvider, createService, createUser } from '../db/seed/factories.ts';
import { uniqueIp, useTestApp } from '../test/test-app.ts';
import { providerResponseTime } from './response-time.ts';

const t = useTestApp();
const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
let slot = 0;

/** A booking request made `ago` before now, answered by the provider `after` it (a decision), or never. */
async function request(
  service: Awaited<ReturnType<typeof createService>>,
  providerUserId: string,
  ago: number,
  answer: { after: number; by: 'decision' | 'message' } | null,
  status: 'PENDING' | 'CONFIRMED' | 'CANCELED' = 'CONFIRMED',
) {
  const createdAt = new Date(Date.now() - ago);
  const booking = await createBooking(t.db, {
    service,
    status,
    createdAt,
    // Each request at its own time, so live bookings never overlap (the database refuses that).
    startAt: new Date(Date.now() + 10 * 24 * HOUR + (slot += 1) * 3 * HOUR),
  });
  if (!answer) return booking;
  const at = new Date(createdAt.getTime() + answer.after);
  if (answer.by === 'decision') {
    await t.db.insert(bookingEvents).values({
      bookingId: booking.id,
      actorUserId: providerUserId,
      actorRole: 'PROVIDER',
      fromStatus: 'PENDING',
      toStatus: 'CONFIRMED',
      createdAt: at,
    });
  } else {
    await createMessage(t.db, { bookingId: booking.id, senderId: providerUserId, createdAt: at });
  }
  return booking;
}

describe('providerResponseTime (median of the last 90 days)', () => {
  it('is New with no requests, and still New with two', async () => {
    const { provider, user } = await createProvider(t.db);
    const service = await createService(t.db, { providerId: provider.id });
    expect(await providerResponseTime(t.db, provider.id, new Date())).toEqual({
      requests: 0,
      medianMinutes: null,
      isMostlyUnanswered: false,
    });
    await request(service, user.id, 5 * HOUR, { after: 10 * MINUTE, by: 'decision' });
    await request(service, user.id, 6 * HOUR, { after: 20 * MINUTE, by: 'decision' });
    const two = await providerResponseTime(t.db, provider.id, new Date());
    expect(two.requests).toBe(2);
    expect(responseLabel(two)).toEqual({ kind: 'new' });
  });

  it('takes the median of decisions and first messages; requests older than 90 days do not count', async () => {
    const { provider, user } = await createProvider(t.db);
    const service = await createService(t.db, { providerId: provider.id });
    await request(service, user.id, 5 * HOUR, { after: 10 * MINUTE, by: 'decision' });
    await request(service, user.id, 6 * HOUR, { after: 3 * HOUR, by: 'decision' });
    await request(service, user.id, 7 * HOUR, { after: 40 * MINUTE, by: 'message' });
    // Fast, but 100 days ago.
    await request(service, user.id, 100 * 24 * HOUR, { after: 1 * MINUTE, by: 'decision' });
    const response = await providerResponseTime(t.db, provider.id, new Date());
    expect(response).toEqual({ requests: 3, medianMinutes: 40, isMostlyUnanswered: false });
    expect(responseLabel(response)).toEqual({ kind: 'minutes', count: 40 });
  });

  it('counts an expired request as the slowest, leaves out one still waiting or withdrawn by the traveler', async () => {
    const { provider, user } = await createProvider(t.db);
    const service = await createService(t.db, { providerId: provider.id });
    await request(service, user.id, 50 * HOUR, { after: 2 * HOUR, by: 'decision' });
    await request(service, user.id, 60 * HOUR, { after: 5 * HOUR, by: 'decision' });
    // Expired unanswered (left PENDING without the provider): the slowest.
    await request(service, user.id, 70 * HOUR, null, 'CANCELED');
    // Still waiting: not counted.
    await request(service, user.id, 1 * HOUR, null, 'PENDING');
    // Withdrawn by the traveler before an answer: not counted.
    const withdrawn = await request(service, user.id, 80 * HOUR, null, 'CANCELED');
    await t.db.insert(bookingEvents).values({
      bookingId: withdrawn.id,
      actorUserId: withdrawn.userId,
      actorRole: 'TRAVELER',
      fromStatus: 'PENDING',
      toStatus: 'CANCELED',
    });
    const response = await providerResponseTime(t.db, provider.id, new Date());
    expect(response).toEqual({ requests: 3, medianMinutes: 300, isMostlyUnanswered: false });
    expect(responseLabel(response)).toEqual({ kind: 'hours', count: 5 });
  });

  it('counts an inquiry from the traveler’s first message to the provider’s first reply', async () => {
    const { provider, user } = await createProvider(t.db);
    const service = await createService(t.db, { providerId: provider.id });
    for (const [ago, after] of [
      [10 * HOUR, 20 * MINUTE],
      [20 * HOUR, 25 * MINUTE],
      [30 * HOUR, null],
    ] as const) {
      const traveler = await createUser(t.db);
      const asked = new Date(Date.now() - ago);
      const [conversation] = await t.db
        .insert(conversations)
        .values({ travelerId: traveler.id, serviceId: service.id, providerId: provider.id, createdAt: asked })
        .returning();
      const conversationId = conversation?.id as string;
      await createMessage(t.db, { bookingId: null, conversationId, senderId: traveler.id, createdAt: asked });
      if (after !== null)
        await createMessage(t.db, {
          bookingId: null,
          conversationId,
          senderId: user.id,
          createdAt: new Date(asked.getTime() + after),
        });
    }
    // 20 min, 25 min, unanswered after 30 hours: median 25 minutes.
    expect(await providerResponseTime(t.db, provider.id, new Date())).toEqual({
      requests: 3,
      medianMinutes: 25,
      isMostlyUnanswered: false,
    });
  });

  it('GET /api/services/:id carries the figure, to anyone', async () => {
    const { provider, user } = await createProvider(t.db);
    const service = await createService(t.db, { providerId: provider.id });
    await request(service, user.id, 5 * HOUR, { after: 70 * MINUTE, by: 'decision' });
    const res = await t.app.inject({ method: 'GET', url: `/api/services/${service.id}`, remoteAddress: uniqueIp() });
    expect(res.statusCode).toBe(200);
    expect(res.json().providerResponse).toEqual({ requests: 1, medianMinutes: null, isMostlyUnanswered: false });
  });
});

describe('responseLabel', () => {
  it('words the median: minutes up to 55, then hours up to two days, then days; mostly unanswered is slow', () => {
    const at = (medianMinutes: number) => responseLabel({ requests: 5, medianMinutes, isMostlyUnanswered: false });
    expect(at(1)).toEqual({ kind: 'minutes', count: 5 });
    expect(at(52)).toEqual({ kind: 'minutes', count: 55 });
    expect(at(58)).toEqual({ kind: 'hours', count: 1 });
    expect(at(61)).toEqual({ kind: 'hours', count: 2 });
    expect(at(47 * 60)).toEqual({ kind: 'hours', count: 47 });
    expect(at(50 * 60)).toEqual({ kind: 'days', count: 3 });
    expect(responseLabel({ requests: 5, medianMinutes: null, isMostlyUnanswered: true })).toEqual({ kind: 'slow' });
  });
});
