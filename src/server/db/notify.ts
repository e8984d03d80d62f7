import type pg from 'pg';

/** What a listener receives: the notification's payload (an empty string when none was sent). */
export type NotificationHandler = (payload: string) => void;
/** Stops one subscription; when it was the channel's last, the connection stops listening. */
export type Unsubscribe = () => Promise<void>;

/** PostgreSQL refuses payloads of 8000 bytes or more (default configuration). */
export const NOTIFY_MAX_PAYLOAD_BYTES = 7999;

const CHANNEL_RE = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * Channels are lower-case identifiers (at most 63 characters): they go into LISTEN statements,
 * which cannot take parameters, and PostgreSQL folds unquoted names to lower case.
 */
export function requireChannel(channel: string): string {
  if (typeof channel !== 'string' || !CHANNEL_RE.test(channel)) {
    const shown = JSON.stringify(String(channel).slice(0, 80));
    throw new Error(
      `Invalid notification channel ${shown}: use a lower-case identifier (a-z, 0-9, _; not starting with a digit; at most 63 characters).`,
    );
  }
  return channel;
}

export function requirePayload(channel: string, payload: string): string {
  if (typeof payload !== 'string') throw new Error(`The payload of a notification on "${channel}" must be a string.`);
  const bytes = Buffer.byteLength(payload, 'utf8');
  if (bytes > NOTIFY_MAX_PAYLOAD_BYTES) {
    throw new Error(
      `The payload of a notification on "${channel}" is ${bytes} bytes; the limit is ${NOTIFY_MAX_PAYLOAD_BYTES}. Send an id and let listeners read the rest from the database.`,
    );
  }
  return payload;
}

/** Calls a listener outside the driver's own call stack, so a throwing listener cannot break it. */
export function deliver(fn: NotificationHandler, payload: string, onError: (err: unknown) => void) {
  queueMicrotask(() => {
    try {
      fn(payload);
    } catch (err) {
      onError(err);
    }
  });
}

/** Errors that mean the connection is gone (no SQLSTATE, or class 08/57), not a refused statement. */
function isConnectionError(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code)) return true;
  return code.startsWith('08') || code.startsWith('57');
}

/** Where an exception thrown by a listener goes by default: a listener bug must not pass silently. */
export function reportListenerError(err: unknown) {
  console.error('A notification listener threw:', err);
}

export type PgListenerOptions = {
  /** Called with connection errors; it reconnects by itself (default: ignored). */
  onError?: (err: unknown) => void;
  /** Called with exceptions thrown by listeners (default: console.error). */
  onHandlerError?: (err: unknown) => void;
  /** First reconnect delay and the cap it doubles up to, in milliseconds. */
  minBackoffMs?: number;
  maxBackoffMs?: number;
};

/**
 * LISTEN on PostgreSQL: one dedicated connection outside the pool (a pooled connection would be
 * handed to other queries and lose its LISTENs). When the connection drops, it reconnects with
 * exponential backoff and re-issues every LISTEN. Notifications sent while it is disconnected are
 * lost, as with any LISTEN: treat a notification as a hint and read the state from the database.
 */
export function createPgListener(connectionString: string, opts: PgListenerOptions = {}) {
  const onError = opts.onError ?? (() => {});
  const onHandlerError = opts.onHandlerError ?? reportListenerError;
  const minBackoff = opts.minBackoffMs ?? 100;
  const maxBackoff = opts.maxBackoffMs ?? 5000;
  const handlers = new Map<string, Set<NotificationHandler>>();
  let client: pg.Client | undefined;
  let connecting: Promise<pg.Client> | undefined;
  let closed = false;
  let retryTimer: NodeJS.Timeout | undefined;
  let wakeRetry: (() => void) | undefined;
  // LISTEN/UNLISTEN run one at a time so a quick unsubscribe-then-subscribe ends up listening.
  let queue: Promise<unknown> = Promise.resolve();
  const serially = <T>(fn: () => Promise<T>): Promise<T> => {
    const run = queue.then(fn);
    queue = run.catch(() => {});
    return run;
  };

  const quote = (channel: string) => `"${channel}"`;
  const deadClients = new WeakSet<pg.Client>();

  function lost(c: pg.Client) {
    deadClients.add(c);
    if (client === c) client = undefined;
    c.removeAllListeners('notification');
    void c.end().catch(() => {});
    if (!closed && handlers.size > 0) void ensureConnected().catch(() => {});
  }

  async function connectOnce(): Promise<pg.Client> {
    // Loaded on first use: a server on the embedded database never loads the PostgreSQL client.
    const { default: pgClient } = await import('pg');
    const c = new pgClient.Client({
      connectionString,
      application_name: 'locora-listener',
      keepAlive: true,
      connectionTimeoutMillis: 10_000,
    });
    c.on('error', (err) => {
      onError(err);
      lost(c);
    });
    c.on('end', () => lost(c));
    c.on('notification', (msg) => {
      const set = handlers.get(msg.channel);
      if (!set) return;
      for (const fn of [...set]) deliver(fn, msg.payload ?? '', onHandlerError);
    });
    try {
      await c.connect();
      for (const channel of [...handlers.keys()]) await c.query(`LISTEN ${quote(channel)}`);
    } catch (err) {
      c.removeAllListeners('end');
      await c.end().catch(() => {});
      throw err;
    }
    return c;
  }

  /** The live connection; (re)connects with backoff until it succeeds or the listener is closed. */
  function ensureConnected(): Promise<pg.Client> {
    if (client) return Promise.resolve(client);
    connecting ??= (async () => {
      let delay = minBackoff;
      try {
        for (;;) {
          if (closed) throw new Error('The notification listener is closed.');
          try {
            const c = await connectOnce();
            if (closed) {
              await c.end().catch(() => {});
              throw new Error('The notification listener is closed.');
            }
            if (!deadClients.has(c)) {
              client = c;
              return c;
            }
          } catch (err) {
            if (closed) throw err;
            onError(err);
          }
          await new Promise<void>((resolve) => {
            wakeRetry = resolve;
            retryTimer = setTimeout(resolve, delay * (0.5 + Math.random() / 2));
            retryTimer.unref();
          });
          delay = Math.min(delay * 2, maxBackoff);
        }
      } finally {
        connecting = undefined;
        wakeRetry = undefined;
      }
    })();
    return connecting;
  }

  /** Resolves once listening (waiting, while the database is unreachable, until it is back). */
  async function listen(channel: string, fn: NotificationHandler): Promise<Unsubscribe> {
    requireChannel(channel);
    if (closed) throw new Error('The notification listener is closed.');
    let set = handlers.get(channel);
    if (!set) handlers.set(channel, (set = new Set()));
    // A wrapper per subscription, so one function subscribed twice is two subscriptions, and
    // nothing is delivered once it has ended (even a notification already on its way).
    let active = true;
    const handler: NotificationHandler = (payload) => {
      if (active) fn(payload);
    };
    set.add(handler);
    try {
      await serially(async () => {
        for (;;) {
          const c = await ensureConnected();
          try {
            await c.query(`LISTEN ${quote(channel)}`);
            return;
          } catch (err) {
            if (!isConnectionError(err)) throw err;
            // The connection died under us: reconnect (which re-issues this LISTEN) and check again.
            lost(c);
          }
        }
      });
    } catch (err) {
      set.delete(handler);
      if (set.size === 0 && handlers.get(channel) === set) handlers.delete(channel);
      throw err;
    }
    return async () => {
      if (!active) return;
      active = false;
      const current = handlers.get(channel);
      current?.delete(handler);
      if (!current || current.size > 0) return;
      handlers.delete(channel);
      await serially(async () => {
        if (handlers.has(channel) || !client) return;
        await client.query(`UNLISTEN ${quote(channel)}`).catch(onError);
      });
    };
  }

  async function close() {
    closed = true;
    handlers.clear();
    if (retryTimer) clearTimeout(retryTimer);
    wakeRetry?.();
    await connecting?.catch(() => {});
    const c = client;
    client = undefined;
    if (c) {
      c.removeAllListeners('end');
      await c.end().catch(() => {});
    }
  }

  return { listen, close };
}
