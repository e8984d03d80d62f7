import { createContext, useContext, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { localDateOfCalendarDate, type CalendarDate } from '@shared/domain/calendar-date';
import { calendarDateIn } from '@shared/domain/zones';
import { browserTimeZone } from './time-zone';

/**
 * The viewer's zone and today. The server renders a page in the zone the browser told it last time
 * (the `tz` cookie; UTC on a first visit) and the page carries that clock; the browser hydrates
 * with the same clock, so dates and calendars match the HTML, then switches to its own zone.
 */
export interface ViewerClock {
  timeZone: string;
  today: CalendarDate;
}

export const VIEWER_ZONE_COOKIE = 'tz';

export function clockIn(timeZone: string, now = new Date()): ViewerClock {
  return { timeZone, today: calendarDateIn(now, timeZone) };
}

let browserClock: ViewerClock | undefined;

/** The browser's clock, the same object until the zone or the day changes. */
function readBrowserClock(): ViewerClock {
  const next = clockIn(browserTimeZone());
  if (!browserClock || browserClock.timeZone !== next.timeZone || browserClock.today !== next.today) {
    browserClock = next;
  }
  return browserClock;
}

/** Looks again every minute, so a page left open past midnight moves to the new day. */
function subscribe(onChange: () => void) {
  const timer = setInterval(onChange, 60_000);
  return () => clearInterval(timer);
}

const ViewerClockContext = createContext<ViewerClock | null>(null);

export function ViewerClockProvider({ initial, children }: { initial: ViewerClock | undefined; children: ReactNode }) {
  // Hydration uses the server's clock (getServerSnapshot), then React re-renders with the browser's.
  const clock = useSyncExternalStore(subscribe, readBrowserClock, () => initial ?? readBrowserClock());
  useEffect(() => {
    document.cookie = `${VIEWER_ZONE_COOKIE}=${encodeURIComponent(clock.timeZone)}; path=/; max-age=31536000; samesite=lax`;
  }, [clock.timeZone]);
  return <ViewerClockContext.Provider value={clock}>{children}</ViewerClockContext.Provider>;
}

/** The zone to show the viewer's own dates in. */
export function useViewerTimeZone(): string {
  return useContext(ViewerClockContext)?.timeZone ?? browserTimeZone();
}

/** The viewer's today as a local-midnight Date (for calendars). */
export function useViewerToday(): Date {
  const clock = useContext(ViewerClockContext);
  return localDateOfCalendarDate(clock?.today ?? calendarDateIn(new Date(), browserTimeZone()));
}
