import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/open.ts';
import { AppError } from '../../http/errors.ts';
import { requireUser } from '../../http/session.ts';
import { latestUserEventId, readUserEvents } from '../../realtime/events.ts';
import type { EventHub } from '../../realtime/hub.ts';
import { countUnread } from './messages.ts';

/** Streams one user may hold open on one instance (tabs, devices); more are refused. */
export const MAX_STREAMS_PER_USER = 20;
/** A comment line this often keeps proxies from closing an idle stream (and re-reads the database). */
export const HEARTBEAT_MS = 25_000;
/**
 * When this instance shuts down, its streams end with this reconnection delay (plus up to as much
 * again at random, so the browsers of one instance do not all come back in the same instant).
 * EventSource reconnects by itself, through the balancer to another instance, with Last-Event-ID.
 */
export const SHUTDOWN_RETRY_MS = 1_000;
/** How long ids already sent are remembered, to drop events re-read for late commits. */
const SENT_MEMORY_MS = 120_000;

const lastEventIdSchema = z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

export type EventRoutesOptions = { db: Db; hub: EventHub; heartbeatMs?: number };

/**
 * GET /api/events: Server-Sent Events for the signed-in user (decision 017). Each event with an id
 * comes from user_events; a browser reconnecting with Last-Event-ID (EventSource does it by
 * itself) gets everything after it from the database. `unread` follows with the new total.
 */
export const eventRoutes: FastifyPluginAsyncZod<EventRoutesOptions> = async (
  app,
  { db, hub, heartbeatMs = HEARTBEAT_MS },
) => {
  const open = new Set<(reconnect?: boolean) => void>();
  app.addHook('preClose', async () => {
    for (const end of [...open]) end(true);
  });
  app.addHook('onClose', async () => hub.close());

  app.get(
    '/api/events',
    {
      schema: {
        tags: ['messages'],
        summary:
          'Server-Sent Events: message, read, booking (with ids; Last-Event-ID replays what was missed) and unread totals',
        querystring: z.object({ lastEventId: lastEventIdSchema.optional() }),
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      if (hub.countFor(user.id) >= MAX_STREAMS_PER_USER) {
        throw new AppError('RATE_LIMITED', 'Too many open event streams; close some tabs.');
      }
      const res = reply.raw;
      // The stream takes its slot and its close handler before the first await: parallel requests
      // cannot pass the cap together, and a client gone during the start frees the slot.
      let ended = false;
      let heartbeat: NodeJS.Timeout | undefined = undefined;
      let wake = () => {};
      const subscriber = { wake: () => wake() };
      const end = (reconnect = false) => {
        if (ended) return;
        ended = true;
        clearInterval(heartbeat);
        hub.remove(user.id, subscriber);
        open.delete(end);
        if (res.headersSent && !res.writableEnded) {
          if (reconnect) res.write(`retry: ${SHUTDOWN_RETRY_MS + Math.floor(Math.random() * SHUTDOWN_RETRY_MS)}\n\n`);
          res.end();
        }
      };
      hub.add(user.id, subscriber);
      open.add(end);
      res.on('close', () => end());
      const header = request.headers['last-event-id'];
      const fromHeader = typeof header === 'string' ? lastEventIdSchema.safeParse(header) : undefined;
      const given = fromHeader?.success ? fromHeader.data : request.query.lastEventId;

      let lastId: number;
      try {
        // Listen before choosing the start, so nothing committed in between is missed.
        await hub.ensureListening();
        lastId = given ?? (await latestUserEventId(db, user.id));
      } catch (err) {
        end();
        throw err;
      }
      const floor = lastId;
      const sent = new Map<number, number>();

      reply.hijack();
      if (ended || res.destroyed || request.raw.socket?.destroyed) {
        end();
        if (!res.destroyed) res.destroy();
        return;
      }
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(reply.getHeaders())) if (typeof v === 'string') headers[k] = v;
      res.writeHead(200, {
        ...headers,
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      res.write('retry: 3000\n\n');

      let pumping = false;
      let again = false;
      let firstPump = true;
      const pump = async () => {
        if (ended) return;
        if (pumping) {
          again = true;
          return;
        }
        pumping = true;
        try {
          do {
            again = false;
            const rows = await readUserEvents(db, user.id, lastId, { recentAbove: floor });
            let changed = false;
            for (const row of rows) {
              if (ended) return;
              if (sent.has(row.id)) continue;
              sent.set(row.id, Date.now());
              lastId = Math.max(lastId, row.id);
              res.write(`id: ${lastId}\nevent: ${row.type}\ndata: ${JSON.stringify(row.data)}\n\n`);
              changed = true;
            }
            if ((changed || firstPump) && !ended) {
              firstPump = false;
              const count = await countUnread(db, user.id);
              if (!ended) res.write(`event: unread\ndata: ${JSON.stringify({ count })}\n\n`);
            }
          } while (again && !ended);
        } catch (err) {
          // The database hiccupped: the next notification or heartbeat reads again.
          request.log.warn({ err }, 'event stream read failed');
        } finally {
          pumping = false;
        }
      };
      wake = () => void pump();

      heartbeat = setInterval(() => {
        if (ended) return;
        res.write(': ping\n\n');
        const old = Date.now() - SENT_MEMORY_MS;
        for (const [id, at] of sent) if (at < old) sent.delete(id);
        // A notification lost while the listener reconnected is picked up here.
        void pump();
      }, heartbeatMs);
      heartbeat.unref();

      request.raw.on('close', () => end());
      await pump();
    },
  );
};
