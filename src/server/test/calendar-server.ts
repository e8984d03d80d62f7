/**
 * A local HTTP server standing in for providers' calendar hosts (Google, Apple, Outlook) in tests:
 * each path answers with a calendar, an error status, a redirect, a slow answer or a huge body.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type CalendarRoute = {
  status?: number;
  body?: string;
  type?: string;
  /** Waits this long before answering. */
  delayMs?: number;
  /** Answers 302 to this location. */
  location?: string;
  /** Streams this many bytes of a calendar-looking body (a huge calendar). */
  bytes?: number;
};

export type CalendarServer = Awaited<ReturnType<typeof startCalendarServer>>;

export async function startCalendarServer(routes: Record<string, CalendarRoute> = {}) {
  const hits: string[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    hits.push(path);
    const route = routes[path];
    if (!route) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    const answer = () => {
      if (res.destroyed) return;
      if (route.location) {
        res.writeHead(302, { location: route.location }).end();
        return;
      }
      if (route.bytes) {
        res.writeHead(200, { 'content-type': 'text/calendar' });
        const line = Buffer.from(`X-FILLER:${'x'.repeat(1000)}\r\n`);
        let sent = 0;
        const pump = () => {
          while (sent < route.bytes! && !res.destroyed) {
            sent += line.length;
            if (!res.write(line)) {
              res.once('drain', pump);
              return;
            }
          }
          res.end();
        };
        res.write('BEGIN:VCALENDAR\r\n');
        pump();
        return;
      }
      res.writeHead(route.status ?? 200, { 'content-type': route.type ?? 'text/calendar; charset=utf-8' });
      res.end(route.body ?? '');
    };
    if (route.delayMs) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        answer();
      }, route.delayMs);
      timers.add(timer);
    } else answer();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    hits,
    routes,
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    async close() {
      for (const t of timers) clearTimeout(t);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Lines joined with CRLF, as iCalendar files are written. */
export const ics = (...lines: string[]) => `${lines.join('\r\n')}\r\n`;
