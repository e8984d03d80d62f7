/** Calendar sync (decision 040): the feed link, imported calendars and their busy times. */
import { z } from 'zod';
import { acceptedDateText } from './time.ts';

export const MAX_CALENDAR_NAME = 60;

export const addCalendarSchema = z.object({
  name: z
    .string({ error: 'Give the calendar a name' })
    .trim()
    .min(1, 'Give the calendar a name')
    .max(MAX_CALENDAR_NAME, `A name has at most ${MAX_CALENDAR_NAME} characters`),
  url: z
    .string({ error: 'Paste the calendar’s address' })
    .trim()
    .min(1, 'Paste the calendar’s address')
    .max(2000, 'That address is too long')
    .refine((v) => /^(https|webcals?|http):\/\//i.test(v), 'Use an address that starts with https:// or webcal://'),
});
export type AddCalendarInput = z.infer<typeof addCalendarSchema>;

export const calendarImportSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  url: z.string(),
  /** The last sync that read the calendar, ISO; null before the first one. */
  lastSyncedAt: z.string().nullable(),
  /** Why the last sync failed, in plain words ('The address answered 404'); null after a good one. */
  lastError: z.string().nullable(),
  lastErrorAt: z.string().nullable(),
  /** Busy times stored from the last good sync. */
  busyCount: z.int(),
  /** Unsuccessful syncs in a row (the one under way included). */
  failures: z.int(),
  /** Since when syncs are paused after 3 failed in a row, ISO; null while it syncs. */
  pausedAt: z.string().nullable(),
  /** Events the last good sync skipped because they could not be read. */
  unreadableCount: z.int(),
  /** How the last good sync read zones that are not plainly named, in plain words. */
  notes: z.array(z.string()),
  /** A sync is due or under way (just added or resumed): its result comes within a minute. */
  syncPending: z.boolean(),
  createdAt: z.string(),
});
export type CalendarImport = z.infer<typeof calendarImportSchema>;
export const calendarImportListSchema = z.array(calendarImportSchema);

export const importedBusySchema = z.object({
  start: z.string(),
  end: z.string(),
  calendarId: z.uuid(),
  /** The calendar's name; an event's own title is never stored. */
  calendarName: z.string(),
});
export type ImportedBusy = z.infer<typeof importedBusySchema>;
export const importedBusyListSchema = z.array(importedBusySchema);

export const importOverlapSchema = z.object({
  bookingId: z.uuid(),
  title: z.string(),
  start: z.string(),
  end: z.string(),
  calendarNames: z.array(z.string()),
});
export type ImportOverlap = z.infer<typeof importOverlapSchema>;

export const calendarSyncStateSchema = z.object({
  calendars: calendarImportListSchema,
  /** Live bookings an imported busy time overlaps: they stand, the provider is told. */
  overlaps: z.array(importOverlapSchema),
  /** When the current feed link was made; null: none yet. */
  feedCreatedAt: z.string().nullable(),
});
export type CalendarSyncState = z.infer<typeof calendarSyncStateSchema>;

export const feedLinkSchema = z.object({ url: z.string(), createdAt: z.string() });
export type FeedLink = z.infer<typeof feedLinkSchema>;

export const busyRangeSchema = z.object({
  from: acceptedDateText('from', 'from must be an ISO 8601 date-time'),
  to: acceptedDateText('to', 'to must be an ISO 8601 date-time'),
});

export const calendarIdParamSchema = z.object({ id: z.uuid('Not a valid calendar id') });
export const bookingIdParamSchema = z.object({ id: z.uuid('Not a valid booking id') });
export const feedTokenParamSchema = z.object({ file: z.string().max(200) });
