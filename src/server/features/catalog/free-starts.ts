/**
 * "Available on…" and "massage tomorrow" (decision 062): which providers have a free start on
 * the asked days, each day read in the provider's own zone, and for how many hours at most. The
 * slot rules are the slots' own (shared/domain/slots.ts: availability minus blocked time, minus
 * live bookings and imported busy time, the lead time and the grid across clock changes); this
 * file loads what they need for every provider at once, in four index-backed statements:
 * - the open availability rows that touch the asked days anywhere on Earth
 *   (availability_open_start_idx: a range on start_at, rows last at most 25 hours);
 * - for those providers only: their zones, blocked rows, live bookings and imported busy time
 *   (each by provider id: availability_provider_start_idx, bookings_no_overlap's GiST index,
 *   calendar_busy's provider index).
 */
import { sql } from 'drizzle-orm';
import { effectiveAvailability, type Interval } from '../../../shared/domain/availability.ts';
import {
  addCalendarDays,
  calendarDateInstant,
  DAY_MS,
  HOUR_MS,
  type CalendarDate,
} from '../../../shared/domain/time.ts';
import { whenDates, type WhenWord } from '../../../shared/domain/query-intent.ts';
import { SERVICE_MIN_HOURS_MAX } from '../../../shared/domain/service-limits.ts';
import { longestFreeStart } from '../../../shared/domain/slots.ts';
import { effectiveStatusSql } from '../../bookings/booking-sql.ts';
import { queryRows, type Executor } from '../../db/open.ts';

/** What a search asks to be free: a calendar day, or a time word ("tomorrow") read in each zone. */
export type FreeStartAsk = { date: CalendarDate } | { when: WhenWord };

/** A provider with a free start then, and the most hours a booking starting then can last. */
export type FreeProvider = { providerId: string; hours: number };

/** The zones furthest ahead of and behind UTC (+14, -12), with an hour to spare. */
const AHEAD_MS = 15 * HOUR_MS;
const BEHIND_MS = 13 * HOUR_MS;
/** An availability row lasts at most 25 hours (availability_max_length). */
const ROW_MAX_MS = 25 * HOUR_MS;

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;
const uuids = (ids: readonly string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

/** The days a request may mean somewhere on Earth: the date itself, or today - 1 .. today + 7 (UTC). */
function candidateDays(ask: FreeStartAsk, now: Date): { first: CalendarDate; last: CalendarDate } {
  if ('date' in ask) return { first: ask.date, last: ask.date };
  const today = now.toISOString().slice(0, 10);
  return { first: addCalendarDays(today, -1), last: addCalendarDays(today, 7) };
}

type Row = { provider_id: string; start_at: Date | string; end_at: Date | string; is_blocked?: boolean };
const interval = (r: Row): Interval => ({ start: new Date(r.start_at), end: new Date(r.end_at) });

function groupBy<T extends { provider_id: string }>(rows: readonly T[]): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const r of rows) {
    const list = map.get(r.provider_id);
    if (list) list.push(r);
    else map.set(r.provider_id, [r]);
  }
  return map;
}

/** Every provider with a free start on the asked days (their own zone), with its longest booking. */
export async function providersWithFreeStart(db: Executor, ask: FreeStartAsk, now: Date): Promise<FreeProvider[]> {
  const { first, last } = candidateDays(ask, now);
  const start = new Date(Math.max(calendarDateInstant(first).getTime() - AHEAD_MS, now.getTime()));
  // A booking that starts late on the last day may run SERVICE_MIN_HOURS_MAX hours past it.
  const end = new Date(calendarDateInstant(last).getTime() + DAY_MS + BEHIND_MS + SERVICE_MIN_HOURS_MAX * HOUR_MS);
  if (end <= start) return [];
  const open = await queryRows<Row>(
    db,
    sql`select a.provider_id, a.start_at, a.end_at from availability a
        where not a.is_blocked
          and a.start_at > ${ts(new Date(start.getTime() - ROW_MAX_MS))} and a.start_at < ${ts(end)}
          and a.end_at > ${ts(start)}`,
  );
  if (open.length === 0) return [];
  const ids = [...new Set(open.map((r) => r.provider_id))];
  const [zones, blocked, booked, imported] = await Promise.all([
    queryRows<{ provider_id: string; time_zone: string }>(
      db,
      sql`select id as provider_id, time_zone from providers where id = any (${uuids(ids)})`,
    ),
    queryRows<Row>(
      db,
      sql`select a.provider_id, a.start_at, a.end_at, true as is_blocked from availability a
          where a.is_blocked and a.provider_id = any (${uuids(ids)})
            and a.start_at > ${ts(new Date(start.getTime() - ROW_MAX_MS))} and a.start_at < ${ts(end)}
            and a.end_at > ${ts(start)}`,
    ),
    queryRows<Row>(
      db,
      sql`select b.provider_id, b.start_at, b.end_at from bookings b
          where b.provider_id = any (${uuids(ids)})
            and b.status in ('PENDING', 'CONFIRMED', 'PAID')
            and tstzrange(b.start_at, b.end_at) && tstzrange(${ts(start)}, ${ts(end)})
            and ${effectiveStatusSql(now, 'b')} in ('PENDING', 'CONFIRMED', 'PAID')`,
    ),
    queryRows<Row>(
      db,
      sql`select c.provider_id, c.start_at, c.end_at from calendar_busy c
          where c.provider_id = any (${uuids(ids)})
            and tstzrange(c.start_at, c.end_at) && tstzrange(${ts(start)}, ${ts(end)})`,
    ),
  ]);
  const zoneOf = new Map(zones.map((z) => [z.provider_id, z.time_zone]));
  const openBy = groupBy(open);
  const blockedBy = groupBy(blocked);
  const busyBy = groupBy([...booked, ...imported]);
  const out: FreeProvider[] = [];
  for (const providerId of ids) {
    const timeZone = zoneOf.get(providerId);
    if (!timeZone) continue;
    const days = 'date' in ask ? { dates: [ask.date], notBefore: null } : whenDates(ask.when, now, timeZone);
    const rows = [...(openBy.get(providerId) ?? []), ...(blockedBy.get(providerId) ?? [])].map((r) => ({
      ...interval(r),
      isBlocked: r.is_blocked === true,
    }));
    const hours = longestFreeStart({
      timeZone,
      now,
      availability: effectiveAvailability(rows),
      busy: (busyBy.get(providerId) ?? []).map(interval),
      dates: days.dates,
      notBefore: days.notBefore,
      maxHours: SERVICE_MIN_HOURS_MAX,
    });
    if (hours > 0) out.push({ providerId, hours });
  }
  return out;
}
