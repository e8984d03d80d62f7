import http from 'node:http';

export type SseEvent = { id?: string; event: string; data: string };

/**
 * A minimal Server-Sent Events client for tests: connects to a listening app, parses the stream,
 * and lets a test wait for the next event that matches (no timing assertions: only a generous
 * timeout for a test that would otherwise hang).
 */
export async function openSse(baseUrl: string, opts: { cookies: Record<string, string>; lastEventId?: string }) {
  const events: SseEvent[] = [];
  const waiters: { match: (e: SseEvent) => boolean; resolve: (e: SseEvent) => void }[] = [];
  let consumed = 0;
  const comments: string[] = [];
  const cookie = Object.entries(opts.cookies)
    .map(([k, v]) => `${k}=${v}`)
    .join('; ');
  const req = http.get(`${baseUrl}/api/events`, {
    headers: {
      cookie,
      accept: 'text/event-stream',
      ...(opts.lastEventId ? { 'last-event-id': opts.lastEventId } : {}),
    },
  });
  const res = await new Promise<http.IncomingMessage>((resolve, reject) => {
    req.on('response', resolve);
    req.on('error', reject);
  });
  let buffer = '';
  res.setEncoding('utf8');
  res.on('data', (chunk: string) => {
    buffer += chunk;
    let cut;
    while ((cut = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      const e: SseEvent = { event: 'message', data: '' };
      let hasData = false;
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) {
          comments.push(line.slice(1).trim());
          continue;
        }
        const i = line.indexOf(':');
        const field = i < 0 ? line : line.slice(0, i);
        const value = i < 0 ? '' : line.slice(i + 1).replace(/^ /, '');
        if (field === 'id') e.id = value;
        else if (field === 'event') e.event = value;
        else if (field === 'data') {
          e.data = hasData ? `${e.data}\n${value}` : value;
          hasData = true;
        }
      }
      if (!hasData) continue;
      events.push(e);
      for (const w of [...waiters]) {
        if (w.match(e)) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve(e);
        }
      }
    }
  });

  return {
    status: res.statusCode,
    headers: res.headers,
    events,
    /** Comment lines received (heartbeats). */
    comments,
    /** The next event (after those already taken) of `type`, waiting for it if needed. */
    next(type: string, timeoutMs = 10_000): Promise<SseEvent> {
      for (let i = consumed; i < events.length; i++) {
        if (events[i]!.event === type) {
          consumed = i + 1;
          return Promise.resolve(events[i]!);
        }
      }
      consumed = events.length;
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no "${type}" event within ${timeoutMs} ms`)), timeoutMs);
        waiters.push({
          match: (e) => e.event === type,
          resolve: (e) => {
            clearTimeout(timer);
            consumed = events.indexOf(e) + 1;
            resolve(e);
          },
        });
      });
    },
    close() {
      req.destroy();
      res.destroy();
    },
  };
}
