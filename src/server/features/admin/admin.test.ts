import fs from 'node:fs';
import path from 'node:path';
import { desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeEach, describe, expect, it } from 'vitest';
import { auditLog, categories, providers, services } from '../../db/schema.ts';
import { createBooking, createCategory, createProvider, createService, createUser } from '../../db/seed/factories.ts';
import { demoIdDocument } from '../../db/seed/id-documents.ts';
import { seedDemo, truncateAll } from '../../db/seed/seed.ts';
import { createIdDocumentStorage } from '../../storage/backends.ts';
import { createSession, SESSION_COOKIE } from '../../http/session.ts';
import { jpegWithGps, pngBombStreamed } from '../../storage/test-images.ts';
import { multipart } from '../../test/multipart.ts';
import { useTestApp } from '../../test/test-app.ts';

const t = useTestApp();

async function cookieFor(userId: string) {
  const { token } = await createSession(t.db, userId, 'test');
  return { [SESSION_COOKIE]: token };
}

type Fixture = Awaited<ReturnType<typeof buildFixture>>;
let f: Fixture;

async function buildFixture() {
  const massage = await createCategory(t.db, { name: 'Massage', slug: 'massage' });
  const empty = await createCategory(t.db, { name: 'Empty', slug: 'empty' });
  const approved = await createProvider(t.db, { displayName: 'Ana Lima', govIdStatus: 'APPROVED' });
  const pending = await createProvider(t.db, {
    displayName: 'Pedro Pending',
    govIdStatus: 'PENDING',
    bio: null,
    baseCity: null,
    languages: [],
    createdAt: new Date('2026-01-01T10:00:00Z'),
  });
  const pendingWithDoc = await createProvider(t.db, {
    displayName: 'Dora Document',
    govIdStatus: 'PENDING',
    createdAt: new Date('2026-02-01T10:00:00Z'),
  });
  const traveler = await createUser(t.db, { name: 'Rita' });
  const admin = await createUser(t.db, { role: 'ADMIN', name: 'Ada Admin' });
  const service = await createService(t.db, {
    providerId: approved.provider.id,
    categoryId: massage.id,
    title: 'Deep tissue massage',
    createdAt: new Date('2026-01-01T10:00:00Z'),
  });
  const pendingService = await createService(t.db, {
    providerId: pending.provider.id,
    categoryId: massage.id,
    title: 'Sunset yoga',
    createdAt: new Date('2026-01-02T10:00:00Z'),
  });
  return {
    massage,
    empty,
    approved,
    pending,
    pendingWithDoc,
    traveler,
    admin,
    service,
    pendingService,
    cookies: {
      admin: await cookieFor(admin.id),
      traveler: await cookieFor(traveler.id),
      provider: await cookieFor(approved.user.id),
      pending: await cookieFor(pending.user.id),
      pendingWithDoc: await cookieFor(pendingWithDoc.user.id),
    },
  };
}

beforeEach(async () => {
  f = await buildFixture();
});

const png = () => demoIdDocument('Test', 0).then((d) => d.bytes);
const pdf = () => demoIdDocument('Test', 1).then((d) => d.bytes);

async function uploadDoc(cookies: Record<string, string>, bytes: Buffer, name = 'id.png', type = 'image/png') {
  const body = multipart('file', name, type, bytes);
  return t.app.inject({ method: 'POST', url: '/api/provider/id-document', cookies, ...body });
}

async function auditRows() {
  return t.db.select().from(auditLog).orderBy(desc(auditLog.createdAt));
}

// -------------------------------------------------------------------------- access matrix

describe('access: every /api/admin route answers 401 anonymous, 403 traveler and provider', () => {
  const routes = () => [
    { method: 'GET' as const, url: '/api/admin/stats' },
    { method: 'GET' as const, url: '/api/admin/providers/pending' },
    {
      method: 'PATCH' as const,
      url: `/api/admin/providers/${f.pendingWithDoc.provider.id}/verify`,
      payload: { govIdStatus: 'APPROVED' },
    },
    { method: 'GET' as const, url: `/api/admin/providers/${f.pendingWithDoc.provider.id}/id-document` },
    { method: 'GET' as const, url: '/api/admin/services' },
    { method: 'PATCH' as const, url: `/api/admin/services/${f.service.id}/status`, payload: { isActive: false } },
    { method: 'DELETE' as const, url: `/api/admin/services/${f.service.id}` },
    { method: 'POST' as const, url: '/api/admin/categories', payload: { name: 'Surf', slug: 'surf' } },
    { method: 'PATCH' as const, url: `/api/admin/categories/${f.massage.id}`, payload: { name: 'Massages' } },
    { method: 'DELETE' as const, url: `/api/admin/categories/${f.empty.id}` },
    { method: 'GET' as const, url: '/api/admin/audit-log' },
  ];

  it('refuses anonymous (401), travelers and providers (403), even with bad input, and changes nothing', async () => {
    await uploadDoc(f.cookies.pendingWithDoc, await png());
    for (const route of routes()) {
      const anon = await t.app.inject(route);
      expect(anon.statusCode, `${route.method} ${route.url} anonymous`).toBe(401);
      for (const who of ['traveler', 'provider', 'pending'] as const) {
        const res = await t.app.inject({ ...route, cookies: f.cookies[who] });
        expect(res.statusCode, `${route.method} ${route.url} as ${who}`).toBe(403);
        expect(res.json().message).toBe('You do not have access to this.');
      }
      // Bad input does not reveal the route to a non-admin either.
      const bad = await t.app.inject({ ...route, payload: { nonsense: true }, cookies: f.cookies.traveler });
      expect(bad.statusCode).toBe(403);
    }
    const [svc] = await t.db.select().from(services).where(eq(services.id, f.service.id));
    expect(svc?.isActive).toBe(true);
    expect(svc?.deletedAt).toBeNull();
    expect(await t.db.select().from(categories).where(eq(categories.slug, 'surf'))).toHaveLength(0);
    const [massage] = await t.db.select().from(categories).where(eq(categories.id, f.massage.id));
    expect(massage?.name).toBe('Massage');
    expect(await auditRows()).toHaveLength(0);
  });

  it('lets an admin call every route', async () => {
    await uploadDoc(f.cookies.pendingWithDoc, await png());
    for (const route of routes()) {
      const res = await t.app.inject({ ...route, cookies: f.cookies.admin });
      expect([200, 201], `${route.method} ${route.url}: ${res.body}`).toContain(res.statusCode);
    }
  });
});

// ---------------------------------------------------------------------------------- stats

describe('GET /api/admin/stats', () => {
  it('counts users, providers, services (not deleted), bookings and pending verifications', async () => {
    await createBooking(t.db, {
      service: f.service,
      userId: f.traveler.id,
      status: 'COMPLETED',
      startAt: new Date('2025-06-01T10:00:00Z'),
    });
    await t.db.update(services).set({ deletedAt: new Date() }).where(eq(services.id, f.pendingService.id));
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/stats', cookies: f.cookies.admin });
    expect(res.statusCode).toBe(200);
    // users: 3 providers + traveler + admin; one booking's own traveler is the fixture's.
    expect(res.json()).toEqual({
      totalUsers: 5,
      totalProviders: 3,
      totalServices: 1,
      totalBookings: 1,
      pendingVerifications: 2,
    });
  });
});

// ---------------------------------------------------------------------- provider verification

describe('provider verification', () => {
  it('lists pending providers with every field, those with a document first', async () => {
    expect((await uploadDoc(f.cookies.pendingWithDoc, await pdf(), 'id.pdf', 'application/pdf')).statusCode).toBe(201);
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/providers/pending', cookies: f.cookies.admin });
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.map((p: { displayName: string }) => p.displayName)).toEqual(['Dora Document', 'Pedro Pending']);
    expect(list[0].idDocument).toMatchObject({ mime: 'application/pdf' });
    expect(list[1]).toMatchObject({
      id: f.pending.provider.id,
      userId: f.pending.user.id,
      bio: null,
      baseCity: null,
      languages: [],
      govIdStatus: 'PENDING',
      phoneVerified: true,
      user: { email: f.pending.user.email },
      idDocument: null,
    });
    // No document path or key leaks.
    expect(res.body).not.toContain('documents/');
  });

  it('approves: the badge shows on the public profile and cards at once, with an audit row', async () => {
    expect((await uploadDoc(f.cookies.pending, await png())).statusCode).toBe(201);
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/providers/${f.pending.provider.id}/verify`,
      cookies: f.cookies.admin,
      payload: { govIdStatus: 'APPROVED' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().provider).toEqual({
      id: f.pending.provider.id,
      govIdStatus: 'APPROVED',
      govIdRejectionReason: null,
    });
    const profile = await t.app.inject({ method: 'GET', url: `/api/providers/${f.pending.user.id}` });
    expect(profile.json().govIdStatus).toBe('APPROVED');
    expect(profile.json().services[0].provider.govIdStatus).toBe('APPROVED');
    const [row] = await auditRows();
    expect(row).toMatchObject({
      adminId: f.admin.id,
      action: 'provider.approve',
      targetType: 'provider',
      targetId: f.pending.provider.id,
      before: { govIdStatus: 'PENDING', displayName: 'Pedro Pending', govIdRejectionReason: null },
      after: { govIdStatus: 'APPROVED', displayName: 'Pedro Pending', govIdRejectionReason: null },
      reason: null,
    });
    const pending = await t.app.inject({
      method: 'GET',
      url: '/api/admin/providers/pending',
      cookies: f.cookies.admin,
    });
    expect(pending.json().map((p: { id: string }) => p.id)).not.toContain(f.pending.provider.id);
  });

  it('refuses to approve a provider without an identity document (409 with why); rejecting stays possible', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/providers/${f.pending.provider.id}/verify`,
      cookies: f.cookies.admin,
      payload: { govIdStatus: 'APPROVED' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'This provider has not uploaded an identity document yet, so they cannot be approved. Ask them to upload one from their dashboard, or reject.',
    );
    const [row] = await t.db.select().from(providers).where(eq(providers.id, f.pending.provider.id));
    expect(row?.govIdStatus).toBe('PENDING');
    expect(await auditRows()).toHaveLength(0);
    const reject = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/providers/${f.pending.provider.id}/verify`,
      cookies: f.cookies.admin,
      payload: { govIdStatus: 'REJECTED', reason: 'No document' },
    });
    expect(reject.statusCode).toBe(200);
  });

  it('rejects with a reason the provider sees; a new document makes them pending again', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/providers/${f.pending.provider.id}/verify`,
      cookies: f.cookies.admin,
      payload: { govIdStatus: 'REJECTED', reason: '  The photo is blurred.  ' },
    });
    expect(res.statusCode).toBe(200);
    const me = await t.app.inject({ method: 'GET', url: '/api/provider/me', cookies: f.cookies.pending });
    expect(me.json()).toMatchObject({
      govIdStatus: 'REJECTED',
      govIdRejectionReason: 'The photo is blurred.',
      idDocument: null,
    });
    const [row] = await auditRows();
    expect(row).toMatchObject({ action: 'provider.reject', reason: 'The photo is blurred.' });
    // The public profile never shows the reason.
    const profile = await t.app.inject({ method: 'GET', url: `/api/providers/${f.pending.user.id}` });
    expect(profile.body).not.toContain('blurred');

    expect((await uploadDoc(f.cookies.pending, await png())).statusCode).toBe(201);
    const again = await t.app.inject({ method: 'GET', url: '/api/provider/me', cookies: f.cookies.pending });
    expect(again.json()).toMatchObject({
      govIdStatus: 'PENDING',
      govIdRejectionReason: null,
      idDocument: { mime: 'image/png' },
    });
  });

  it('refuses bad input on every field with 400 and a message, and unknown providers with 404', async () => {
    const url = `/api/admin/providers/${f.pending.provider.id}/verify`;
    const cases: [unknown, string][] = [
      [{}, 'govIdStatus must be APPROVED or REJECTED'],
      [{ govIdStatus: 'PENDING' }, 'govIdStatus must be APPROVED or REJECTED'],
      [{ govIdStatus: 'approved' }, 'govIdStatus must be APPROVED or REJECTED'],
      [{ govIdStatus: 'REJECTED', reason: 42 }, 'Reason must be text'],
      [{ govIdStatus: 'REJECTED', reason: 'x'.repeat(501) }, 'Reason must be at most 500 characters'],
      [{ govIdStatus: 'REJECTED', reason: 'bad\u202Etext' }, 'Reason cannot contain control or invisible characters'],
      [{ govIdStatus: 'APPROVED', extra: 1 }, 'Unrecognized key'],
    ];
    for (const [payload, message] of cases) {
      const res = await t.app.inject({ method: 'PATCH', url, cookies: f.cookies.admin, payload: payload as object });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toContain(message);
    }
    const badId = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/providers/not-a-uuid/verify',
      cookies: f.cookies.admin,
      payload: { govIdStatus: 'APPROVED' },
    });
    expect(badId.statusCode).toBe(400);
    const missing = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/providers/00000000-0000-4000-8000-000000000000/verify',
      cookies: f.cookies.admin,
      payload: { govIdStatus: 'APPROVED' },
    });
    expect(missing.statusCode).toBe(404);
    expect(await auditRows()).toHaveLength(0);
  });
});

// ------------------------------------------------------------------------ identity documents

describe('identity documents', () => {
  it('a provider uploads a PNG, JPEG or PDF; only admins can open it (a picture inline, a PDF as a download), never cached or sniffed', async () => {
    const jpeg = await sharp({ create: { width: 20, height: 10, channels: 3, background: '#336699' } })
      .jpeg()
      .toBuffer();
    const keyOf = async () =>
      (
        await t.db
          .select({ key: providers.idDocumentKey })
          .from(providers)
          .where(eq(providers.id, f.pendingWithDoc.provider.id))
      )[0]?.key;
    const fileOf = (key: string) => path.join(t.config.idDocumentDir, ...key.split('/'));
    let previous: string | null | undefined = null;
    for (const [bytes, type] of [
      [await png(), 'image/png'],
      [jpeg, 'image/jpeg'],
      [await pdf(), 'application/pdf'],
    ] as const) {
      // The declared type is ignored: the bytes decide.
      const up = await uploadDoc(f.cookies.pendingWithDoc, bytes, 'whatever.bin', 'application/octet-stream');
      expect(up.statusCode, up.body).toBe(201);
      expect(up.json()).toMatchObject({ idDocument: { mime: type }, govIdStatus: 'PENDING' });
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/admin/providers/${f.pendingWithDoc.provider.id}/id-document`,
        cookies: f.cookies.admin,
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe(type);
      expect(res.headers['content-disposition']).toBe(
        type === 'application/pdf'
          ? `attachment; filename="identity-document-${f.pendingWithDoc.provider.id}.pdf"`
          : 'inline',
      );
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'self'");
      if (type === 'application/pdf') {
        expect(res.rawPayload.equals(bytes)).toBe(true);
      } else {
        // Re-encoded in its own format at its own size.
        const [sent, served] = await Promise.all([sharp(bytes).metadata(), sharp(res.rawPayload).metadata()]);
        expect(served).toMatchObject({ format: sent.format, width: sent.width, height: sent.height });
      }
      // A replaced document's file is removed.
      const key = await keyOf();
      expect(fs.existsSync(fileOf(key!))).toBe(true);
      if (previous) expect(fs.existsSync(fileOf(previous))).toBe(false);
      previous = key;
    }
  });

  it('a provider cannot open their own or another provider’s document; no URL reaches the file', async () => {
    await uploadDoc(f.cookies.pendingWithDoc, await png());
    const url = `/api/admin/providers/${f.pendingWithDoc.provider.id}/id-document`;
    for (const who of ['pendingWithDoc', 'pending', 'provider', 'traveler'] as const) {
      expect((await t.app.inject({ method: 'GET', url, cookies: f.cookies[who] })).statusCode).toBe(403);
    }
    const [row] = await t.db
      .select({ key: providers.idDocumentKey })
      .from(providers)
      .where(eq(providers.id, f.pendingWithDoc.provider.id));
    const key = row!.key!;
    // A random name (not the provider's id or the original file name), outside the public uploads root.
    expect(key).toMatch(/^documents\/[0-9a-f-]{36}\.png$/);
    expect(fs.existsSync(path.join(t.config.idDocumentDir, ...key.split('/')))).toBe(true);
    expect(t.config.idDocumentDir.startsWith(t.config.uploadDir)).toBe(false);
    const file = key.split('/')[1]!;
    for (const guess of [
      `/uploads/${key}`,
      `/uploads/private/${key}`,
      `/uploads/private/id-documents/${key}`,
      `/uploads/../private/id-documents/${key}`,
      `/private/id-documents/${key}`,
      `/id-documents/${key}`,
      `/media/${file}`,
      `/media/${key}`,
      `/${key}`,
      `/${file}`,
      `/data/private/id-documents/${key}`,
    ]) {
      for (const cookies of [{}, f.cookies.admin]) {
        const res = await t.app.inject({ method: 'GET', url: guess, cookies });
        expect(res.statusCode, guess).not.toBe(200);
        expect(res.rawPayload.subarray(0, 8).equals((await png()).subarray(0, 8)), guess).toBe(false);
      }
    }
  });

  it('refuses what is not a JPEG, PNG or PDF by its content, too large files, and non-providers', async () => {
    const cases: [Buffer, number, string][] = [
      [Buffer.from('GIF89a....'), 415, 'The document must be a JPEG or PNG image or a PDF file.'],
      [
        Buffer.from('<html><script>alert(1)</script></html>'),
        415,
        'The document must be a JPEG or PNG image or a PDF file.',
      ],
      [Buffer.alloc(0), 415, 'The file is empty.'],
      [Buffer.concat([(await png()).subarray(0, 40)]), 415, 'The image could not be read'],
      [Buffer.from('%PDF-1.4\n1 0 obj'), 415, 'The PDF could not be read'],
      [
        Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(10 * 1024 * 1024 + 10, 32), Buffer.from('%%EOF')]),
        413,
        'The document must be at most 10 MB.',
      ],
    ];
    for (const [bytes, status, message] of cases) {
      const res = await uploadDoc(f.cookies.pending, bytes, 'id.png', 'image/png');
      expect(res.statusCode, message).toBe(status);
      expect(res.json().message).toContain(message);
    }
    const notMultipart = await t.app.inject({
      method: 'POST',
      url: '/api/provider/id-document',
      cookies: f.cookies.pending,
      payload: { file: 'x' },
    });
    expect(notMultipart.statusCode).toBe(415);
    const wrongField = await t.app.inject({
      method: 'POST',
      url: '/api/provider/id-document',
      cookies: f.cookies.pending,
      ...multipart('photo', 'id.png', 'image/png', await png()),
    });
    expect(wrongField.statusCode).toBe(400);
    expect((await uploadDoc({}, await png())).statusCode).toBe(401);
    expect((await uploadDoc(f.cookies.traveler, await png())).statusCode).toBe(403);
    expect((await uploadDoc(f.cookies.admin, await png())).statusCode).toBe(403);
    // A verified provider has nothing to send.
    expect((await uploadDoc(f.cookies.provider, await png())).statusCode).toBe(409);
    const [row] = await t.db.select().from(providers).where(eq(providers.id, f.pending.provider.id));
    expect(row?.idDocumentKey).toBeNull();
  });

  it('a picture keeps no EXIF, GPS or other metadata: stored and served bytes carry none', async () => {
    const gps = await jpegWithGps(64, 48, 6);
    // What the test sends does carry it.
    const sent = await sharp(gps).metadata();
    expect(sent.exif).toBeDefined();
    expect(sent.orientation).toBe(6);
    expect(gps.includes('Secret Model')).toBe(true);
    const pngWithExif = await sharp({ create: { width: 30, height: 20, channels: 3, background: '#336699' } })
      .png()
      .withExif({ IFD0: { Make: 'LocoraCam', Model: 'Secret Model' } })
      .toBuffer();
    expect((await sharp(pngWithExif).metadata()).exif).toBeDefined();

    for (const [bytes, type, width, height] of [
      [gps, 'image/jpeg', 48, 64], // EXIF orientation 6 applied: portrait
      [pngWithExif, 'image/png', 30, 20],
    ] as const) {
      const up = await uploadDoc(f.cookies.pendingWithDoc, bytes);
      expect(up.statusCode, up.body).toBe(201);
      expect(up.json().idDocument.mime).toBe(type);
      const [row] = await t.db
        .select({ key: providers.idDocumentKey })
        .from(providers)
        .where(eq(providers.id, f.pendingWithDoc.provider.id));
      const stored = fs.readFileSync(path.join(t.config.idDocumentDir, ...row!.key!.split('/')));
      const served = await t.app.inject({
        method: 'GET',
        url: `/api/admin/providers/${f.pendingWithDoc.provider.id}/id-document`,
        cookies: f.cookies.admin,
      });
      expect(served.rawPayload.equals(stored)).toBe(true);
      const meta = await sharp(stored).metadata();
      expect(meta).toMatchObject({ width, height });
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.iptc).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      for (const text of ['Exif', 'Secret Model', 'LocoraCam', 'GPS']) expect(stored.includes(text), text).toBe(false);
    }
  });

  it('a decompression bomb (a PNG declaring 50000 x 50000) is refused and nothing is stored', async () => {
    const bomb = await pngBombStreamed(50000);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const res = await uploadDoc(f.cookies.pending, bomb);
    expect([413, 415]).toContain(res.statusCode);
    expect(res.json().message).toBe('The image is too large: at most 50 megapixels (this one is 50000 x 50000).');
    const [row] = await t.db.select().from(providers).where(eq(providers.id, f.pending.provider.id));
    expect(row).toMatchObject({ idDocumentKey: null, idDocumentMime: null });
    const dir = path.join(t.config.idDocumentDir, 'documents');
    const files = fs.existsSync(dir) ? fs.readdirSync(dir) : [];
    const before = files.length;
    // A picture within the limit but too narrow is refused like a photo, too.
    const narrow = await sharp({ create: { width: 900, height: 100, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const refused = await uploadDoc(f.cookies.pending, narrow);
    expect(refused.statusCode).toBe(415);
    expect(fs.existsSync(dir) ? fs.readdirSync(dir).length : 0).toBe(before);
  });

  it('answers 404 when the provider has no document, or is unknown', async () => {
    const none = await t.app.inject({
      method: 'GET',
      url: `/api/admin/providers/${f.pending.provider.id}/id-document`,
      cookies: f.cookies.admin,
    });
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe('This provider has not submitted an identity document.');
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/admin/providers/00000000-0000-4000-8000-000000000000/id-document',
      cookies: f.cookies.admin,
    });
    expect(unknown.statusCode).toBe(404);
  });
});

// ---------------------------------------------------------------------------------- services

describe('service moderation', () => {
  it('lists services (inactive too, not deleted), paged and searchable by title or provider', async () => {
    await t.db.update(services).set({ isActive: false }).where(eq(services.id, f.pendingService.id));
    const deleted = await createService(t.db, {
      providerId: f.approved.provider.id,
      categoryId: f.massage.id,
      title: 'Gone',
    });
    await t.db.update(services).set({ deletedAt: new Date() }).where(eq(services.id, deleted.id));
    const all = await t.app.inject({ method: 'GET', url: '/api/admin/services', cookies: f.cookies.admin });
    expect(all.statusCode).toBe(200);
    expect(all.json()).toMatchObject({ total: 2, page: 1, pageSize: 20 });
    expect(all.json().services.map((s: { title: string }) => s.title)).toEqual(['Sunset yoga', 'Deep tissue massage']);
    expect(all.json().services[0]).toMatchObject({
      isActive: false,
      provider: { displayName: 'Pedro Pending' },
      category: { name: 'Massage' },
      price: 5000,
      description: 'A service created for testing.',
    });
    const byTitle = await t.app.inject({
      method: 'GET',
      url: '/api/admin/services?q=TISSUE',
      cookies: f.cookies.admin,
    });
    expect(byTitle.json().services.map((s: { title: string }) => s.title)).toEqual(['Deep tissue massage']);
    const byProvider = await t.app.inject({
      method: 'GET',
      url: '/api/admin/services?q=pedro',
      cookies: f.cookies.admin,
    });
    expect(byProvider.json().services.map((s: { title: string }) => s.title)).toEqual(['Sunset yoga']);
    const wildcard = await t.app.inject({ method: 'GET', url: '/api/admin/services?q=%25', cookies: f.cookies.admin });
    expect(wildcard.json().total).toBe(0);
    const page2 = await t.app.inject({
      method: 'GET',
      url: '/api/admin/services?page=2&pageSize=1',
      cookies: f.cookies.admin,
    });
    expect(page2.json()).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(page2.json().services.map((s: { title: string }) => s.title)).toEqual(['Deep tissue massage']);
    for (const q of ['page=0', 'page=x', 'pageSize=101', 'pageSize=0', 'page=1.5', `q=${'a'.repeat(101)}`]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/admin/services?${q}`, cookies: f.cookies.admin });
      expect(res.statusCode, q).toBe(400);
    }
  });

  it('deactivates a service: it leaves search and the profile; the audit row has before and after', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/services/${f.service.id}/status`,
      cookies: f.cookies.admin,
      payload: { isActive: false },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().service).toMatchObject({ id: f.service.id, isActive: false });
    const search = await t.app.inject({ method: 'GET', url: '/api/services?q=tissue' });
    expect(search.json().map((s: { id: string }) => s.id)).not.toContain(f.service.id);
    const detail = await t.app.inject({ method: 'GET', url: `/api/services/${f.service.id}` });
    expect(detail.statusCode).toBe(404);
    const [row] = await auditRows();
    expect(row).toMatchObject({
      adminId: f.admin.id,
      action: 'service.deactivate',
      targetType: 'service',
      targetId: f.service.id,
      before: { isActive: true, title: 'Deep tissue massage' },
      after: { isActive: false, title: 'Deep tissue massage' },
    });
    const back = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/services/${f.service.id}/status`,
      cookies: f.cookies.admin,
      payload: { isActive: true },
    });
    expect(back.statusCode).toBe(200);
    const again = await t.app.inject({ method: 'GET', url: '/api/services?q=tissue' });
    expect(again.json().map((s: { id: string }) => s.id)).toContain(f.service.id);
    expect((await auditRows())[0]?.action).toBe('service.activate');
  });

  it('refuses bad status input, unknown and deleted services', async () => {
    const url = `/api/admin/services/${f.service.id}/status`;
    for (const payload of [{}, { isActive: 'false' }, { isActive: 1 }, { isActive: null }, { isActive: true, x: 1 }]) {
      const res = await t.app.inject({ method: 'PATCH', url, cookies: f.cookies.admin, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const missing = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/services/00000000-0000-4000-8000-000000000000/status',
      cookies: f.cookies.admin,
      payload: { isActive: false },
    });
    expect(missing.statusCode).toBe(404);
    expect(await auditRows()).toHaveLength(0);
  });

  it('deletes softly by the provider’s rule: history kept, 409 while bookings are to come', async () => {
    const upcoming = await createBooking(t.db, { service: f.service, userId: f.traveler.id, status: 'CONFIRMED' });
    const refused = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/services/${f.service.id}`,
      cookies: f.cookies.admin,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('an upcoming booking');
    expect(await auditRows()).toHaveLength(0);

    const { bookings } = await import('../../db/schema.ts');
    await t.db.update(bookings).set({ status: 'CANCELED' }).where(eq(bookings.id, upcoming.id));
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/services/${f.service.id}`,
      cookies: f.cookies.admin,
    });
    expect(res.statusCode).toBe(200);
    const [svc] = await t.db.select().from(services).where(eq(services.id, f.service.id));
    expect(svc?.deletedAt).not.toBeNull();
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/services', cookies: f.cookies.admin });
    expect(list.json().services.map((s: { id: string }) => s.id)).not.toContain(f.service.id);
    const [row] = await auditRows();
    expect(row).toMatchObject({
      action: 'service.delete',
      targetId: f.service.id,
      before: { title: 'Deep tissue massage' },
    });
    const twice = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/services/${f.service.id}`,
      cookies: f.cookies.admin,
    });
    expect(twice.statusCode).toBe(404);
    const badId = await t.app.inject({ method: 'DELETE', url: '/api/admin/services/nope', cookies: f.cookies.admin });
    expect(badId.statusCode).toBe(400);
  });
});

// -------------------------------------------------------------------------------- categories

describe('categories', () => {
  it('creates a category (icon optional) with an audit row; a taken slug is 409', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/categories',
      cookies: f.cookies.admin,
      payload: { name: ' Surf lessons ', slug: 'surf-lessons', icon: '🏄' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().category).toMatchObject({ name: 'Surf lessons', slug: 'surf-lessons', icon: '🏄' });
    const noIcon = await t.app.inject({
      method: 'POST',
      url: '/api/admin/categories',
      cookies: f.cookies.admin,
      payload: { name: 'Cooking', slug: 'cooking', icon: '' },
    });
    expect(noIcon.json().category.icon).toBeNull();
    const publicList = await t.app.inject({ method: 'GET', url: '/api/categories' });
    expect(publicList.json().map((c: { slug: string }) => c.slug)).toContain('surf-lessons');
    const dup = await t.app.inject({
      method: 'POST',
      url: '/api/admin/categories',
      cookies: f.cookies.admin,
      payload: { name: 'Other', slug: 'massage' },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('A category with this slug already exists.');
    const rows = await auditRows();
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.action === 'category.create' && r.before === null && r.adminId === f.admin.id)).toBe(
      true,
    );
    expect(rows.map((r) => (r.after as { slug: string }).slug).sort()).toEqual(['cooking', 'surf-lessons']);
  });

  it('refuses bad input on every field', async () => {
    const cases: [object, string][] = [
      [{ slug: 'ok' }, 'Name is required'],
      [{ name: '   ', slug: 'ok' }, 'Name is required'],
      [{ name: 'x'.repeat(61), slug: 'ok' }, 'Name must be at most 60 characters'],
      [{ name: 'Bad\u200Bname', slug: 'ok' }, 'Name cannot contain'],
      [{ name: 'Ok' }, 'Slug is required'],
      [{ name: 'Ok', slug: '' }, 'Slug is required'],
      [{ name: 'Ok', slug: 'a' }, 'Slug must be 2 to 40'],
      [{ name: 'Ok', slug: 'Upper' }, 'Slug must be 2 to 40'],
      [{ name: 'Ok', slug: 'with space' }, 'Slug must be 2 to 40'],
      [{ name: 'Ok', slug: 'a'.repeat(41) }, 'Slug must be 2 to 40'],
      [{ name: 'Ok', slug: 'ok', icon: 5 }, 'Icon must be text'],
      [{ name: 'Ok', slug: 'ok', icon: 'x'.repeat(41) }, 'Icon must be at most 40 characters'],
      [{ name: 'Ok', slug: 'ok', extra: true }, 'Unrecognized key'],
    ];
    for (const [payload, message] of cases) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/categories',
        cookies: f.cookies.admin,
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toContain(message);
    }
    expect(await auditRows()).toHaveLength(0);
  });

  it('edits a category’s name and icon (the slug stays) with an audit row; only the fields sent change', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/categories/${f.massage.id}`,
      cookies: f.cookies.admin,
      payload: { name: ' Massage & spa ', icon: '💆' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().category).toEqual({ id: f.massage.id, name: 'Massage & spa', slug: 'massage', icon: '💆' });
    const publicList = await t.app.inject({ method: 'GET', url: '/api/categories' });
    expect(publicList.json()).toContainEqual(
      expect.objectContaining({ slug: 'massage', name: 'Massage & spa', icon: '💆' }),
    );
    const iconOnly = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/categories/${f.massage.id}`,
      cookies: f.cookies.admin,
      payload: { icon: '' },
    });
    expect(iconOnly.json().category).toMatchObject({ name: 'Massage & spa', icon: null });
    const rows = await auditRows();
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => (r.after as { icon: string | null }).icon === '💆')).toMatchObject({
      adminId: f.admin.id,
      action: 'category.update',
      targetType: 'category',
      targetId: f.massage.id,
      before: { name: 'Massage', slug: 'massage', icon: null },
      after: { name: 'Massage & spa', slug: 'massage', icon: '💆' },
    });
    const [row] = await t.db.select().from(categories).where(eq(categories.id, f.massage.id));
    expect(row).toMatchObject({ name: 'Massage & spa', slug: 'massage', icon: null });
  });

  it('refuses a bad edit with 400 and a message, an unknown category with 404, and changes nothing', async () => {
    const cases: [object, string][] = [
      [{}, 'Send a name or an icon to change'],
      [{ name: '   ' }, 'Name is required'],
      [{ name: 'x'.repeat(61) }, 'Name must be at most 60 characters'],
      [{ name: 'Bad\u200Bname' }, 'Name cannot contain'],
      [{ icon: 5 }, 'Icon must be text'],
      [{ icon: 'x'.repeat(41) }, 'Icon must be at most 40 characters'],
      [{ slug: 'new-slug' }, 'Unrecognized key'],
    ];
    for (const [payload, message] of cases) {
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/api/admin/categories/${f.massage.id}`,
        cookies: f.cookies.admin,
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toContain(message);
    }
    const unknown = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/categories/00000000-0000-4000-8000-000000000000',
      cookies: f.cookies.admin,
      payload: { name: 'Ghost' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Category not found.');
    const [row] = await t.db.select().from(categories).where(eq(categories.id, f.massage.id));
    expect(row).toMatchObject({ name: 'Massage', slug: 'massage' });
    expect(await auditRows()).toHaveLength(0);
  });

  it('deletes an unused category; one in use (even by a deleted service) is 409 with a message', async () => {
    const inUse = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/categories/${f.massage.id}`,
      cookies: f.cookies.admin,
    });
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().message).toContain('"Massage" is used by 2 services');
    const gone = await createCategory(t.db, { name: 'Old', slug: 'old' });
    const svc = await createService(t.db, { providerId: f.approved.provider.id, categoryId: gone.id });
    await t.db.update(services).set({ deletedAt: new Date() }).where(eq(services.id, svc.id));
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/admin/categories/${gone.id}`, cookies: f.cookies.admin }))
        .statusCode,
    ).toBe(409);
    expect(await auditRows()).toHaveLength(0);

    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/categories/${f.empty.id}`,
      cookies: f.cookies.admin,
    });
    expect(res.statusCode).toBe(200);
    expect(await t.db.select().from(categories).where(eq(categories.id, f.empty.id))).toHaveLength(0);
    const [row] = await auditRows();
    expect(row).toMatchObject({
      action: 'category.delete',
      targetType: 'category',
      before: { name: 'Empty', slug: 'empty' },
      after: null,
    });
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/categories/${f.empty.id}`,
      cookies: f.cookies.admin,
    });
    expect(again.statusCode).toBe(404);
  });

  it('answers the admin in their language: a taken slug, a bad edit, a category in use, an unknown one', async () => {
    const as = (locale: string, method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
      t.app.inject({
        method,
        url,
        cookies: f.cookies.admin,
        headers: { 'x-locale': locale },
        ...(payload ? { payload } : {}),
      });
    const dup = await as('es', 'POST', '/api/admin/categories', { name: 'Otra', slug: 'massage' });
    expect(dup.json()).toMatchObject({ code: 'CONFLICT', message: 'Ya existe una categoría con este slug.' });
    const badSlug = await as('pt-PT', 'POST', '/api/admin/categories', { name: 'Outra', slug: 'A' });
    expect(badSlug.json().message).toBe('O slug deve ter de 2 a 40 letras minúsculas, algarismos ou hífenes');
    const nothing = await as('id', 'PATCH', `/api/admin/categories/${f.massage.id}`, {});
    expect(nothing.json().message).toBe('Kirim nama atau ikon yang ingin diubah');
    const inUse = await as('ja', 'DELETE', `/api/admin/categories/${f.massage.id}`);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().message).toBe(
      '「Massage」は 2 件のサービスで使われているため、削除できません（削除されたサービスも履歴のためにカテゴリを保持します）。',
    );
    const unknown = await as('th', 'DELETE', '/api/admin/categories/00000000-0000-4000-8000-000000000000');
    expect(unknown.json()).toMatchObject({ code: 'NOT_FOUND', message: 'ไม่พบหมวดหมู่' });
  });
});

// -------------------------------------------------------------------------------- audit log

describe('GET /api/admin/audit-log', () => {
  it('lists the most recent decisions first with the admin and a label of the target, paged', async () => {
    await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/services/${f.service.id}/status`,
      cookies: f.cookies.admin,
      payload: { isActive: false },
    });
    await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/providers/${f.pending.provider.id}/verify`,
      cookies: f.cookies.admin,
      payload: { govIdStatus: 'REJECTED', reason: 'No document' },
    });
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/audit-log', cookies: f.cookies.admin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ total: 2, page: 1, pageSize: 20 });
    expect(res.json().entries.map((e: { action: string; targetLabel: string }) => [e.action, e.targetLabel])).toEqual([
      ['provider.reject', 'Pedro Pending'],
      ['service.deactivate', 'Deep tissue massage'],
    ]);
    expect(res.json().entries[0]).toMatchObject({
      reason: 'No document',
      admin: { id: f.admin.id, name: 'Ada Admin' },
    });
    const bad = await t.app.inject({ method: 'GET', url: '/api/admin/audit-log?page=0', cookies: f.cookies.admin });
    expect(bad.statusCode).toBe(400);
  });
});

// ------------------------------------------------------------------------------- demo data

describe('demo data', () => {
  it('gives every pending demo provider a document admins can open (the same bytes each time)', async () => {
    expect((await demoIdDocument('Ana', 0)).bytes.equals((await demoIdDocument('Ana', 0)).bytes)).toBe(true);
    expect((await demoIdDocument('Ana', 1)).bytes.subarray(0, 5).toString()).toBe('%PDF-');
    await truncateAll(t.db);
    await seedDemo(t.db, { documents: createIdDocumentStorage(t.config) });
    const admin = await createUser(t.db, { role: 'ADMIN' });
    const cookies = await cookieFor(admin.id);
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/providers/pending', cookies });
    const pending = res.json() as { id: string; idDocument: { mime: string } | null }[];
    expect(pending.length).toBeGreaterThan(0);
    expect(pending.every((p) => p.idDocument !== null)).toBe(true);
    expect(new Set(pending.map((p) => p.idDocument!.mime))).toEqual(new Set(['image/png', 'application/pdf']));
    for (const p of pending) {
      const doc = await t.app.inject({ method: 'GET', url: `/api/admin/providers/${p.id}/id-document`, cookies });
      expect(doc.statusCode).toBe(200);
      expect(doc.headers['content-type']).toBe(p.idDocument!.mime);
    }
    // It seeds the whole demo data set inside the test: the same allowance as a seeding hook.
  }, 120_000);
});
