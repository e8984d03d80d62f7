/**
 * Calendar sync on the Availability tab (decision 040): the private feed link of the provider's
 * bookings, the calendars they import busy time from (each with its last sync and last error in
 * plain words), adding and removing one, and the bookings an imported busy time overlaps; and the
 * imported busy times greyed in the days of the week. One chunk, loaded only when the tab is opened.
 */
import { useEffect, useState, type FormEvent, type JSX } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import {
  AlertTriangle,
  CalendarSync,
  CalendarX2,
  Copy,
  PauseCircle,
  Play,
  RefreshCw,
  Trash2,
} from '@/components/icons';
import type { CalendarImport } from '@shared/api/calendars';
import {
  addCalendarDays,
  formatDateIn,
  formatTimeIn,
  utcToZoned,
  zonedToUtc,
  type CalendarDate,
} from '@shared/domain/time';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { CardDescription, CardHeader, CardTitle } from '@/components/ui/card-parts';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api';
import { useLocale } from '@/lib/locale';
import {
  addCalendar,
  calendarSyncKey,
  calendarSyncQuery,
  importedBusyQuery,
  removeCalendar,
  resetFeedLink,
  resumeCalendar,
} from './calendar-sync-api';

const MAX_CALENDARS = 5;
/** What a calendar's secret address looks like (the same in every language). */
const EXAMPLE_ADDRESS = 'https://calendar.google.com/calendar/ical/…/basic.ics';
/** Failed syncs in a row after which a calendar is paused (the server's rule). */
const MAX_FAILURES = 3;

/** A moment in the provider's zone, in words: '12/3/2026 at 9:00 AM'. */
function useWhen() {
  const { t } = useLingui();
  const locale = useLocale();
  return (iso: string, timeZone: string) => {
    const date = formatDateIn(new Date(iso), timeZone, locale);
    const time = formatTimeIn(new Date(iso), timeZone, locale);
    return t`${date} at ${time}`;
  };
}

export function CalendarSyncCard({ timeZone }: { timeZone: string }): JSX.Element {
  const { t } = useLingui();
  const when = useWhen();
  const query = useQuery(calendarSyncQuery);
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: calendarSyncKey });
  const [feedUrl, setFeedUrl] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');

  const reset = useMutation({
    mutationFn: resetFeedLink,
    onSuccess: (link) => {
      setFeedUrl(link.url);
      void refresh();
    },
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: t`Could not make a link`,
        description: errorMessage(error, t`Please try again.`),
      }),
  });
  const add = useMutation({
    mutationFn: addCalendar,
    onSuccess: () => {
      setName('');
      setUrl('');
      toast({ title: t`Calendar added`, description: t`Its busy times appear within a minute.` });
      void refresh();
    },
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: t`Could not add the calendar`,
        description: errorMessage(error, t`Please try again.`),
      }),
  });
  const remove = useMutation({
    mutationFn: removeCalendar,
    onSuccess: () => {
      toast({ title: t`Calendar removed` });
      void refresh();
    },
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: t`Could not remove the calendar`,
        description: errorMessage(error, t`Please try again.`),
      }),
  });

  const resume = useMutation({
    mutationFn: resumeCalendar,
    onSuccess: () => {
      toast({ title: t`Syncing again`, description: t`We read the calendar within a minute.` });
      void refresh();
    },
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: t`Could not resume the calendar`,
        description: errorMessage(error, t`Please try again.`),
      }),
  });

  const onAdd = (event: FormEvent) => {
    event.preventDefault();
    add.mutate({ name, url });
  };
  const copy = async () => {
    if (!feedUrl) return;
    try {
      await navigator.clipboard.writeText(feedUrl);
      toast({ title: t`Link copied` });
    } catch {
      toast({
        variant: 'destructive',
        title: t`Could not copy`,
        description: t`Select the link and copy it yourself.`,
      });
    }
  };

  const state = query.data;
  const calendars = state?.calendars ?? [];
  // A sync that finished changes the busy times shown in the week: read them again.
  const synced = calendars.map((c) => `${c.id}:${c.lastSyncedAt ?? ''}`).join(',');
  useEffect(() => {
    if (synced) void queryClient.invalidateQueries({ queryKey: [...calendarSyncKey, 'busy'] });
  }, [synced, queryClient]);

  return (
    <section aria-labelledby="calendar-sync-heading">
      <Card>
        <CardHeader>
          <CardTitle id="calendar-sync-heading" className="flex items-center gap-2">
            <CalendarSync aria-hidden="true" className="size-5" />
            <Trans>Calendar sync</Trans>
          </CardTitle>
          <CardDescription>
            <Trans>
              See your Locora bookings in Google, Apple or Outlook Calendar, and keep the times you are busy elsewhere
              out of your free times.
            </Trans>
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-6">
          {query.isError ? (
            <Alert variant="destructive">
              <AlertDescription className="flex flex-wrap items-center justify-between gap-3">
                <span>
                  <Trans>Could not load calendar sync.</Trans> {errorMessage(query.error, '')}
                </span>
                <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
                  <Trans>Try again</Trans>
                </Button>
              </AlertDescription>
            </Alert>
          ) : null}

          {state && state.overlaps.length > 0 ? (
            <Alert>
              <AlertTriangle aria-hidden="true" />
              <AlertTitle>
                <Trans>Bookings overlap busy times in your calendars</Trans>
              </AlertTitle>
              <AlertDescription>
                <p>
                  <Trans>These bookings stand. Move or cancel them if you cannot make it.</Trans>
                </p>
                <ul className="mt-1 list-disc pl-5" aria-label={t`Overlapping bookings`}>
                  {state.overlaps.map((o) => {
                    const title = o.title;
                    const at = when(o.start, timeZone);
                    const calendarNames = o.calendarNames.join(', ');
                    return (
                      <li key={o.bookingId}>
                        <Trans>
                          {title}, {at} (busy in {calendarNames})
                        </Trans>
                      </li>
                    );
                  })}
                </ul>
              </AlertDescription>
            </Alert>
          ) : null}

          <section aria-labelledby="feed-heading" className="flex flex-col gap-2">
            <h3 id="feed-heading" className="font-medium">
              <Trans>Your bookings in your calendar</Trans>
            </h3>
            <p className="text-sm text-muted-foreground">
              <Trans>
                Subscribe to this private address in your calendar app (“From URL” or “Subscribe to calendar”). Anyone
                with the link can see your bookings: we show it only once. Reset it to stop the old one.
              </Trans>
            </p>
            {feedUrl ? (
              <div className="flex flex-col gap-2 sm:flex-row">
                <Label htmlFor="feed-url" className="sr-only">
                  <Trans>Your private calendar link</Trans>
                </Label>
                <Input id="feed-url" readOnly value={feedUrl} onFocus={(e) => e.currentTarget.select()} />
                <Button type="button" variant="outline" onClick={() => void copy()}>
                  <Copy aria-hidden="true" />
                  <Trans>Copy link</Trans>
                </Button>
              </div>
            ) : null}
            <div>
              <Button
                type="button"
                variant="outline"
                disabled={reset.isPending || !state}
                onClick={() => reset.mutate()}
              >
                <RefreshCw aria-hidden="true" />
                {state?.feedCreatedAt ? t`Reset link` : t`Create link`}
              </Button>
              {state?.feedCreatedAt && !feedUrl ? (
                <p className="mt-1 text-xs text-muted-foreground">
                  <FeedMade at={when(state.feedCreatedAt, timeZone)} />
                </p>
              ) : null}
            </div>
          </section>

          <section aria-labelledby="imports-heading" className="flex flex-col gap-3">
            <h3 id="imports-heading" className="font-medium">
              <Trans>Busy times from your calendars</Trans>
            </h3>
            {query.isPending ? (
              <Skeleton className="h-16 w-full" />
            ) : calendars.length === 0 ? (
              <p className="text-sm text-muted-foreground">
                <Trans>No calendars yet.</Trans>
              </p>
            ) : (
              <ul className="flex flex-col gap-2" aria-label={t`Imported calendars`}>
                {calendars.map((c) => (
                  <CalendarRow
                    key={c.id}
                    calendar={c}
                    timeZone={timeZone}
                    isRemoving={remove.isPending}
                    onRemove={() => remove.mutate(c.id)}
                    isResuming={resume.isPending}
                    onResume={() => resume.mutate(c.id)}
                  />
                ))}
              </ul>
            )}
            {calendars.length < MAX_CALENDARS ? (
              <form onSubmit={onAdd} className="grid gap-2 sm:grid-cols-[12rem_1fr_auto] sm:items-end">
                <div className="flex flex-col gap-1">
                  <Label htmlFor="calendar-name">
                    <Trans>Name</Trans>
                  </Label>
                  <Input
                    id="calendar-name"
                    value={name}
                    maxLength={60}
                    required
                    placeholder={t`Work`}
                    onChange={(e) => setName(e.target.value)}
                  />
                </div>
                <div className="flex flex-col gap-1">
                  <Label htmlFor="calendar-url">
                    <Trans>Calendar address (https:// or webcal://)</Trans>
                  </Label>
                  <Input
                    id="calendar-url"
                    value={url}
                    required
                    inputMode="url"
                    placeholder={EXAMPLE_ADDRESS}
                    onChange={(e) => setUrl(e.target.value)}
                  />
                </div>
                <Button type="submit" disabled={add.isPending}>
                  <Trans>Add calendar</Trans>
                </Button>
              </form>
            ) : (
              <p className="text-sm text-muted-foreground">
                <Trans>You can import at most {MAX_CALENDARS} calendars.</Trans>
              </p>
            )}
            <p className="text-xs text-muted-foreground">
              <Trans>
                In Google Calendar: Settings, your calendar, “Secret address in iCal format”. We read it about every 15
                minutes and keep only when you are busy, never what the events are.
              </Trans>
            </p>
          </section>
        </CardContent>
      </Card>
    </section>
  );
}

function FeedMade({ at }: { at: string }) {
  return <Trans>Your current link was made {at}.</Trans>;
}

function CalendarRow({
  calendar: c,
  timeZone,
  isRemoving,
  onRemove,
  isResuming,
  onResume,
}: {
  calendar: CalendarImport;
  timeZone: string;
  isRemoving: boolean;
  onRemove: () => void;
  isResuming: boolean;
  onResume: () => void;
}) {
  const { t } = useLingui();
  const when = useWhen();
  const paused = c.pausedAt !== null;
  const lastSynced = c.lastSyncedAt ? when(c.lastSyncedAt, timeZone) : null;
  const lastErrorAt = c.lastErrorAt ? when(c.lastErrorAt, timeZone) : null;
  const busyCount = c.busyCount;
  const unreadableCount = c.unreadableCount;
  const name = c.name;
  const lastError = c.lastError;
  const retry = (
    <Trans>We try again in about 15 minutes. After {MAX_FAILURES} failed syncs in a row, we pause it.</Trans>
  );
  return (
    <li className="flex flex-col gap-2 rounded-md border p-3" data-testid="imported-calendar">
      <div className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-0.5 text-sm">
          <span className="font-medium">{c.name}</span>
          <span className="truncate text-xs text-muted-foreground" title={c.url}>
            {c.url}
          </span>
          <span>
            {lastSynced ? (
              <Plural
                value={busyCount}
                one={`Last synced ${lastSynced} · # busy time`}
                other={`Last synced ${lastSynced} · # busy times`}
              />
            ) : c.lastError ? (
              <Trans>Not synced yet</Trans>
            ) : (
              <Trans>Syncing…</Trans>
            )}
          </span>
          {c.lastSyncedAt && c.unreadableCount > 0 ? (
            <span className="text-amber-800 dark:text-amber-300" data-testid="unreadable-events">
              <Plural
                value={unreadableCount}
                one="# event could not be read. The rest of the calendar was: fix or delete that event in your calendar app."
                other="# events could not be read. The rest of the calendar was: fix or delete those events in your calendar app."
              />
            </span>
          ) : null}
          {c.notes.map((note) => (
            <span key={note} className="text-xs text-muted-foreground">
              {note}
            </span>
          ))}
          {c.lastError && !paused ? (
            <span className="text-destructive">
              {lastErrorAt ? (
                <Trans>
                  Last error ({lastErrorAt}): {lastError}.
                </Trans>
              ) : (
                <Trans>Last error: {lastError}.</Trans>
              )}{' '}
              <span className="text-muted-foreground">{retry}</span>
            </span>
          ) : null}
        </div>
        <Button
          variant="ghost"
          size="icon"
          className="shrink-0"
          aria-label={t`Remove ${name}`}
          disabled={isRemoving}
          onClick={onRemove}
        >
          <Trash2 aria-hidden="true" className="size-4" />
        </Button>
      </div>
      {paused ? (
        <Alert variant="destructive" data-testid="paused-calendar">
          <PauseCircle aria-hidden="true" />
          <AlertTitle>
            <Trans>Paused after {MAX_FAILURES} failed syncs in a row</Trans>
          </AlertTitle>
          <AlertDescription className="flex flex-col gap-2">
            {c.lastError ? <p>{c.lastError}.</p> : null}
            {lastErrorAt ? (
              <p>
                <Trans>Last tried {lastErrorAt}.</Trans>
              </p>
            ) : null}
            <p className="text-foreground">
              <Trans>
                Its busy times from the last good sync are kept. Fix what the error says in your calendar app, or check
                that the address still opens your calendar (in Google Calendar: Settings, your calendar, “Secret address
                in iCal format”), then resume syncing. Or remove this calendar.
              </Trans>
            </p>
            <div className="flex flex-wrap gap-2">
              <Button type="button" size="sm" variant="outline" disabled={isResuming} onClick={onResume}>
                <Play aria-hidden="true" />
                <Trans>Resume syncing</Trans>
              </Button>
              <Button type="button" size="sm" variant="ghost" disabled={isRemoving} onClick={onRemove}>
                <Trash2 aria-hidden="true" />
                <Trans>Remove calendar</Trans>
              </Button>
            </div>
          </AlertDescription>
        </Alert>
      ) : null}
    </li>
  );
}

/**
 * Busy times imported from the provider's own calendars, greyed in a day of the availability week
 * and labelled with the calendar's name (never an event's title). One query per week, shared by the
 * seven days.
 */
export function ImportedBusyChips({
  date,
  weekStart,
  timeZone,
}: {
  date: CalendarDate;
  weekStart: CalendarDate;
  timeZone: string;
}): JSX.Element | null {
  const { t } = useLingui();
  const from = zonedToUtc(weekStart, '00:00', timeZone).toISOString();
  const to = zonedToUtc(addCalendarDays(weekStart, 7), '00:00', timeZone).toISOString();
  const query = useQuery(importedBusyQuery(from, to));
  const dayStart = zonedToUtc(date, '00:00', timeZone).getTime();
  const dayEnd = zonedToUtc(addCalendarDays(date, 1), '00:00', timeZone).getTime();
  const busy = (query.data ?? []).filter((b) => Date.parse(b.start) < dayEnd && Date.parse(b.end) > dayStart);
  if (busy.length === 0) return null;
  const hhmm = (ms: number, edge: number) => (ms === edge ? null : utcToZoned(new Date(ms), timeZone).time);
  return (
    <ul className="flex flex-col gap-1" aria-label={t`Busy in your calendars on ${date}`}>
      {busy.map((b) => {
        const calendarName = b.calendarName;
        const start = Math.max(Date.parse(b.start), dayStart);
        const end = Math.min(Date.parse(b.end), dayEnd);
        const label =
          start === dayStart && end === dayEnd ? t`All day` : `${hhmm(start, -1)}-${hhmm(end, dayEnd) ?? '24:00'}`;
        return (
          <li
            key={`${b.calendarId}-${b.start}-${b.end}`}
            data-imported-busy
            className="flex flex-col rounded-md border border-dashed bg-muted px-2 py-1 text-sm text-muted-foreground"
          >
            <span className="font-medium tabular-nums">{label}</span>
            <span className="flex items-center gap-1 text-xs">
              <CalendarX2 aria-hidden="true" className="size-3" />
              <Trans>Busy · {calendarName}</Trans>
            </span>
          </li>
        );
      })}
    </ul>
  );
}
