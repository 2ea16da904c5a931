import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { BusHandlers, type BusMessage, type EventBus } from './event-bus.ts';

/** The channel every replica LISTENs on. */
export const BUS_CHANNEL = 'nodr_events';
/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more; a larger message is stored and its id sent. */
export const MAX_INLINE_PAYLOAD_BYTES = 7_900;
/** A stored message is read within moments by every replica; older ones are deleted as new ones are stored. */
const STORED_PAYLOAD_TTL = '1 minute';
const RECONNECT_FIRST_MS = 250;
const RECONNECT_MAX_MS = 10_000;

/**
 * The event bus of replicas on one PostgreSQL: publish is `pg_notify` on BUS_CHANNEL; each process
 * LISTENs on one dedicated connection (a pooled one could be handed to a query and lose the LISTEN), delivers what
 * it hears to its own subscribers, and hears its own messages the same way. A dropped connection is reopened with
 * backoff and LISTENs again; the messages it may have missed are answered with a local `resync`.
 */
export function createPgEventBus(connectionString: string, log: FastifyBaseLogger): EventBus {
  const handlers = new BusHandlers();
  // Publishing and reading stored messages: a small pool of its own, so the bus does not wait behind requests.
  const pool = new pg.Pool({ connectionString, max: 2 });
  pool.on('error', () => {});
  let listener: pg.Client | undefined;
  let closing = false;
  let retry: NodeJS.Timeout | undefined;
  let attempt = 0;
  // Both chains keep order: messages go out, and are delivered, in the order they were made.
  let sending = Promise.resolve();
  let receiving = Promise.resolve();

  async function send(message: BusMessage): Promise<void> {
    let payload = JSON.stringify(message);
    if (Buffer.byteLength(payload) > MAX_INLINE_PAYLOAD_BYTES) {
      const stored = await pool.query<{ id: number }>(
        `with gone as (delete from bus_payloads where created_at < now() - interval '${STORED_PAYLOAD_TTL}')
         insert into bus_payloads (payload) values ($1) returning id`,
        [payload],
      );
      payload = JSON.stringify({ ref: stored.rows[0]?.id });
    }
    await pool.query('select pg_notify($1, $2)', [BUS_CHANNEL, payload]);
  }

  async function decode(payload: string): Promise<BusMessage | undefined> {
    const parsed = JSON.parse(payload) as BusMessage | { ref: number };
    if (!('ref' in parsed)) return parsed;
    const stored = await pool.query<{ payload: string }>('select payload from bus_payloads where id = $1', [
      parsed.ref,
    ]);
    const row = stored.rows[0];
    return row ? (JSON.parse(row.payload) as BusMessage) : undefined;
  }

  function receive(payload: string | undefined): void {
    receiving = receiving
      .then(async () => {
        const message = payload === undefined ? undefined : await decode(payload);
        if (message) handlers.deliver(message);
      })
      .catch((error: unknown) => log.error({ err: error }, 'event bus: a message could not be delivered'));
  }

  async function listen(): Promise<void> {
    const client = new pg.Client({ connectionString, keepAlive: true });
    client.on('notification', (notification) => receive(notification.payload));
    client.on('error', (error) => dropped(client, error));
    client.on('end', () => dropped(client));
    await client.connect();
    await client.query(`listen ${BUS_CHANNEL}`);
    listener = client;
  }

  function dropped(client: pg.Client, error?: Error): void {
    if (listener !== client || closing) return;
    listener = undefined;
    log.warn({ err: error?.message }, 'event bus: connection lost, reconnecting');
    client.end().catch(() => {});
    reconnect();
  }

  function reconnect(): void {
    const delay = Math.min(RECONNECT_MAX_MS, RECONNECT_FIRST_MS * 2 ** attempt) * (0.5 + Math.random() / 2);
    attempt += 1;
    retry = setTimeout(() => {
      listen()
        .then(() => {
          attempt = 0;
          log.info('event bus: listening again');
          handlers.deliver({ kind: 'resync' });
        })
        .catch((error: Error) => {
          log.warn({ err: error.message }, 'event bus: reconnect failed');
          if (!closing) reconnect();
        });
    }, delay);
    retry.unref();
  }

  return {
    publish(message) {
      sending = sending
        .then(() => send(message))
        .catch((error: unknown) => log.error({ err: error }, 'event bus: a message could not be sent'));
    },
    subscribe: (handler) => handlers.subscribe(handler),
    start: listen,
    async close() {
      closing = true;
      clearTimeout(retry);
      await sending;
      await listener?.end().catch(() => {});
      await receiving;
      await pool.end();
    },
  };
}
