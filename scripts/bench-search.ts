/**
 * Search benchmark (a measurement, not a test): `npm run bench:search -- [N] [options]`.
 *
 * Fills a PostgreSQL database with N generated services (and their providers, travelers,
 * completed bookings and reviews), starts the real app as a child process, and measures with
 * autocannon three request shapes against two ceilings: the same SQL straight through a pg pool
 * (no HTTP) and a bare Fastify route replying with the same JSON bytes. Prints EXPLAIN for every
 * query of every shape and flags a Seq Scan on services. `--scale` repeats shape (a) on
 * separately filled databases (default 10k and 1M services).
 *
 * Only talks to 127.0.0.1 (plus the PostgreSQL server named by DATABASE_URL).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { drizzle } from 'drizzle-orm/node-postgres';
import Fastify from 'fastify';
import pg from 'pg';
import { openPostgres, type Database, type Db } from '../src/server/db/open.ts';
import * as schema from '../src/server/db/schema.ts';
import { getServiceDetail, searchServices } from '../src/server/features/catalog/catalog.ts';
import { serviceSearchSchema, type ServiceSearch } from '../src/shared/api/catalog.ts';
import { CATEGORIES as SHARED_CATEGORIES, type CategorySlug } from '../src/shared/domain/categories.ts';

const THIS_FILE = fileURLToPath(import.meta.url);
const ROOT = path.resolve(path.dirname(THIS_FILE), '..');
const DEFAULT_URL = 'postgres://postgres@127.0.0.1:5432/locora_bench';
const BENCH_EMAIL_DOMAIN = '@bench.locora.test';
/** main.ts opens the database with openDatabase() -> openPostgres(url), whose pool holds 10. */
const APP_POOL_SIZE = 10;

const USAGE = `Usage: npm run bench:search -- [N] [--duration=10] [--connections=32] [--scale] [--scale-sizes=10000,1000000] [--refill] [--pool=${APP_POOL_SIZE}]
  N                 services to generate (default 100000; 10k / 1m suffixes accepted)
  --duration=S      seconds per measurement (1-300, default 10; each is preceded by a short warm-up)
  --connections=C   concurrent connections / workers (1-1000, default 32)
  --scale           also measure shape (a) on databases of --scale-sizes services (<db>_10k, <db>_1m)
  --scale-sizes=L   comma-separated sizes for --scale (default 10000,1000000)
  --refill          wipe and refill the benchmark database(s) even if they already hold N services
  --pool=P          pg pool size of the database ceiling (default ${APP_POOL_SIZE}, the app's own pool size)
  DATABASE_URL      PostgreSQL to fill (default ${DEFAULT_URL}); created if missing`;

// ---------------------------------------------------------------------------------------------
// Arguments

type Options = {
  n: number;
  duration: number;
  connections: number;
  scale: boolean;
  scaleSizes: number[];
  refill: boolean;
  pool: number;
  url: string;
};

class UsageError extends Error {}

function parseCount(text: string, what: string): number {
  const m = /^(\d+(?:\.\d+)?)([km]?)$/i.exec(text.replace(/[_,]/g, ''));
  if (!m) throw new UsageError(`${what}: not a number: ${text}`);
  const mult = { '': 1, k: 1_000, m: 1_000_000 }[(m[2] ?? '').toLowerCase() as '' | 'k' | 'm'];
  const v = Math.round(Number(m[1]) * mult);
  if (!Number.isFinite(v) || v < 100 || v > 5_000_000)
    throw new UsageError(`${what} must be between 100 and 5,000,000: ${text}`);
  return v;
}

function parseInteger(text: string, what: string, min: number, max: number): number {
  if (!/^\d+$/.test(text)) throw new UsageError(`${what}: not a whole number: ${text}`);
  const v = Number(text);
  if (v < min || v > max) throw new UsageError(`${what} must be between ${min} and ${max}: ${text}`);
  return v;
}

function parseArgs(argv: string[]): Options {
  const o: Options = {
    n: 100_000,
    duration: 10,
    connections: 32,
    scale: false,
    scaleSizes: [10_000, 1_000_000],
    refill: false,
    pool: APP_POOL_SIZE,
    url: process.env.DATABASE_URL || DEFAULT_URL,
  };
  let sawN = false;
  for (const arg of argv) {
    const [flag, value] = arg.startsWith('--')
      ? [arg.split('=')[0], arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : undefined]
      : [undefined, arg];
    const need = () => {
      if (value === undefined || value === '') throw new UsageError(`${flag} needs a value (${flag}=...)`);
      return value;
    };
    switch (flag) {
      case undefined:
        if (sawN) throw new UsageError(`unexpected argument: ${arg}`);
        o.n = parseCount(arg, 'N');
        sawN = true;
        break;
      case '--duration':
        o.duration = parseInteger(need(), '--duration', 1, 300);
        break;
      case '--connections':
        o.connections = parseInteger(need(), '--connections', 1, 1000);
        break;
      case '--pool':
        o.pool = parseInteger(need(), '--pool', 1, 90);
        break;
      case '--scale':
        if (value !== undefined) throw new UsageError('--scale takes no value (use --scale-sizes=...)');
        o.scale = true;
        break;
      case '--scale-sizes':
        o.scaleSizes = need()
          .split(',')
          .map((s) => parseCount(s.trim(), '--scale-sizes'));
        if (o.scaleSizes.length < 2) throw new UsageError('--scale-sizes needs at least two sizes');
        o.scale = true;
        break;
      case '--refill':
        if (value !== undefined) throw new UsageError('--refill takes no value');
        o.refill = true;
        break;
      case '--help':
      case '-h':
        console.log(USAGE);
        process.exit(0);
        break;
      default:
        throw new UsageError(`unknown option: ${arg}`);
    }
  }
  let u: URL;
  try {
    u = new URL(o.url);
  } catch {
    throw new UsageError(`DATABASE_URL is not a URL: ${o.url}`);
  }
  if (!/^postgres(ql)?:$/.test(u.protocol)) throw new UsageError('DATABASE_URL must be a postgres:// URL');
  if (!/^[A-Za-z0-9_]{1,50}$/.test(dbName(o.url)))
    throw new UsageError('DATABASE_URL must name a database (letters, digits, _)');
  return o;
}

// ---------------------------------------------------------------------------------------------
// Small helpers

const fmtInt = (v: number) => Math.round(v).toLocaleString('en-US');
const fmtMs = (v: number) => (v >= 100 ? v.toFixed(0) : v >= 10 ? v.toFixed(1) : v.toFixed(2));
const fmtRatio = (v: number) => (Number.isFinite(v) ? v.toFixed(2) : '-');
const fmtSecs = (s: number) =>
  s >= 120 ? `${Math.floor(s / 60)}m${String(Math.round(s % 60)).padStart(2, '0')}s` : `${s.toFixed(1)} s`;
const sizeLabel = (n: number) =>
  n % 1_000_000 === 0 ? `${n / 1_000_000}m` : n % 1_000 === 0 ? `${n / 1_000}k` : String(n);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function dbName(url: string): string {
  return decodeURIComponent(new URL(url).pathname.replace(/^\//, ''));
}
function withDbName(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
function safeLocation(url: string): string {
  const u = new URL(url);
  return `${u.hostname}:${u.port || 5432}${u.pathname}`;
}

function table(headers: string[], rows: string[][], rightAlign: boolean[]): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (rightAlign[i] ? c.padStart(widths[i] ?? 0) : c.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  return [line(headers), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

// ---------------------------------------------------------------------------------------------
// Generated data (deterministic: every value is a hash of the row number)

/** Typical price and unit per category; the categories themselves are the shared list. */
const CATEGORY_PRICING: Record<CategorySlug, { price: number; unit: 'per session' | 'per hour' }> = {
  massage: { price: 9000, unit: 'per session' },
  tours: { price: 4500, unit: 'per session' },
  'private-chef': { price: 15000, unit: 'per session' },
  doctor: { price: 12000, unit: 'per session' },
  yoga: { price: 6000, unit: 'per session' },
  babysitting: { price: 2500, unit: 'per hour' },
  driver: { price: 6000, unit: 'per hour' },
  beauty: { price: 8000, unit: 'per session' },
  fitness: { price: 5500, unit: 'per hour' },
};
const CATEGORIES = SHARED_CATEGORIES.map((c) => ({ ...c, ...CATEGORY_PRICING[c.slug] }));

/** Eight noun phrases per category, in CATEGORIES order (flattened: category * 8 + k). */
const NOUNS: string[] = [
  [
    'deep tissue massage',
    'Swedish massage',
    'Thai massage',
    'hot stone massage',
    'sports massage',
    'aromatherapy massage',
    'reflexology session',
    'couples massage',
  ],
  [
    'walking tour',
    'food tour',
    'street art tour',
    'history tour',
    'photo walk',
    'wine tasting tour',
    'bike tour',
    'night tour',
  ],
  [
    'private chef dinner',
    'cooking class',
    'tasting menu at home',
    'family-style dinner',
    'brunch at home',
    'seafood feast',
    'vegan dinner',
    'pasta-making class',
  ],
  [
    'home doctor visit',
    'travel medicine consultation',
    'hotel doctor call',
    'pediatric consultation',
    'vaccination visit',
    'check-up at your hotel',
    'telemedicine consultation',
    'urgent care visit',
  ],
  [
    'private yoga class',
    'sunrise yoga session',
    'vinyasa yoga class',
    'yin yoga session',
    'prenatal yoga class',
    'beach yoga session',
    'hatha yoga lesson',
    'meditation and breathwork',
  ],
  [
    'evening babysitting',
    'hotel babysitting',
    'bilingual nanny',
    'infant care',
    'weekend childcare',
    'date-night sitter',
    'kids activity sitter',
    'overnight nanny',
  ],
  [
    'airport transfer',
    'private driver',
    'day trip with driver',
    'chauffeur service',
    'wine country drive',
    'city driving tour',
    'late-night ride',
    'coastal road trip',
  ],
  [
    'bridal makeup',
    'blowout and styling',
    'manicure and pedicure',
    'haircut at home',
    'brow and lash session',
    'makeup lesson',
    'facial treatment',
    'event hair and makeup',
  ],
  [
    'personal training session',
    'outdoor bootcamp',
    'running coach session',
    'boxing workout',
    'pilates session',
    'strength training',
    'HIIT class',
    'mobility and stretching',
  ],
].flat();

/** Six description sentences per category (flattened: category * 6 + k). */
const SENTENCES: string[] = [
  [
    'Licensed therapist with years of experience in deep tissue and Swedish techniques.',
    'I bring a folding table, fresh linens and organic oils to your hotel or home.',
    'Ideal after a long flight or a day of walking the hills.',
    'Sessions focus on the back, neck and shoulders unless you ask otherwise.',
    'Hot stones and aromatherapy are available on request.',
    'Gentle pressure for first-timers, firm work for athletes.',
  ],
  [
    'Discover hidden courtyards, old taverns and the stories locals tell.',
    'Small groups only, never more than eight guests.',
    'We taste pastries, cheese and wine from family-run shops.',
    'Comfortable shoes recommended; the route has some stairs.',
    'I am a licensed guide and an amateur historian.',
    'Private departures at sunrise or sunset on request.',
  ],
  [
    'A seasonal menu cooked in your kitchen with produce from the morning market.',
    'I handle shopping, cooking, serving and cleaning up.',
    'Vegetarian, vegan and gluten-free menus on request.',
    'Wine pairing with local producers available.',
    'Trained in restaurant kitchens before cooking privately.',
    'Great for birthdays, anniversaries and family reunions.',
  ],
  [
    'Registered physician offering visits to hotels and rentals.',
    'Prescriptions, sick notes and travel certificates when needed.',
    'I speak English and the local language and know the local pharmacies.',
    'Same-day appointments for fevers, infections and minor injuries.',
    'Invoices suitable for travel insurance claims.',
    'Children and adults welcome.',
  ],
  [
    'All levels welcome, mats and blocks provided.',
    'Classes blend breath, flow and deep stretching.',
    'Practice on your terrace, in a park or on the beach.',
    'Certified teacher with 500 hours of training.',
    'Finish with a guided relaxation and meditation.',
    'Gentle options for pregnancy and injuries.',
  ],
  [
    'First-aid certified with ten years of childcare experience.',
    'Games, crafts and bedtime stories in two languages.',
    'References from traveling families available.',
    'Happy to care for infants, toddlers and school-age kids.',
    'I can bring toys, books and a travel crib.',
    'Evenings and weekends, at your hotel or rental.',
  ],
  [
    'Air-conditioned sedan or van with child seats on request.',
    'Meet and greet at arrivals with a name sign.',
    'Flexible stops for photos, lunch and viewpoints.',
    'Licensed and insured, with twelve years on the road.',
    'Bottled water and phone chargers in the car.',
    'Fixed prices, no surprises, tolls included.',
  ],
  [
    'Professional makeup artist for weddings, shoots and events.',
    'Cruelty-free products suited to every skin tone.',
    'Hair styling, blowouts and updos at your location.',
    'Trial sessions available before the big day.',
    'Nail care with long-lasting gel polish.',
    'Relaxing facials with organic skincare.',
  ],
  [
    'Certified personal trainer for all fitness levels.',
    'Workouts in the park, on the beach or in your hotel gym.',
    'Strength, cardio and mobility tailored to your goals.',
    'Finish with a yoga-inspired stretch or a short sports massage.',
    'Equipment included: bands, kettlebells and mats.',
    'Running routes with the best views of the city.',
  ],
].flat();

const CLOSINGS = [
  'Message me with questions before you book.',
  'Flexible cancellation up to 24 hours before.',
  'English and the local language spoken.',
  'Booked by hundreds of travelers every year.',
  'Available mornings, evenings and weekends.',
  'Prices include materials and travel within the city.',
];

const ADJECTIVES = [
  'Relaxing',
  'Soothing',
  'Expert',
  'Private',
  'Luxury',
  'Mobile',
  'Authentic',
  'Affordable',
  'Premium',
  'Gentle',
  'Friendly',
  'Professional',
  'Local',
  'Bespoke',
  'Classic',
  'Energising',
];

/** Forty cities; earlier ones are more popular (Lisbon most), accents included on purpose. */
const CITIES: [name: string, timeZone: string, language: string][] = [
  ['Lisbon', 'Europe/Lisbon', 'Portuguese'],
  ['Barcelona', 'Europe/Madrid', 'Spanish'],
  ['Bangkok', 'Asia/Bangkok', 'Thai'],
  ['Bali', 'Asia/Makassar', 'Indonesian'],
  ['Mexico City', 'America/Mexico_City', 'Spanish'],
  ['New York', 'America/New_York', 'English'],
  ['São Paulo', 'America/Sao_Paulo', 'Portuguese'],
  ['Tokyo', 'Asia/Tokyo', 'Japanese'],
  ['Porto', 'Europe/Lisbon', 'Portuguese'],
  ['Madrid', 'Europe/Madrid', 'Spanish'],
  ['Málaga', 'Europe/Madrid', 'Spanish'],
  ['Paris', 'Europe/Paris', 'French'],
  ['London', 'Europe/London', 'English'],
  ['Berlin', 'Europe/Berlin', 'German'],
  ['München', 'Europe/Berlin', 'German'],
  ['Köln', 'Europe/Berlin', 'German'],
  ['Zürich', 'Europe/Zurich', 'German'],
  ['Genève', 'Europe/Zurich', 'French'],
  ['Wien', 'Europe/Vienna', 'German'],
  ['Praha', 'Europe/Prague', 'Czech'],
  ['Kraków', 'Europe/Warsaw', 'Polish'],
  ['Budapest', 'Europe/Budapest', 'Hungarian'],
  ['Roma', 'Europe/Rome', 'Italian'],
  ['Milano', 'Europe/Rome', 'Italian'],
  ['Athens', 'Europe/Athens', 'Greek'],
  ['Istanbul', 'Europe/Istanbul', 'Turkish'],
  ['Reykjavík', 'Atlantic/Reykjavik', 'Icelandic'],
  ['Copenhagen', 'Europe/Copenhagen', 'Danish'],
  ['Stockholm', 'Europe/Stockholm', 'Swedish'],
  ['Amsterdam', 'Europe/Amsterdam', 'Dutch'],
  ['Dublin', 'Europe/Dublin', 'English'],
  ['Montréal', 'America/Toronto', 'French'],
  ['Cancún', 'America/Cancun', 'Spanish'],
  ['Bogotá', 'America/Bogota', 'Spanish'],
  ['Medellín', 'America/Bogota', 'Spanish'],
  ['Rio de Janeiro', 'America/Sao_Paulo', 'Portuguese'],
  ['Buenos Aires', 'America/Argentina/Buenos_Aires', 'Spanish'],
  ['Cape Town', 'Africa/Johannesburg', 'English'],
  ['Marrakech', 'Africa/Casablanca', 'Arabic'],
  ['Sydney', 'Australia/Sydney', 'English'],
];

const FIRST_NAMES = [
  'Ana',
  'João',
  'Marta',
  'Lucas',
  'Sofia',
  'Mateo',
  'Chloé',
  'Jonas',
  'Aiko',
  'Kenji',
  'Priya',
  'Omar',
  'Léa',
  'Björn',
  'Zoë',
  'Nikolai',
  'Camila',
  'Diego',
  'Amara',
  'Tomás',
  'Ingrid',
  'Yusuf',
  'Mei',
  'Liam',
];
const LAST_NAMES = [
  'Silva',
  'García',
  'Müller',
  'Rossi',
  'Dubois',
  'Nakamura',
  'Kowalski',
  'Novák',
  'Jensen',
  'Costa',
  'López',
  'Schmidt',
  'Moreau',
  'Tanaka',
  'Horváth',
  'Papadopoulos',
  'Yilmaz',
  'O’Brien',
  'Santos',
  'Lindqvist',
  'Ferreira',
  'Okafor',
  'Kim',
  'Weber',
];
const REVIEW_TEXTS = [
  'Wonderful experience, would book again.',
  'On time, friendly and very professional.',
  'Exactly what we needed after a long flight.',
  'Good value, a few small hiccups but fine overall.',
  'The highlight of our trip!',
  'Solid service, clear communication.',
];

/** A deterministic uniform [0, 1) from a row number and a stream number (SQL expression). */
const u = (expr: string, stream: number) =>
  `((hashint8((${expr})::bigint * 64 + ${stream}) & 2147483647)::float8 / 2147483648.0)`;
/** City index of provider p: skewed towards the first cities (Lisbon ~6 %, Sydney ~1 %). */
const providerCity = (p: string) =>
  `least(${CITIES.length - 1}, floor(${CITIES.length} * power(${u(p, 1)}, 1.3)))::int`;
/** Main category index of provider p. */
const providerCategory = (p: string) => `least(8, floor(9 * ${u(p, 5)}))::int`;
const pick = (arr: string, uExpr: string, len: number, base = '0') =>
  `(${arr})[1 + ${base} + least(${len - 1}, floor(${len} * ${uExpr}))::int]`;

const MARKER = 'locora-bench fill v2 complete';
/** A deterministic, valid (version 4, RFC variant) uuid from a SQL text expression. */
const uid = (expr: string) => `overlay(overlay(md5(${expr}) placing '4' from 13) placing '8' from 17)::uuid`;

type Sizes = { services: number; providers: number; travelers: number };
const sizesFor = (n: number): Sizes => ({
  services: n,
  providers: Math.max(1, Math.round(n / 4)),
  travelers: Math.max(10, Math.round(n / 10)),
});

async function readMarker(client: pg.Client): Promise<{ n: number; seconds: number } | null> {
  const r = await client.query<{ c: string | null; n: string }>(
    `select obj_description('public.services'::regclass, 'pg_class') as c, (select count(*) from services) as n`,
  );
  const c = r.rows[0]?.c;
  const m = c ? new RegExp(`^${MARKER}: n=(\\d+) fill_seconds=([\\d.]+)$`).exec(c) : null;
  if (!m || Number(r.rows[0]?.n) !== Number(m[1])) return null;
  return { n: Number(m[1]), seconds: Number(m[2]) };
}

async function batched(label: string, total: number, batch: number, run: (lo: number, hi: number) => Promise<number>) {
  const tty = process.stdout.isTTY;
  const t0 = performance.now();
  let lastPrint = t0;
  let rows = 0;
  for (let lo = 0; lo < total; lo += batch) {
    const hi = Math.min(total, lo + batch) - 1;
    rows += await run(lo, hi);
    const done = hi + 1;
    const now = performance.now();
    const secs = (now - t0) / 1000;
    if (done < total && (tty || now - lastPrint > 10_000)) {
      lastPrint = now;
      const line = `    ${label.padEnd(9)} ${fmtInt(done).padStart(9)}/${fmtInt(total)} (${Math.round((done / total) * 100)}%) ${fmtInt(rows / Math.max(secs, 0.001))} rows/s, ETA ${fmtSecs((secs / done) * (total - done))}`;
      process.stdout.write(tty ? `\r${line}   ` : `${line}\n`);
    }
  }
  const secs = (performance.now() - t0) / 1000;
  const line = `    ${label.padEnd(9)} ${fmtInt(rows).padStart(9)} rows in ${fmtSecs(secs)} (${fmtInt(rows / Math.max(secs, 0.001))} rows/s)`;
  process.stdout.write(tty ? `\r${line.padEnd(100)}\n` : `${line}\n`);
  return secs;
}

/** Creates the database if missing, migrates it, and fills it unless it already holds exactly n services. */
async function prepareDatabase(
  url: string,
  n: number,
  refill: boolean,
): Promise<{ filledNow: boolean; fillSeconds: number }> {
  const name = dbName(url);
  const admin = new pg.Client({ connectionString: withDbName(url, 'postgres') });
  await admin.connect();
  try {
    const r = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (r.rowCount === 0) {
      await admin.query(`create database "${name}"`);
      console.log(`  created database ${name}`);
    }
  } finally {
    await admin.end();
  }

  const database = await openPostgres(url, 2);
  try {
    await database.migrate();
  } finally {
    await database.close();
  }

  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const marker = await readMarker(client);
    if (marker && marker.n === n && !refill) {
      console.log(
        `  ${name}: already holds ${fmtInt(n)} generated services (filled earlier in ${fmtSecs(marker.seconds)}); reusing (--refill to redo)`,
      );
      return { filledNow: false, fillSeconds: marker.seconds };
    }
    const foreign = await client.query<{ n: string }>(`select count(*) as n from users where email not like $1`, [
      `%${BENCH_EMAIL_DOMAIN}`,
    ]);
    if (Number(foreign.rows[0]?.n ?? 0) > 0) {
      throw new Error(
        `refusing to wipe ${safeLocation(url)}: it holds users the benchmark did not create. Point DATABASE_URL at a benchmark database.`,
      );
    }
    const seconds = await fill(client, n, url);
    await client.query(`comment on table services is '${MARKER}: n=${n} fill_seconds=${seconds.toFixed(1)}'`);
    return { filledNow: true, fillSeconds: seconds };
  } finally {
    await client.end();
  }
}

async function fill(client: pg.Client, n: number, url: string): Promise<number> {
  const sz = sizesFor(n);
  console.log(
    `  filling ${safeLocation(url)}: ` +
      `${fmtInt(sz.services)} services, ${fmtInt(sz.providers)} providers, ${fmtInt(sz.travelers)} travelers, ~${fmtInt(sz.services * 0.375)} bookings+reviews`,
  );
  const t0 = performance.now();
  await client.query('set synchronous_commit = off');
  await client.query('comment on table services is null');
  await client.query('truncate users, categories, search_terms, rate_limits cascade');

  const cities = CITIES.map((c) => c[0]);
  const zones = CITIES.map((c) => c[1]);
  const langs = CITIES.map((c) => c[2]);
  const slugs = CATEGORIES.map((c) => c.slug);
  const P = sz.providers;
  const T = sz.travelers;
  const BATCH = 50_000;

  await client.query(
    `insert into categories (id, name, slug, icon, created_at)
     select ${uid(`'locora-bench-category-' || slug`)}, name, slug, icon, now() - interval '900 days'
     from unnest($1::text[], $2::text[], $3::text[]) as c(name, slug, icon)`,
    [CATEGORIES.map((c) => c.name), slugs, CATEGORIES.map((c) => c.icon)],
  );

  await batched('providers', P, BATCH, async (lo, hi) => {
    await client.query('begin');
    await client.query(
      `insert into users (id, email, name, role, created_at)
       select ${uid(`'locora-bench-user-' || p`)}, 'provider' || p || '${BENCH_EMAIL_DOMAIN}',
              ${pick('$3::text[]', u('p', 2), FIRST_NAMES.length)} || ' ' || ${pick('$4::text[]', u('p', 3), LAST_NAMES.length)},
              'PROVIDER', now() - (${u('p', 4)} * 1000) * interval '1 day'
       from generate_series($1::int, $2::int) p`,
      [lo, hi, FIRST_NAMES, LAST_NAMES],
    );
    const r = await client.query(
      `insert into providers (id, user_id, display_name, bio, base_city, languages, time_zone, rating, rating_count,
                              gov_id_status, phone_verified, created_at)
       select ${uid(`'locora-bench-provider-' || p`)}, ${uid(`'locora-bench-user-' || p`)},
              ${pick('$3::text[]', u('p', 2), FIRST_NAMES.length)} || ' ' || ${pick('$4::text[]', u('p', 3), LAST_NAMES.length)},
              'Local ' || lower(($8::text[])[1 + cat]) || ' professional in ' || ($5::text[])[1 + ci] || '.',
              ($5::text[])[1 + ci],
              case when ${u('p', 9)} < 0.6 then array['English', ($7::text[])[1 + ci]] else array[($7::text[])[1 + ci]] end,
              ($6::text[])[1 + ci],
              case when cnt = 0 then 0 else round((2.5 + 2.5 * sqrt(${u('p', 6)}))::numeric, 1) end,
              cnt,
              (case when ${u('p', 7)} < 0.6 then 'APPROVED' when ${u('p', 7)} < 0.9 then 'PENDING' else 'REJECTED' end)::gov_id_status,
              ${u('p', 8)} < 0.7,
              now() - (${u('p', 4)} * 1000) * interval '1 day'
       from (select p, ${providerCity('p')} as ci, ${providerCategory('p')} as cat,
                    case when ${u('p', 10)} < 0.15 then 0 else 1 + floor(200 * power(${u('p', 11)}, 3))::int end as cnt
             from generate_series($1::int, $2::int) p) x`,
      [lo, hi, FIRST_NAMES, LAST_NAMES, cities, zones, langs, CATEGORIES.map((c) => c.name)],
    );
    await client.query('commit');
    return (r.rowCount ?? 0) * 2;
  });

  // Services: 80 % in the provider's main category, 90 % in the provider's city. The triggers of
  // migration 0002 fill search, search_terms and the provider score copies row by row.
  await batched('services', sz.services, BATCH, async (lo, hi) => {
    const r = await client.query(
      `insert into services (id, provider_id, category_id, title, description, city, photos, price_cents, pricing_unit,
                             min_hours, is_active, created_at)
       select ${uid(`'locora-bench-service-' || i`)}, ${uid(`'locora-bench-provider-' || p`)},
              ${uid(`'locora-bench-category-' || ($3::text[])[1 + cat]`)},
              ${pick('$4::text[]', u('i', 20), ADJECTIVES.length)} || ' ' ||
                ${pick('$5::text[]', u('i', 21), 8, 'cat * 8')} || ' in ' || ($8::text[])[1 + ci],
              ${pick('$6::text[]', u('i', 22), 6, 'cat * 6')} || ' ' || ${pick('$6::text[]', u('i', 23), 6, 'cat * 6')} || ' ' ||
                ${pick('$7::text[]', u('i', 24), CLOSINGS.length)},
              ($8::text[])[1 + ci],
              array['/media/bench/' || ($3::text[])[1 + cat] || '-' || (i % 12) || '.jpg'],
              (round(($9::int[])[1 + cat] * (0.5 + ${u('i', 25)}) / 100) * 100)::int,
              ($10::text[])[1 + cat]::pricing_unit,
              1 + floor(3 * ${u('i', 26)})::int,
              ${u('i', 27)} < 0.95,
              now() - (${u('i', 28)} * 700) * interval '1 day'
       from (select i, p,
                    case when ${u('i', 29)} < 0.8 then ${providerCategory('p')} else least(8, floor(9 * ${u('i', 30)}))::int end as cat,
                    case when ${u('i', 31)} < 0.9 then ${providerCity('p')} else ${providerCity(`i + ${n * 7}`)} end as ci
             from (select i, i % ${P} as p from generate_series($1::int, $2::int) i) g) x`,
      [
        lo,
        hi,
        slugs,
        ADJECTIVES,
        NOUNS,
        SENTENCES,
        CLOSINGS,
        cities,
        CATEGORIES.map((c) => c.price),
        CATEGORIES.map((c) => c.unit),
      ],
    );
    return r.rowCount ?? 0;
  });

  await batched('travelers', T, BATCH, async (lo, hi) => {
    const r = await client.query(
      `insert into users (id, email, name, role, created_at)
       select ${uid(`'locora-bench-user-t' || t`)}, 'traveler' || t || '${BENCH_EMAIL_DOMAIN}',
              ${pick('$3::text[]', u('t + 1000000000', 2), FIRST_NAMES.length)} || ' ' || ${pick('$4::text[]', u('t + 1000000000', 3), LAST_NAMES.length)},
              'TRAVELER', now() - (${u('t + 1000000000', 4)} * 900) * interval '1 day'
       from generate_series($1::int, $2::int) t`,
      [lo, hi, FIRST_NAMES, LAST_NAMES],
    );
    return r.rowCount ?? 0;
  });

  // Every 8th service has 0-6 completed bookings, each with a review (~0.375 per service).
  await batched('reviews', sz.services, BATCH * 2, async (lo, hi) => {
    const rows = `from generate_series($1::int, $2::int) i, generate_series(1, (i / 8) % 7) j where i % 8 = 0`;
    const start = `(now() - ((j * 17 + i % 13) * interval '1 day') - interval '30 days')`;
    await client.query('begin');
    await client.query(
      `insert into bookings (id, user_id, service_id, provider_id, status, start_at, hours, end_at, amount_cents, fee_cents, created_at)
       select ${uid(`'locora-bench-booking-' || i || '-' || j`)}, ${uid(`'locora-bench-user-t' || ((i * 7 + j) % ${T})`)},
              ${uid(`'locora-bench-service-' || i`)}, ${uid(`'locora-bench-provider-' || (i % ${P})`)}, 'COMPLETED',
              ${start}, 2, ${start} + interval '2 hours', 2000 + (i % 20) * 1000, 200 + (i % 20) * 100, ${start} - interval '5 days'
       ${rows}`,
      [lo, hi],
    );
    const r = await client.query(
      `insert into reviews (id, booking_id, service_id, author_id, rating, text, created_at)
       select ${uid(`'locora-bench-review-' || i || '-' || j`)}, ${uid(`'locora-bench-booking-' || i || '-' || j`)},
              ${uid(`'locora-bench-service-' || i`)}, ${uid(`'locora-bench-user-t' || ((i * 7 + j) % ${T})`)},
              3 + least(2, floor(3 * ${u('i * 8 + j', 40)}))::int, ${pick('$3::text[]', u('i * 8 + j', 41), REVIEW_TEXTS.length)},
              ${start} + interval '1 day'
       ${rows}`,
      [lo, hi, REVIEW_TEXTS],
    );
    await client.query('commit');
    return (r.rowCount ?? 0) * 2;
  });

  const tv = performance.now();
  await client.query('vacuum analyze');
  console.log(`    vacuum analyze in ${fmtSecs((performance.now() - tv) / 1000)}`);
  const seconds = (performance.now() - t0) / 1000;
  const st = await client.query<{ n: string; size: string }>(
    `select (select count(*) from search_terms) as n, pg_size_pretty(pg_database_size(current_database())) as size`,
  );
  console.log(
    `  fill done in ${fmtSecs(seconds)} (search_terms: ${fmtInt(Number(st.rows[0]?.n))} words, database size ${st.rows[0]?.size})`,
  );
  return seconds;
}

// ---------------------------------------------------------------------------------------------
// Query shapes

type ShapeKey = 'a' | 'b' | 'c';
type Shape = {
  key: ShapeKey;
  label: string;
  /** Request paths autocannon cycles through (per connection). */
  paths: string[];
  /** Paths on the bare ceiling server. */
  barePaths: string[];
  /** What the app does for request number i, minus HTTP. */
  run(db: Db, i: number): Promise<unknown>;
};

const QS_A = 'q=massage&city=lisbon&category=massage&minRating=4&sortBy=rating';
const QS_B = 'q=yoga&sortBy=recommended';

function searchParams(qs: string): ServiceSearch {
  return serviceSearchSchema.parse(Object.fromEntries(new URLSearchParams(qs)));
}

function makeShapes(ids: string[]): Shape[] {
  const pa = searchParams(QS_A);
  const pb = searchParams(QS_B);
  return [
    {
      key: 'a',
      label: '(a) q+city+category+minRating, sortBy=rating',
      paths: [`/api/services?${QS_A}`],
      barePaths: [`/ceiling/a?${QS_A}`],
      run: (db) => searchServices(db, pa),
    },
    {
      key: 'b',
      label: '(b) q only, sortBy=recommended',
      paths: [`/api/services?${QS_B}`],
      barePaths: [`/ceiling/b?${QS_B}`],
      run: (db) => searchServices(db, pb),
    },
    {
      key: 'c',
      label: `(c) GET /api/services/{id} (${ids.length} ids cycled)`,
      paths: ids.map((id) => `/api/services/${id}`),
      barePaths: ids.map((id) => `/ceiling/c/${id}`),
      run: (db, i) => getServiceDetail(db, ids[i % ids.length] as string, null),
    },
  ];
}

/** Random active services for shape (c), about half of them with reviews. */
async function pickIds(url: string, count: number): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const r = await client.query<{ id: string }>(
      `(select s.id from services s where s.is_active and exists (select 1 from reviews r where r.service_id = s.id)
          order by md5(s.id::text) limit $1)
       union all
       (select s.id from services s where s.is_active and not exists (select 1 from reviews r where r.service_id = s.id)
          order by md5(s.id::text) limit $1)`,
      [Math.ceil(count / 2)],
    );
    return r.rows.map((row) => row.id).slice(0, count);
  } finally {
    await client.end();
  }
}

// ---------------------------------------------------------------------------------------------
// EXPLAIN

type PlanNode = {
  'Node Type': string;
  'Relation Name'?: string;
  Alias?: string;
  'Index Name'?: string;
  'Subplan Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  Plans?: PlanNode[];
};

type Explained = { label: string; ms: number; planMs: number; lines: string[]; seqScanOnServices: boolean };

function labelQuery(text: string): string {
  if (text.includes('search_terms')) return 'words (typo lexicon)';
  if (text.includes('count(*)::int as total')) return 'count';
  if (text.includes('from reviews r join users u')) return 'reviews';
  if (text.includes('where s.id =')) return 'detail';
  return 'page';
}

async function explainShape(pool: pg.Pool, shape: Shape): Promise<Explained[]> {
  const captured: { sql: string; params: unknown[] }[] = [];
  const db = drizzle(pool, {
    schema,
    logger: { logQuery: (query: string, params: unknown[]) => void captured.push({ sql: query, params }) },
  }) as unknown as Db;
  await shape.run(db, 0);
  const out: Explained[] = [];
  // Replay in one transaction, as the app runs them: session settings (e.g. `set local
  // enable_seqscan = off`) are executed, every other statement is explained.
  const client = await pool.connect();
  await client.query('begin');
  try {
    for (const q of captured) {
      if (/^\s*(begin|commit|rollback)\b/i.test(q.sql)) continue;
      if (/^\s*set\s/i.test(q.sql)) {
        await client.query(q.sql, q.params);
        continue;
      }
      const r = await client.query<{
        'QUERY PLAN': [{ Plan: PlanNode; 'Execution Time': number; 'Planning Time': number }];
      }>(`explain (analyze, format json) ${q.sql}`, q.params);
      const plan = r.rows[0]?.['QUERY PLAN'][0];
      if (!plan) continue;
      const lines: string[] = [];
      let seq = false;
      const walk = (node: PlanNode, depth: number) => {
        const rel = node['Relation Name'];
        const isSeq = node['Node Type'] === 'Seq Scan';
        if (isSeq && rel === 'services') seq = true;
        const sub = node['Subplan Name'] ? `[${node['Subplan Name']}] ` : '';
        const on = rel ? ` on ${rel}${node.Alias && node.Alias !== rel ? ` ${node.Alias}` : ''}` : '';
        const idx = node['Index Name'] ? ` using ${node['Index Name']}` : '';
        const loops = (node['Actual Loops'] ?? 1) > 1 ? ` x${fmtInt(node['Actual Loops'] ?? 1)} loops` : '';
        const flag = isSeq && rel === 'services' ? '   <<< SEQ SCAN ON services' : '';
        lines.push(
          `${'  '.repeat(depth)}${sub}${node['Node Type']}${on}${idx}  (rows=${fmtInt(node['Actual Rows'] ?? 0)}${loops})${flag}`,
        );
        for (const child of node.Plans ?? []) walk(child, depth + 1);
      };
      walk(plan.Plan, 0);
      out.push({
        label: labelQuery(q.sql),
        ms: plan['Execution Time'],
        planMs: plan['Planning Time'],
        lines,
        seqScanOnServices: seq,
      });
    }
  } finally {
    await client.query('rollback');
    client.release();
  }
  return out;
}

function printExplain(shape: Shape, explained: Explained[], sizeNote: string) {
  console.log(`\n  ${shape.label}${sizeNote}`);
  for (const e of explained) {
    console.log(
      `    ${e.label} query: execution ${fmtMs(e.ms)} ms, planning ${fmtMs(e.planMs)} ms${e.seqScanOnServices ? '  ** FAIL: Seq Scan on services **' : ''}`,
    );
    for (const l of e.lines) console.log(`      ${l}`);
  }
}

// ---------------------------------------------------------------------------------------------
// Measurements

type Measured = { rps: number; p50: number; p99: number; count: number; errors: number; seconds: number };

function summarize(latencies: number[], seconds: number, errors: number): Measured {
  const sorted = Float64Array.from(latencies).sort();
  const at = (p: number) =>
    sorted.length
      ? (sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0)
      : NaN;
  return { rps: latencies.length / seconds, p50: at(50), p99: at(99), count: latencies.length, errors, seconds };
}

function cannonOnce(base: string, paths: string[], connections: number, duration: number): Promise<Measured> {
  return new Promise((resolve, reject) => {
    const latencies: number[] = [];
    let bad = 0;
    const t0 = performance.now();
    const instance = autocannon(
      {
        url: base,
        connections,
        duration,
        timeout: 10,
        requests: paths.map((p) => ({ method: 'GET', path: p })),
      },
      (err: unknown, result: autocannon.Result) => {
        if (err) return reject(err instanceof Error ? err : new Error(String(err)));
        const seconds = (performance.now() - t0) / 1000;
        resolve(summarize(latencies, seconds, bad + result.errors + result.timeouts));
      },
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
      else bad++;
    });
  });
}

async function measureHttp(base: string, paths: string[], o: Options): Promise<Measured> {
  await cannonOnce(base, paths, o.connections, warmupSeconds(o));
  return cannonOnce(base, paths, o.connections, o.duration);
}

async function dbLoop(db: Db, shape: Shape, connections: number, seconds: number): Promise<Measured> {
  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  let firstError: unknown;
  const start = performance.now();
  const deadline = start + seconds * 1000;
  const worker = async () => {
    while (performance.now() < deadline) {
      const t = performance.now();
      try {
        await shape.run(db, next++);
        latencies.push(performance.now() - t);
      } catch (err) {
        errors++;
        firstError ??= err;
        if (errors > 100) throw err;
      }
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  if (firstError)
    console.log(
      `    ! ${errors} errors, first: ${firstError instanceof Error ? firstError.message : String(firstError)}`,
    );
  return summarize(latencies, (performance.now() - start) / 1000, errors);
}

async function measureDb(db: Db, shape: Shape, o: Options): Promise<Measured> {
  await dbLoop(db, shape, o.connections, warmupSeconds(o));
  return dbLoop(db, shape, o.connections, o.duration);
}

const warmupSeconds = (o: Options) => Math.min(3, Math.max(1, Math.round(o.duration / 4)));

function describe(m: Measured): string {
  return `${fmtInt(m.rps)} req/s, p50 ${fmtMs(m.p50)} ms, p99 ${fmtMs(m.p99)} ms (${fmtInt(m.count)} ok${m.errors ? `, ${m.errors} ERRORS/non-2xx` : ''})`;
}

// ---------------------------------------------------------------------------------------------
// Child servers (the real app, and the bare ceiling server = this file in --internal-bare-server mode)

const children = new Set<ChildProcess>();

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (addr && typeof addr === 'object' ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

type Server = { base: string; output(): string; stop(): Promise<void> };

async function startChild(label: string, args: string[], env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let output = '';
  const keep = (d: Buffer) => {
    output = (output + d.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let exited = false;
  child.on('exit', () => {
    exited = true;
    children.delete(child);
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (exited) throw new Error(`${label} exited during start:\n${output}`);
    try {
      const res = await fetch(`${base}/readyz`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${label} did not become ready within 60 s:\n${output}`);
    }
    await sleep(200);
  }
  return {
    base,
    output: () => output,
    stop: async () => {
      if (exited) return;
      const done = new Promise<void>((r) => child.once('exit', () => r()));
      child.kill('SIGTERM');
      const t = setTimeout(() => child.kill('SIGKILL'), 5000);
      await done;
      clearTimeout(t);
    },
  };
}

function startApp(url: string, dataDir: string): Promise<Server> {
  return startChild('the app (src/server/main.ts)', ['src/server/main.ts'], {
    DATABASE_URL: url,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
  });
}

type Captured = { status: number; total: string | null; body: Buffer };

async function capture(base: string, p: string): Promise<Captured> {
  const res = await fetch(`${base}${p}`, { signal: AbortSignal.timeout(30_000) });
  return { status: res.status, total: res.headers.get('x-total-count'), body: Buffer.from(await res.arrayBuffer()) };
}

/** The bare ceiling server: Fastify with no plugins, replying with captured bytes. */
async function runBareServer(specFile: string) {
  const spec = JSON.parse(fs.readFileSync(specFile, 'utf8')) as { a: string; b: string; c: Record<string, string> };
  const a = Buffer.from(spec.a, 'base64');
  const b = Buffer.from(spec.b, 'base64');
  const c = new Map(Object.entries(spec.c).map(([k, v]) => [k, Buffer.from(v, 'base64')]));
  const type = 'application/json; charset=utf-8';
  const app = Fastify({ logger: false });
  app.get('/ceiling/a', (_req, reply) => reply.type(type).send(a));
  app.get('/ceiling/b', (_req, reply) => reply.type(type).send(b));
  app.get<{ Params: { id: string } }>('/ceiling/c/:id', (req, reply) => {
    const body = c.get(req.params.id);
    return body ? reply.type(type).send(body) : reply.code(404).send();
  });
  app.get('/readyz', (_req, reply) => reply.send({ status: 'ready' }));
  process.on('SIGTERM', () => void app.close().finally(() => process.exit(0)));
  process.on('SIGINT', () => void app.close().finally(() => process.exit(0)));
  await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
}

// ---------------------------------------------------------------------------------------------
// The run

type Row = { shape: Shape; app: Measured; db: Measured; bare: Measured; seqScan: boolean; total: string | null };

async function benchmarkMain(o: Options, tmp: string): Promise<{ rows: Row[]; shapes: Shape[] }> {
  const ids = await pickIds(o.url, 64);
  if (ids.length === 0) throw new Error('no active services to benchmark');
  const shapes = makeShapes(ids);

  console.log(`\n== EXPLAIN (ANALYZE) of every query each shape runs, at ${fmtInt(o.n)} services ==`);
  const explainPool = new pg.Pool({ connectionString: o.url, max: 2, options: '-c random_page_cost=1.1' });
  const seqScan = new Map<ShapeKey, boolean>();
  try {
    for (const shape of shapes) {
      const explained = await explainShape(explainPool, shape);
      printExplain(shape, explained, '');
      seqScan.set(
        shape.key,
        explained.some((e) => e.seqScanOnServices),
      );
    }
  } finally {
    await explainPool.end();
  }

  console.log(
    `\n== Measuring (${o.duration} s each after a ${warmupSeconds(o)} s warm-up, ${o.connections} connections) ==`,
  );
  // 1. The real app, in a child process.
  const app = await startApp(o.url, path.join(tmp, 'app-data'));
  const appResults = new Map<ShapeKey, Measured>();
  const bodies = { a: '', b: '', c: {} as Record<string, string> };
  const totals = new Map<ShapeKey, string | null>();
  try {
    for (const shape of shapes) {
      for (const p of shape.paths) {
        const got = await capture(app.base, p);
        if (got.status !== 200) {
          throw new Error(
            `${shape.label}: GET ${p} answered ${got.status}: ${got.body.toString().slice(0, 300)}\n  app output:\n${app.output().slice(-1500)}`,
          );
        }
        if (shape.key === 'c') bodies.c[p.split('/').pop() as string] = got.body.toString('base64');
        else bodies[shape.key] = got.body.toString('base64');
        totals.set(shape.key, got.total);
        if (shape.key !== 'c') {
          const n = (JSON.parse(got.body.toString()) as unknown[]).length;
          console.log(
            `  ${shape.label}: ${n} on the page, X-Total-Count ${got.total}, ${fmtInt(got.body.length)} bytes`,
          );
          if (n === 0) console.log('    ! this shape returns no results: the numbers below measure an empty search');
        }
      }
      if (shape.key === 'c') {
        const sizes = Object.values(bodies.c).map((b) => Buffer.from(b, 'base64').length);
        console.log(`  ${shape.label}: ${fmtInt(Math.min(...sizes))}-${fmtInt(Math.max(...sizes))} bytes per body`);
      }
    }
    for (const shape of shapes) {
      const m = await measureHttp(app.base, shape.paths, o);
      appResults.set(shape.key, m);
      console.log(`  app   ${shape.key}: ${describe(m)}`);
    }
  } finally {
    await app.stop();
  }

  // 2. The HTTP ceiling: bare Fastify in a child process, same bytes.
  const specFile = path.join(tmp, 'bare-bodies.json');
  fs.writeFileSync(specFile, JSON.stringify(bodies));
  const bare = await startChild('the bare ceiling server', [THIS_FILE, '--internal-bare-server', specFile], {});
  const bareResults = new Map<ShapeKey, Measured>();
  try {
    for (const shape of shapes) {
      const m = await measureHttp(bare.base, shape.barePaths, o);
      bareResults.set(shape.key, m);
      console.log(`  http  ${shape.key}: ${describe(m)}`);
    }
  } finally {
    await bare.stop();
  }

  // 3. The database ceiling: the same functions (same SQL) on a pg pool in this process, no HTTP.
  const dbResults = new Map<ShapeKey, Measured>();
  const database: Database = await openPostgres(o.url, o.pool);
  try {
    for (const shape of shapes) {
      const m = await measureDb(database.db, shape, o);
      dbResults.set(shape.key, m);
      console.log(`  db    ${shape.key}: ${describe(m)}`);
    }
  } finally {
    await database.close();
  }

  const rows = shapes.map((shape) => ({
    shape,
    app: appResults.get(shape.key) as Measured,
    db: dbResults.get(shape.key) as Measured,
    bare: bareResults.get(shape.key) as Measured,
    seqScan: seqScan.get(shape.key) ?? false,
    total: totals.get(shape.key) ?? null,
  }));
  return { rows, shapes };
}

type ScaleRow = {
  size: number;
  app: Measured;
  db: Measured;
  total: string | null;
  seqScan: boolean;
  fillSeconds: number;
  filledNow: boolean;
};

async function benchmarkScaleSize(o: Options, size: number, tmp: string): Promise<ScaleRow> {
  const url = withDbName(o.url, `${dbName(o.url)}_${sizeLabel(size)}`);
  console.log(`\n== --scale: ${fmtInt(size)} services (${safeLocation(url)}) ==`);
  const prep = await prepareDatabase(url, size, o.refill);
  const [shape] = makeShapes(['00000000-0000-0000-0000-000000000000']);
  if (!shape) throw new Error('no shape');
  const explainPool = new pg.Pool({ connectionString: url, max: 2, options: '-c random_page_cost=1.1' });
  let seqScan = false;
  try {
    const explained = await explainShape(explainPool, shape);
    printExplain(shape, explained, ` at ${fmtInt(size)} services`);
    seqScan = explained.some((e) => e.seqScanOnServices);
  } finally {
    await explainPool.end();
  }
  const app = await startApp(url, path.join(tmp, 'app-data'));
  let appM: Measured;
  let total: string | null;
  try {
    const got = await capture(app.base, shape.paths[0] as string);
    if (got.status !== 200)
      throw new Error(`GET ${shape.paths[0]} answered ${got.status}\n  app output:\n${app.output().slice(-1500)}`);
    total = got.total;
    appM = await measureHttp(app.base, shape.paths, o);
    console.log(`  app   a: ${describe(appM)} (X-Total-Count ${total})`);
  } finally {
    await app.stop();
  }
  const database = await openPostgres(url, o.pool);
  let dbM: Measured;
  try {
    dbM = await measureDb(database.db, shape, o);
    console.log(`  db    a: ${describe(dbM)}`);
  } finally {
    await database.close();
  }
  return { size, app: appM, db: dbM, total, seqScan, fillSeconds: prep.fillSeconds, filledNow: prep.filledNow };
}

const pf = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
/** Marks a measurement with too few responses for a meaningful p99. */
const fewSamples = (m: Measured) => (m.count < 200 ? '*' : '');

async function main() {
  let o: Options;
  try {
    o = parseArgs(process.argv.slice(2));
  } catch (err) {
    if (err instanceof UsageError) {
      console.error(`bench:search: ${err.message}\n\n${USAGE}`);
      process.exit(2);
    }
    throw err;
  }

  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'locora-bench-'));
  let cleaning = false;
  const cleanup = () => {
    for (const c of children) c.kill('SIGKILL');
    fs.rmSync(tmp, { recursive: true, force: true });
  };
  process.on('exit', cleanup);
  for (const sig of ['SIGINT', 'SIGTERM'] as const) {
    process.on(sig, () => {
      if (cleaning) return;
      cleaning = true;
      console.error(`\n${sig}: stopping (child servers killed)`);
      process.exit(130);
    });
  }

  const cpus = os.cpus();
  const pgVersion = await (async () => {
    try {
      const c = new pg.Client({ connectionString: withDbName(o.url, 'postgres') });
      await c.connect();
      const r = await c.query<{ v: string }>(`select current_setting('server_version') as v`);
      await c.end();
      return r.rows[0]?.v ?? '?';
    } catch (err) {
      throw new Error(
        `cannot reach PostgreSQL at ${safeLocation(o.url)}: ${err instanceof Error ? err.message : String(err)}`,
      );
    }
  })();
  console.log(`Locora search benchmark`);
  const loadNote = () => {
    const load = os.loadavg()[0] ?? 0;
    return `load average ${load.toFixed(1)} on ${cpus.length} cores${load > cpus.length * 0.75 ? ' (other work is using this machine: numbers are noisy)' : ''}`;
  };
  console.log(`  ${loadNote()} before start`);
  console.log(
    `  machine: ${cpus.length} cores (${cpus[0]?.model.trim() ?? '?'}), ${fmtInt(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, PostgreSQL ${pgVersion} at ${safeLocation(o.url)}`,
  );
  console.log(
    `  ${fmtInt(o.n)} services, ${o.connections} connections, ${o.duration} s per measurement${o.scale ? `, --scale ${o.scaleSizes.map(sizeLabel).join(', ')}` : ''}`,
  );
  console.log(
    `  setup: the app and the bare HTTP ceiling each run as a child process (node --import tsx); autocannon runs in this\n` +
      `  process; the database ceiling runs the app's own searchServices/getServiceDetail on a pg pool of ${o.pool} in this\n` +
      `  process (the app's pool is ${APP_POOL_SIZE}). PostgreSQL, the server under test and the load generator share the same ${cpus.length} cores.`,
  );

  console.log(`\n== Database ${safeLocation(o.url)} ==`);
  const prep = await prepareDatabase(o.url, o.n, o.refill);
  const { rows } = await benchmarkMain(o, tmp);

  const scaleRows: ScaleRow[] = [];
  if (o.scale) {
    for (const size of [...new Set(o.scaleSizes)].sort((x, y) => x - y)) {
      if (size === o.n) continue;
      scaleRows.push(await benchmarkScaleSize(o, size, tmp));
    }
  }

  // ------------------------------------------------------------------ report
  const a = rows.find((r) => r.shape.key === 'a');
  console.log(
    `\n== Results: ${fmtInt(o.n)} services, ${o.connections} connections, ${o.duration} s each, ${cpus.length} cores shared by PostgreSQL + server + load generator ==\n`,
  );
  const targetText = (r: Row) => {
    const parts: string[] = [];
    if (r.shape.key === 'a') {
      parts.push(`≥0.5×db ${pf(r.app.rps / r.db.rps >= 0.5)}`);
      parts.push(`p99≤4×p50 ${pf(r.app.p99 <= 4 * r.app.p50)}`);
    }
    parts.push(`no seq scan ${pf(!r.seqScan)}`);
    return parts.join(', ');
  };
  console.log(
    table(
      [
        'shape',
        'req/s',
        'p50 ms',
        'p99 ms',
        'p99/p50',
        'db ceil req/s',
        'ratio db',
        'http ceil req/s',
        'ratio http',
        'targets',
      ],
      rows.map((r) => [
        r.shape.label,
        fmtInt(r.app.rps) + fewSamples(r.app),
        fmtMs(r.app.p50),
        fmtMs(r.app.p99),
        fmtRatio(r.app.p99 / r.app.p50),
        fmtInt(r.db.rps) + fewSamples(r.db),
        fmtRatio(r.app.rps / r.db.rps),
        fmtInt(r.bare.rps),
        fmtRatio(r.app.rps / r.bare.rps),
        targetText(r),
      ]),
      [false, true, true, true, true, true, true, true, true, false],
    ),
  );
  console.log(
    '\n  ceilings p50/p99 ms:  ' +
      rows
        .map(
          (r) =>
            `${r.shape.key}: db ${fmtMs(r.db.p50)}/${fmtMs(r.db.p99)}, http ${fmtMs(r.bare.p50)}/${fmtMs(r.bare.p99)}`,
        )
        .join(';  '),
  );
  const errs = rows.flatMap((r) => [r.app, r.db, r.bare]).reduce((s, m) => s + m.errors, 0);
  if (rows.some((r) => fewSamples(r.app) || fewSamples(r.db))) {
    console.log('  * fewer than 200 responses in the measurement: p99 is rough (raise --duration)');
  }
  if (errs) console.log(`  ! ${errs} errors or non-2xx responses during the measurements (not counted in req/s)`);
  console.log(`  ${loadNote()} at the end of the measurements (includes this benchmark's own load)`);
  console.log(
    `  fill: ${prep.filledNow ? `${fmtSecs(prep.fillSeconds)} (this run)` : `reused (filled earlier in ${fmtSecs(prep.fillSeconds)})`}`,
  );

  let scaleOk: boolean | undefined;
  if (scaleRows.length && a) {
    const all: { size: number; app: Measured; db: Measured; total: string | null; seqScan: boolean; fill: string }[] = [
      ...scaleRows.map((s) => ({
        ...s,
        fill: s.filledNow ? fmtSecs(s.fillSeconds) : `reused (${fmtSecs(s.fillSeconds)})`,
      })),
      {
        size: o.n,
        app: a.app,
        db: a.db,
        total: a.total,
        seqScan: a.seqScan,
        fill: prep.filledNow ? fmtSecs(prep.fillSeconds) : `reused (${fmtSecs(prep.fillSeconds)})`,
      },
    ].sort((x, y) => x.size - y.size);
    const smallest = all[0];
    const largest = all[all.length - 1];
    console.log(`\n== --scale: shape (a) by database size ==\n`);
    console.log(
      table(
        [
          'services',
          'matches',
          'req/s',
          'p50 ms',
          'p99 ms',
          'p99/p50',
          'db ceil req/s',
          'ratio db',
          'seq scan',
          'fill time',
        ],
        all.map((s) => [
          fmtInt(s.size),
          s.total === null ? '?' : fmtInt(Number(s.total)),
          fmtInt(s.app.rps) + fewSamples(s.app),
          fmtMs(s.app.p50),
          fmtMs(s.app.p99),
          fmtRatio(s.app.p99 / s.app.p50),
          fmtInt(s.db.rps) + fewSamples(s.db),
          fmtRatio(s.app.rps / s.db.rps),
          s.seqScan ? 'YES (FAIL)' : 'no',
          s.fill,
        ]),
        [true, true, true, true, true, true, true, true, false, false],
      ),
    );
    if (all.some((s) => fewSamples(s.app) || fewSamples(s.db))) {
      console.log('  * fewer than 200 responses in the measurement: p99 is rough (raise --duration)');
    }
    if (smallest && largest && smallest !== largest) {
      const slower = smallest.app.rps / largest.app.rps;
      const p50x = largest.app.p50 / smallest.app.p50;
      scaleOk = slower <= 2;
      console.log(
        `\n  ${fmtInt(largest.size)} vs ${fmtInt(smallest.size)} services: ${fmtRatio(slower)}× slower in req/s (p50 ${fmtRatio(p50x)}×); target ≤ 2×: ${pf(scaleOk)}`,
      );
    }
  }

  console.log('\n== Targets ==');
  if (a) {
    console.log(
      `  ${pf(a.app.rps / a.db.rps >= 0.5)}  (a) at least 0.5 of the database ceiling: ${fmtRatio(a.app.rps / a.db.rps)}`,
    );
    console.log(
      `  ${pf(a.app.p99 <= 4 * a.app.p50)}  (a) p99 no more than 4× p50: ${fmtRatio(a.app.p99 / a.app.p50)}×`,
    );
  }
  const seqShapes = rows.filter((r) => r.seqScan).map((r) => r.shape.key);
  const scaleSeq = scaleRows.filter((s) => s.seqScan).map((s) => `(a)@${sizeLabel(s.size)}`);
  console.log(
    `  ${pf(seqShapes.length === 0 && scaleSeq.length === 0)}  every shape uses indexes (no Seq Scan on services)${seqShapes.length || scaleSeq.length ? `: seq scan in ${[...seqShapes.map((k) => `(${k})`), ...scaleSeq].join(', ')}` : ''}`,
  );
  if (scaleOk !== undefined)
    console.log(`  ${pf(scaleOk)}  (a) largest size no more than 2× slower than smallest (see above)`);
  else console.log('  ----  (a) 1M no more than 2× slower than 10k: not measured (run with --scale)');
  console.log('');
}

if (process.argv[2] === '--internal-bare-server') {
  const spec = process.argv[3];
  if (!spec) process.exit(2);
  runBareServer(spec).catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
} else {
  main()
    .then(() => process.exit(0))
    .catch((err: unknown) => {
      console.error(`\nbench:search failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
      process.exit(1);
    });
}
