/** A provider's availability as the features that read it need it (the availability feature lists it, slots sums it). */
import { and, eq, gt, lt } from 'drizzle-orm';
import { effectiveAvailability, type Interval } from '../../shared/domain/availability.ts';
import type { Executor } from '../db/open.ts';
import { availability } from '../db/schema.ts';

/** A provider's availability rows (available and blocked) that overlap `[range.start, range.end)`. */
export function availabilityOverlapping(providerId: string, range: { start: Date; end: Date }) {
  return and(
    eq(availability.providerId, providerId),
    lt(availability.startAt, range.end),
    gt(availability.endAt, range.start),
  );
}

/**
 * The provider's effective free time (available minus blocked, see effectiveAvailability) inside
 * `range`: every row overlapping it is read (index availability_provider_start_idx), only the three
 * columns the sum needs. Used by the slots feature.
 */
export async function loadEffectiveAvailability(
  db: Executor,
  providerId: string,
  range: { start: Date; end: Date },
): Promise<Interval[]> {
  const rows = await db
    .select({ start: availability.startAt, end: availability.endAt, isBlocked: availability.isBlocked })
    .from(availability)
    .where(availabilityOverlapping(providerId, range));
  return effectiveAvailability(rows);
}
