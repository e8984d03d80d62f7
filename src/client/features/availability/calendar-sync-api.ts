import { queryOptions } from '@tanstack/react-query';
import type { CalendarImport, CalendarSyncState, FeedLink, ImportedBusy } from '@shared/api/calendars';
import { apiJson } from '@/lib/api';

/** Every calendar-sync query starts with this key: invalidate it after a change. */
export const calendarSyncKey = ['/api/provider/calendar-sync'] as const;

/** The provider's imported calendars, the bookings they overlap, and whether a feed link exists. */
export const calendarSyncQuery = queryOptions({
  queryKey: calendarSyncKey,
  queryFn: () => apiJson<CalendarSyncState>('GET', '/api/provider/calendar-sync'),
  // A calendar just added or resumed is read within seconds: look again until its sync is done.
  refetchInterval: (query) => (query.state.data?.calendars.some((c) => c.syncPending) ? 3_000 : false),
});

/** Imported busy times overlapping [from, to) (ISO instants), labelled with their calendar's name. */
export const importedBusyQuery = (from: string, to: string) =>
  queryOptions({
    queryKey: [...calendarSyncKey, 'busy', from, to],
    queryFn: () =>
      apiJson<ImportedBusy[]>(
        'GET',
        `/api/provider/calendars/busy?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
      ),
  });

export const addCalendar = (input: { name: string; url: string }) =>
  apiJson<CalendarImport>('POST', '/api/provider/calendars', input);

export const removeCalendar = (id: string) =>
  apiJson<{ id: string }>('DELETE', `/api/provider/calendars/${encodeURIComponent(id)}`);

/** Syncs a calendar again now; one paused after failed syncs goes back to syncing every 15 minutes. */
export const resumeCalendar = (id: string) =>
  apiJson<CalendarImport>('POST', `/api/provider/calendars/${encodeURIComponent(id)}/resume`);

/** A new private feed link; the old one stops working. */
export const resetFeedLink = () => apiJson<FeedLink>('POST', '/api/provider/calendar-feed');
