/** Creating, migrating and filling a benchmark database with set-based SQL. */
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { openPostgres } from '../../src/server/db/open.ts';
import {
  ADJECTIVES,
  CATEGORIES,
  CITIES,
  CLOSINGS,
  FIRST_NAMES,
  LAST_NAMES,
  NOUNS,
  REVIEW_TEXTS,
  SENTENCES,
} from './data.ts';
import { dbName, fmtInt, fmtSecs, safeLocation, withDbName } from './format.ts';
import { BENCH_EMAIL_DOMAIN } from './options.ts';

/** A deterministic uniform [0, 1) from a row number and a stream number (SQL expression). */
export const u = (expr: string, stream: number) =>
  `((hashint8((${expr})::bigint * 64 + ${stream}) & 2147483647)::float8 / 2147483648.0)`;
/** City index of provider p: skewed towards the first cities (Lisbon ~6 %, Sydney ~1 %). */
export const providerCity = (p: string) =>
  `least(${CITIES.length - 1}, floor(${CITIES.length} * power(${u(p, 1)}, 1.3)))::int`;
/** Main category index of provider p. */
export const providerCategory = (p: string) => `least(8, floor(9 * ${u(p, 5)}))::int`;
export const pick = (arr: string, uExpr: string, len: number, base = '0') =>
  `(${arr})[1 + ${base} + least(${len - 1}, floor(${len} * ${uExpr}))::int]`;

export const MARKER = 'locora-bench fill v2 complete';
/** A deterministic, valid (version 4, RFC variant) uuid from a SQL text expression. */
export const uid = (expr: string) => `overlay(overlay(md5(${expr}) placing '4' from 13) placing '8' from 17)::uuid`;

export type Sizes = { services: number; providers: number; travelers: number };
export const sizesFor = (n: number): Sizes => ({
  services: n,
  providers: Math.max(1, Math.round(n / 4)),
  travelers: Math.max(10, Math.round(n / 10)),
});

export async function readMarker(client: pg.Client): Promise<{ n: number; seconds: number } | null> {
  const r = await client.query<{ c: string | null; n: string }>(
    `select obj_description('public.services'::regclass, 'pg_class') as c, (select count(*) from services) as n`,
  );
  const c = r.rows[0]?.c;
  const m = c ? new RegExp(`^${MARKER}: n=(\\d+) fill_seconds=([\\d.]+)$`).exec(c) : null;
  if (!m || Number(r.rows[0]?.n) !== Number(m[1])) return null;
  return { n: Number(m[1]), seconds: Number(m[2]) };
}

export async function batched(
  label: string,
  total: number,
  batch: number,
  run: (lo: number, hi: number) => Promise<number>,
) {
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

/** Drops the database `url` names, if it exists (closing its connections). */
export async function dropDatabase(url: string) {
  const admin = new pg.Client({ connectionString: withDbName(url, 'postgres') });
  await admin.connect();
  try {
    await admin.query(`drop database if exists "${dbName(url)}" with (force)`);
  } finally {
    await admin.end();
  }
}

/** Creates the database `url` names if it is missing, and brings it to the latest migration. */
export async function createAndMigrate(url: string): Promise<void> {
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
}

/** Creates the database if missing, migrates it, and fills it unless it already holds exactly n services. */
export async function prepareDatabase(
  url: string,
  n: number,
  refill: boolean,
): Promise<{ filledNow: boolean; fillSeconds: number }> {
  await createAndMigrate(url);

  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const marker = await readMarker(client);
    if (marker && marker.n === n && !refill) {
      console.log(
        `  ${dbName(url)}: already holds ${fmtInt(n)} generated services (filled earlier in ${fmtSecs(marker.seconds)}); reusing (--refill to redo)`,
      );
      return { filledNow: false, fillSeconds: marker.seconds };
    }
    await refuseForeignUsers(client, url);
    const seconds = await fill(client, n, url);
    await client.query(`comment on table services is '${MARKER}: n=${n} fill_seconds=${seconds.toFixed(1)}'`);
    return { filledNow: true, fillSeconds: seconds };
  } finally {
    await client.end();
  }
}

/** Throws unless every user in the database was made by a benchmark (so wiping it loses nothing). */
export async function refuseForeignUsers(client: pg.ClientBase, url: string): Promise<void> {
  const foreign = await client.query<{ n: string }>(`select count(*) as n from users where email not like $1`, [
    `%${BENCH_EMAIL_DOMAIN}`,
  ]);
  if (Number(foreign.rows[0]?.n ?? 0) > 0) {
    throw new Error(
      `refusing to wipe ${safeLocation(url)}: it holds users the benchmark did not create. Point DATABASE_URL at a benchmark database.`,
    );
  }
}

export async function fill(client: pg.Client, n: number, url: string): Promise<number> {
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
              ${start}, 2, ${start} + interval '2 hours', 2000 + (i % 20) * 1000, 100 + (i % 20) * 50, ${start} - interval '5 days'
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

/** How many days ahead of today the benchmark's providers have open time (the date shape asks for a day 3 days ahead). */
export const AVAILABILITY_DAYS = 28;

/**
 * The providers' open time, for the shape that asks for a date (decision 062): 60 % of providers
 * are open 09:00-17:00 in their own zone on five days of every week (two weekdays off, each
 * provider its own), from yesterday to AVAILABILITY_DAYS ahead. Kept apart from the fill's
 * marker because it follows the calendar: refilled when it no longer reaches two weeks ahead, as
 * happens to a database filled weeks ago. Only in a benchmark database (refuseForeignUsers).
 */
export async function ensureAvailability(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const r = await client.query<{ ahead: boolean | null }>(
      `select max(start_at) > now() + interval '14 days' as ahead from availability where not is_blocked`,
    );
    if (r.rows[0]?.ahead) return;
    await refuseForeignUsers(client, url);
    const t0 = performance.now();
    await client.query('begin');
    await client.query('delete from availability');
    const ins = await client.query(
      `insert into availability (provider_id, start_at, end_at)
       select p.id, (g.d::date + time '09:00') at time zone p.time_zone, (g.d::date + time '17:00') at time zone p.time_zone
       from (select id, time_zone, hashint8(hashtext(id::text)) & 2147483647 as h from providers) p
       cross join generate_series(current_date - 1, current_date + $1::int, interval '1 day') as g(d)
       where p.h % 10 < 6 and extract(dow from g.d)::int not in (p.h % 7, (p.h % 7 + 1 + (p.h / 7) % 6) % 7)`,
      [AVAILABILITY_DAYS],
    );
    await client.query('commit');
    await client.query('analyze availability');
    console.log(
      `  availability: ${fmtInt(ins.rowCount ?? 0)} open rows (60 % of providers, 5 days a week, to ${AVAILABILITY_DAYS} days ahead) in ${fmtSecs((performance.now() - t0) / 1000)}`,
    );
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    await client.end();
  }
}
