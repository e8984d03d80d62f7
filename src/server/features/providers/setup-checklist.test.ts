import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Config } from '../../config.ts';
import { providers } from '../../db/schema.ts';
import {
  createAvailability,
  createCategory,
  createProvider,
  createService,
  createUser,
} from '../../db/seed/factories.ts';
import { createSession, SESSION_COOKIE } from '../../http/session.ts';
import { onboardProvider } from '../../test/connect-fixture.ts';
import { startStripeServer, type StripeServer } from '../../test/stripe-server.ts';
import { useTestApp } from '../../test/test-app.ts';

/**
 * A new provider's setup checklist, with card payments configured: each step turns done as the
 * provider does it, an identity document waits in review or comes back rejected with the admin's
 * reason, payouts say whether travelers can book yet, the calendar is optional. Providers only,
 * each their own.
 */
let stripe: StripeServer;
beforeAll(async () => {
  stripe = await startStripeServer({ connectWebhookSecret: 'whsec_locora_connect_test' });
});
afterAll(async () => {
  await stripe?.close();
});

const t = useTestApp({
  get stripe(): Config['stripe'] {
    return {
      secretKey: stripe.secretKey,
      publishableKey: stripe.publishableKey,
      webhookSecret: stripe.webhookSecret,
      connectWebhookSecret: stripe.connectWebhookSecret,
      platformCountry: 'US',
      apiUrl: stripe.url,
      timeoutMs: 700,
    };
  },
  publicUrl: 'http://localhost:3000',
} as Partial<Config>);

let f: Awaited<ReturnType<typeof buildFixture>>;
async function cookieFor(userId: string) {
  const { token } = await createSession(t.db, userId, 'test');
  return { [SESSION_COOKIE]: token };
}
async function buildFixture() {
  const category = await createCategory(t.db, { name: 'Massage', slug: 'massage' });
  // Brand new: no photo, no bio, no document.
  const fresh = await createProvider(t.db, { displayName: 'Kenji Sato', bio: null, govIdStatus: 'PENDING' });
  const other = await createProvider(t.db, { displayName: 'Bruno Costa', avatar: '/uploads/b.webp' });
  const traveler = await createUser(t.db, { name: 'Rita' });
  const admin = await createUser(t.db, { role: 'ADMIN' });
  return {
    category,
    fresh,
    other,
    cookies: {
      fresh: await cookieFor(fresh.user.id),
      other: await cookieFor(other.user.id),
      traveler: await cookieFor(traveler.id),
      admin: await cookieFor(admin.id),
    },
  };
}
beforeEach(async () => {
  f = await buildFixture();
});

const setupOf = async (cookies?: Record<string, string>) =>
  t.app.inject({ url: '/api/provider/setup', ...(cookies ? { cookies } : {}) });
const statuses = async (cookies: Record<string, string>) => {
  const body = (await setupOf(cookies)).json() as {
    steps: { key: string; status: string; reason: string | null }[];
    isComplete: boolean;
    canBeBooked: boolean;
  };
  return { ...body, byKey: Object.fromEntries(body.steps.map((s) => [s.key, s.status])) };
};

describe('GET /api/provider/setup', () => {
  it('starts with every step to do, in order, and travelers cannot book', async () => {
    const res = await setupOf(f.cookies.fresh);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      steps: [
        { key: 'profile', status: 'todo', isOptional: false, reason: null },
        { key: 'identity', status: 'todo', isOptional: false, reason: null },
        { key: 'service', status: 'todo', isOptional: false, reason: null },
        { key: 'availability', status: 'todo', isOptional: false, reason: null },
        { key: 'payouts', status: 'todo', isOptional: false, reason: null },
        { key: 'calendar', status: 'todo', isOptional: true, reason: null },
      ],
      isComplete: false,
      canBeBooked: false,
    });
  });

  it('turns each step done as the provider does it; complete without the optional calendar', async () => {
    const id = f.fresh.provider.id;
    await t.db
      .update(providers)
      .set({ avatar: '/uploads/k.webp', bio: 'Shiatsu in Tokyo.' })
      .where(eq(providers.id, id));
    await t.db
      .update(providers)
      .set({ idDocumentKey: 'id-docs/k.pdf', idDocumentMime: 'application/pdf', idDocumentUploadedAt: new Date() })
      .where(eq(providers.id, id));
    expect((await statuses(f.cookies.fresh)).byKey).toMatchObject({ profile: 'done', identity: 'in_review' });
    await t.db.update(providers).set({ govIdStatus: 'APPROVED' }).where(eq(providers.id, id));
    await createService(t.db, { providerId: id, categoryId: f.category.id });
    await createAvailability(t.db, { providerId: id });
    let s = await statuses(f.cookies.fresh);
    expect(s.byKey).toMatchObject({ identity: 'done', service: 'done', availability: 'done', payouts: 'todo' });
    expect(s).toMatchObject({ isComplete: false, canBeBooked: false });
    await onboardProvider(t.db, stripe, id, { country: 'US' });
    s = await statuses(f.cookies.fresh);
    expect(s.byKey).toMatchObject({ payouts: 'done', calendar: 'todo' });
    expect(s).toMatchObject({ isComplete: true, canBeBooked: true });
  });

  it('says when payouts are in review, and an identity document’s rejection with its reason', async () => {
    await onboardProvider(t.db, stripe, f.fresh.provider.id, { country: 'US', state: 'under_review' });
    await t.db
      .update(providers)
      .set({ govIdStatus: 'REJECTED', govIdRejectionReason: 'The photo is too blurry to read.' })
      .where(eq(providers.id, f.fresh.provider.id));
    const s = await statuses(f.cookies.fresh);
    expect(s.byKey).toMatchObject({ payouts: 'in_review', identity: 'rejected' });
    expect(s.steps.find((x) => x.key === 'identity')?.reason).toBe('The photo is too blurry to read.');
  });

  it('does not count past or blocked time as availability, nor a deleted service', async () => {
    const id = f.fresh.provider.id;
    await createAvailability(t.db, { providerId: id, startAt: new Date(Date.now() - 48 * 3600e3) });
    await createAvailability(t.db, { providerId: id, isBlocked: true });
    const service = await createService(t.db, { providerId: id, categoryId: f.category.id });
    await t.db.execute(`update services set deleted_at = now() where id = '${service.id}'`);
    expect((await statuses(f.cookies.fresh)).byKey).toMatchObject({ availability: 'todo', service: 'todo' });
  });

  it('is each provider’s own, for providers only', async () => {
    expect((await statuses(f.cookies.other)).byKey).toMatchObject({ profile: 'done', identity: 'done' });
    expect((await setupOf()).statusCode).toBe(401);
    expect((await setupOf(f.cookies.traveler)).statusCode).toBe(403);
    expect((await setupOf(f.cookies.admin)).statusCode).toBe(403);
  });
});
