import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openTestDatabase } from '../test/test-db.ts';
import { NOTIFY_MAX_PAYLOAD_BYTES } from './notify.ts';
import { openPostgres, type Database } from './open.ts';

const pgUrl = process.env.TEST_DATABASE_URL;

/** A listener that records what it receives. */
function recorder() {
  const got: string[] = [];
  return { got, fn: (payload: string) => void got.push(payload) };
}

/** Waits for an outcome (bounded only so a failure ends the test; nothing depends on the bound). */
const eventually = (assertion: () => void | Promise<void>) => vi.waitFor(assertion, { timeout: 15_000, interval: 20 });

describe('listen / notify', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('delivers a notification with its payload to a listener', async () => {
    const r = recorder();
    const stop = await database.listen('test_basic', r.fn);
    await database.notify('test_basic', 'hello');
    await database.notify('test_basic', '');
    await database.notify('test_basic', '{"id":"ünïcødé ✓"}');
    await eventually(() => expect(r.got).toEqual(['hello', '', '{"id":"ünïcødé ✓"}']));
    await stop();
  });

  it('never delivers a notification from a rolled-back transaction; delivers a committed one on commit', async () => {
    const r = recorder();
    const stop = await database.listen('test_tx', r.fn);
    await expect(
      database.db.transaction(async (tx) => {
        await database.notify('test_tx', 'rolled back', tx);
        tx.rollback();
      }),
    ).rejects.toThrow();
    let seenInside: string[] = ['not run'];
    await database.db.transaction(async (tx) => {
      await database.notify('test_tx', 'committed', tx);
      await tx.execute('select 1');
      seenInside = [...r.got];
    });
    expect(seenInside).toEqual([]);
    // Notifications arrive in commit order: once 'committed' is here, a rolled-back one would be too.
    await eventually(() => expect(r.got).toContain('committed'));
    expect(r.got).toEqual(['committed']);
    await stop();
  });

  it('stops delivering after unsubscribe, to that subscription only', async () => {
    const kept = recorder();
    const dropped = recorder();
    const lastOnChannel = recorder();
    const marker = recorder();
    await database.listen('test_unsub', kept.fn);
    const stopDropped = await database.listen('test_unsub', dropped.fn);
    const stopLast = await database.listen('test_unsub_last', lastOnChannel.fn);
    await database.listen('test_marker', marker.fn);

    await database.notify('test_unsub', 'before');
    await eventually(() => expect(dropped.got).toEqual(['before']));

    await stopDropped();
    await stopDropped(); // idempotent
    await stopLast();
    await database.notify('test_unsub', 'after');
    await database.notify('test_unsub_last', 'after');
    await database.notify('test_marker', 'end');
    // In commit order: by the time the marker arrives, the others would have been delivered.
    await eventually(() => expect(marker.got).toEqual(['end']));
    expect(kept.got).toEqual(['before', 'after']);
    expect(dropped.got).toEqual(['before']);
    expect(lastOnChannel.got).toEqual([]);
  });

  it('subscribes again after the last subscription on a channel ended', async () => {
    const first = recorder();
    const stop = await database.listen('test_again', first.fn);
    await stop();
    const second = recorder();
    await database.listen('test_again', second.fn);
    await database.notify('test_again', 'back');
    await eventually(() => expect(second.got).toEqual(['back']));
    expect(first.got).toEqual([]);
  });

  it('refuses unsafe channel names and oversized payloads with a clear error', async () => {
    for (const bad of ['Upper', 'a;drop table users', '"quoted"', '', '1abc', 'x'.repeat(64), 'a b', 'é']) {
      await expect(database.listen(bad, () => {})).rejects.toThrow(/Invalid notification channel/);
      await expect(database.notify(bad, 'x')).rejects.toThrow(/Invalid notification channel/);
    }
    await expect(database.notify('test_big', 'x'.repeat(8000))).rejects.toThrow(/is 8000 bytes; the limit is 7999/);
    // Counted in UTF-8 bytes, not characters.
    await expect(database.notify('test_big', 'é'.repeat(4000))).rejects.toThrow(/is 8000 bytes/);

    const r = recorder();
    await database.listen('test_big', r.fn);
    const largest = 'y'.repeat(NOTIFY_MAX_PAYLOAD_BYTES);
    await database.notify('test_big', largest);
    await eventually(() => expect(r.got).toEqual([largest]));
  });

  it('keeps delivering to other listeners when one throws, and reports the exception', async () => {
    const reported = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const r = recorder();
      await database.listen('test_throw', () => {
        throw new Error('listener bug');
      });
      await database.listen('test_throw', r.fn);
      await database.notify('test_throw', 'still here');
      await eventually(() => expect(r.got).toEqual(['still here']));
      await eventually(() =>
        expect(reported).toHaveBeenCalledWith(
          'A notification listener threw:',
          expect.objectContaining({ message: 'listener bug' }),
        ),
      );
    } finally {
      reported.mockRestore();
    }
  });
});

describe.runIf(pgUrl)('listen / notify across app instances (PostgreSQL)', () => {
  const name = `locora_test_notify_${randomBytes(6).toString('hex')}`;
  let admin: pg.Client;
  let instanceA: Database;
  let instanceB: Database;
  const listenerErrors: unknown[] = [];

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const u = new URL(pgUrl!);
    u.pathname = `/${name}`;
    instanceA = await openPostgres(u.toString(), 2);
    instanceB = await openPostgres(u.toString(), 2, {
      onListenerError: (err) => listenerErrors.push(err),
      // (The backoff only shortens the test; the assertions wait for outcomes.)
    });
  });
  afterAll(async () => {
    await instanceA?.close();
    await instanceB?.close();
    await admin?.query(`drop database if exists ${name} with (force)`);
    await admin?.end();
  });

  async function listenerPids(): Promise<number[]> {
    const res = await admin.query<{ pid: number }>(
      `select pid from pg_stat_activity where datname = $1 and application_name = 'locora-listener'`,
      [name],
    );
    return res.rows.map((r) => r.pid);
  }

  it('a notification sent by one instance reaches a listener on another', async () => {
    const r = recorder();
    await instanceB.listen('test_cross', r.fn);
    await instanceA.notify('test_cross', 'from A');
    await eventually(() => expect(r.got).toEqual(['from A']));
    // ... also when sent inside a committed transaction of the other instance.
    await instanceA.db.transaction((tx) => instanceA.notify('test_cross', 'from A in a transaction', tx));
    await eventually(() => expect(r.got).toEqual(['from A', 'from A in a transaction']));
  });

  it('reconnects after its connection is killed and keeps every subscription', async () => {
    const one = recorder();
    const two = recorder();
    await instanceB.listen('test_reconnect_one', one.fn);
    await instanceB.listen('test_reconnect_two', two.fn);
    await instanceA.notify('test_reconnect_one', 'before');
    await eventually(() => expect(one.got).toEqual(['before']));

    const before = await listenerPids();
    expect(before).toHaveLength(1);
    const killed = await admin.query<{ ok: boolean }>('select pg_terminate_backend($1) as ok', [before[0]]);
    expect(killed.rows[0]?.ok).toBe(true);

    // A new connection appears...
    await eventually(async () => {
      const now = await listenerPids();
      expect(now).toHaveLength(1);
      expect(now[0]).not.toBe(before[0]);
    });
    // ... and notifications sent from now on arrive on both channels (each try sends one more).
    await eventually(async () => {
      await instanceA.notify('test_reconnect_one', 'after');
      await instanceA.notify('test_reconnect_two', 'after');
      expect(one.got).toContain('after');
      expect(two.got).toContain('after');
    });
    expect(listenerErrors.length).toBeGreaterThan(0);
  });
});
