/**
 * Benchmark of the alert outbox's delivery (docs/alerts.md, Delivery): 20 webhook channels of one team, each
 * pointing at a local receiver that answers 200 at once, and MESSAGES node.offline messages waiting in
 * `alert_outbox`; then health sweep passes back to back until every message is sent. Prints messages per second
 * (signing, the POST, settling the message and logging the try included) and a pass's cost. A pass claims up to
 * 20 messages, so with its timer (every 5 s by default) one process sends at most 20 per interval; the rate
 * printed is what passes can do when they run back to back. Figures are printed, never asserted.
 *
 * Usage: `npm run bench:alerts` (PGlite in memory, then PostgreSQL too when DATABASE_URL is set).
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app.ts';
import { testConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/database.ts';
import { seedReferenceData } from '../server/db/seed.ts';
import { manualClock } from '../server/lib/clock.ts';
import { startReceiver } from '../tests/helpers/receiver.ts';

const CHANNELS = 20;
const MESSAGES = Number(process.env.MESSAGES ?? 1000);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function run(label: string, url: string | undefined, receiverUrl: string): Promise<void> {
  const database = await openDatabase({ url });
  await seedReferenceData(database.db);
  const clock = manualClock(new Date());
  const config = testConfig({
    webhookAllowPrivate: true,
    dataDir: `/tmp/nodr-bench-alerts-${process.pid}`,
  });
  const app = await buildApp({ config, database, clock, logger: false });
  try {
    const payload = JSON.stringify({
      type: 'node.offline',
      timestamp: clock.now().toISOString(),
      data: {
        team: { id: 1, name: 'Bench' },
        channel: { id: 1, name: 'Bench' },
        nodes: [{ id: 1, name: 'Bench 1', domain: 'b1.nodr.example', lastSeenAt: null, offlineSince: null }],
        text: 'NODR Bench 1 (b1.nodr.example) is offline.',
      },
    });
    await database.db.execute(sql`insert into teams (name) values ('Bench alerts')`);
    await database.db.execute(sql`
      insert into alert_channels (team_id, type, name, url, secret)
      select (select max(id) from teams), 'webhook', 'Bench ' || c, ${`${receiverUrl}/hook/`} || c,
        'whsec_' || encode(sha256(c::text::bytea), 'base64')
      from generate_series(1, ${CHANNELS}) c`);
    await database.db.execute(sql`
      insert into alert_outbox (channel_id, event, payload, next_attempt_at)
      select c.id, 'node.offline', ${payload}::jsonb, ${clock.now().toISOString()}::timestamptz
      from generate_series(1, ${MESSAGES}) m
        join alert_channels c on c.id = (select min(id) from alert_channels) + (m % ${CHANNELS})`);
    const passes: number[] = [];
    const start = performance.now();
    for (;;) {
      const pass = performance.now();
      await app.deps.health.sweep();
      passes.push(performance.now() - pass);
      const [left] = (
        (await database.db.execute(
          sql`select count(*)::int as n from alert_outbox where sent_at is null and gave_up_at is null`,
        )) as unknown as { rows: { n: number }[] }
      ).rows;
      if (!left || left.n === 0) break;
    }
    const seconds = (performance.now() - start) / 1000;
    const [sent] = (
      (await database.db.execute(
        sql`select count(*)::int as n from alert_deliveries where ok`,
      )) as unknown as { rows: { n: number }[] }
    ).rows;
    console.info(`\n${label}: ${MESSAGES} messages to ${CHANNELS} webhooks on 127.0.0.1`);
    console.info(
      `  delivered ${sent?.n} in ${seconds.toFixed(2)} s: ${((sent?.n ?? 0) / seconds).toFixed(0)} messages/s`,
    );
    console.info(
      `  ${passes.length} passes, median ${median(passes).toFixed(1)} ms each (up to 20 messages)`,
    );
  } finally {
    await app.close();
    await database.close();
  }
}

const receiver = await startReceiver();
try {
  await run('PGlite (in memory)', undefined, receiver.url);
  if (process.env.DATABASE_URL) await run('PostgreSQL', process.env.DATABASE_URL, receiver.url);
} finally {
  await receiver.close();
}
