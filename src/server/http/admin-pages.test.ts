import { describe, expect, it } from 'vitest';
import { createCategory, createProvider, createService, createUser } from '../db/seed/factories.ts';
import { createSession, SESSION_COOKIE } from './session.ts';
import { signUp, useTestApp } from '../test/test-app.ts';

const t = useTestApp();
const rootHtml = (html: string) => html.slice(html.indexOf('<div id="root">'), html.indexOf('locora-page-data'));

async function adminCookies() {
  const admin = await createUser(t.db, { role: 'ADMIN', name: 'Ada Admin' });
  const { token } = await createSession(t.db, admin.id, 'test');
  return { [SESSION_COOKIE]: token };
}

describe('admin pages (server-rendered)', () => {
  it('send a signed-out visitor to sign in, with the page to come back to', async () => {
    for (const path of ['/admin', '/admin/providers', '/admin/services?q=yoga', '/admin/categories']) {
      const res = await t.app.inject({ url: path });
      expect(res.statusCode, path).toBe(302);
      expect(res.headers.location).toBe(`/auth/signin?next=${encodeURIComponent(path)}`);
    }
  });

  it('answer a traveler and a provider with a clear 403 page', async () => {
    for (const role of ['TRAVELER', 'PROVIDER'] as const) {
      const { cookies } = await signUp(t.app, { role });
      for (const path of ['/admin', '/admin/providers', '/admin/services', '/admin/categories']) {
        const res = await t.app.inject({ url: path, cookies });
        expect(res.statusCode, `${role} ${path}`).toBe(403);
        const html = rootHtml(res.body);
        expect(html).toContain('Admins only');
        expect(html).toContain('Your account does not have access to it.');
        expect(html).not.toContain('Total Users');
      }
    }
  });

  it('render each admin page with its title and data for an admin', async () => {
    const cookies = await adminCookies();
    const category = await createCategory(t.db, { name: 'Massage', slug: 'massage' });
    const pending = await createProvider(t.db, {
      displayName: 'Pedro Pending',
      govIdStatus: 'PENDING',
      bio: null,
      baseCity: null,
      languages: [],
    });
    await createService(t.db, { providerId: pending.provider.id, categoryId: category.id, title: 'Harbour massage' });

    const dash = rootHtml((await t.app.inject({ url: '/admin', cookies })).body);
    for (const text of [
      'Admin Dashboard',
      'Total Users',
      'Total Providers',
      'Total Services',
      'Total Bookings',
      'Pending Verifications',
      'No admin decisions yet.',
    ]) {
      expect(dash).toContain(text);
    }
    const providers = rootHtml((await t.app.inject({ url: '/admin/providers', cookies })).body);
    for (const text of [
      'Provider Verification',
      'Pedro Pending',
      'No bio provided',
      'Not specified',
      'None specified',
      'Approve',
      'Reject',
      'No identity document submitted yet',
    ]) {
      expect(providers).toContain(text);
    }
    const services = rootHtml((await t.app.inject({ url: '/admin/services', cookies })).body);
    for (const text of ['Service Moderation', 'Harbour massage', 'Pedro Pending', 'Massage', 'Active', '$50']) {
      expect(services).toContain(text);
    }
    const categories = await t.app.inject({ url: '/admin/categories', cookies });
    expect(categories.statusCode).toBe(200);
    for (const text of ['Category Management', 'Name', 'Slug', 'Icon (optional)', 'massage']) {
      expect(rootHtml(categories.body)).toContain(text);
    }
  });

  it('shows “No pending verifications” when nobody waits', async () => {
    const cookies = await adminCookies();
    const res = await t.app.inject({ url: '/admin/providers', cookies });
    expect(rootHtml(res.body)).toContain('No pending verifications');
  });
});
