import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/database.ts';
import type { BusMessage, EventBus } from '../../server/lib/event-bus.ts';
import { BUS_CHANNEL, createPgEventBus, MAX_INLINE_PAYLOAD_BYTES } from '../../server/lib/pg-event-bus.ts';

/** The PostgreSQL bus between two processes' worth of buses on one throwaway database. */
const adminUrl = process.env.DATABASE_URL;
const silent = { info() {}, warn() {}, error() {} } as unknown as FastifyBaseLogger;

async function until(check: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the PostgreSQL event bus', () => {
  let name: string;
  let url: string;
  let admin: pg.Client;
  const buses: EventBus[] = [];
  const heard: BusMessage[][] = [[], []];

  beforeAll(async () => {
    if (!adminUrl)
      throw new Error('The cluster tests need DATABASE_URL (bash scripts/with-postgres.sh ...).');
    name = `bus_${randomBytes(6).toString('hex')}`;
    admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const parsed = new URL(adminUrl);
    parsed.pathname = `/${name}`;
    url = parsed.toString();
    // The tables (bus_payloads) come with the migrations.
    await (await openDatabase({ url })).close();
    for (const i of [0, 1]) {
      const bus = createPgEventBus(url, silent);
      await bus.start();
      bus.subscribe((message) => heard[i]!.push(message));
      buses.push(bus);
    }
  });

  afterAll(async () => {
    await Promise.all(buses.map((bus) => bus.close()));
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  const clear = () => {
    for (const list of heard) list.length = 0;
  };

  it('delivers a message to every process, the publisher included', async () => {
    clear();
    buses[0]!.publish({ kind: 'event', teamId: 7, value: 10 });
    await until(() => heard.every((list) => list.length === 1));
    expect(heard).toEqual([
      [{ kind: 'event', teamId: 7, value: 10 }],
      [{ kind: 'event', teamId: 7, value: 10 }],
    ]);
  });

  it('carries a message over the NOTIFY size limit by id, in order with small ones', async () => {
    clear();
    const sessionIds = Array.from({ length: 3_000 }, (_, i) => 1_000_000 + i);
    expect(JSON.stringify(sessionIds).length).toBeGreaterThan(MAX_INLINE_PAYLOAD_BYTES);
    const sent: BusMessage[] = [
      { kind: 'stats', nodeIds: [1] },
      { kind: 'revoke', sessionIds },
      { kind: 'stats', nodeIds: [2] },
    ];
    for (const message of sent) buses[1]!.publish(message);
    await until(() => heard.every((list) => list.length === 3));
    expect(heard[0]).toEqual(sent);
    expect(heard[1]).toEqual(sent);
  });

  it('hears its own channel only', async () => {
    clear();
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    await db.query(`select pg_notify('other_channel', '{"kind":"stats","nodeIds":[9]}')`);
    await db.query('select pg_notify($1, $2)', [BUS_CHANNEL, '{"kind":"stats","nodeIds":[3]}']);
    await db.end();
    await until(() => heard.every((list) => list.length === 1));
    expect(heard[0]).toEqual([{ kind: 'stats', nodeIds: [3] }]);
  });

  it('listens again after its connection is killed, and tells its process to resync', async () => {
    clear();
    const killed = await admin.query(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and query ilike 'listen %'`,
      [name],
    );
    expect(killed.rowCount).toBe(2);
    await until(() => heard.every((list) => list.some((message) => message.kind === 'resync')), 15_000);
    buses[0]!.publish({ kind: 'event', teamId: 8, value: 30 });
    await until(() => heard.every((list) => list.some((message) => message.kind === 'event')));
    for (const list of heard) expect(list.filter((message) => message.kind === 'event')).toHaveLength(1);
  });
});
