import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { nodeRequestHeaders } from '../contracts/node-signing.ts';
import { buildApp } from '../server/app.ts';
import { testConfig } from '../server/config.ts';
import type { Db } from '../server/db/database.ts';
import { EventHub } from '../server/lib/events.ts';
import { createIngestService } from '../server/statistics/ingest.service.ts';
import type { MinutePoint } from '../server/statistics/stats.repository.ts';
import { freshDatabase } from '../tests/helpers/database.ts';
import { createBenchNode } from './bench-node.ts';
import { DAY, seedTeam } from './stats-seed.ts';

const PORT = 9121;
const NODES = Number(process.env.BENCH_INGEST_NODES ?? 4);
const BATCHES = Number(process.env.BENCH_INGEST_BATCHES ?? 30);
const BATCH = 1440;

const createNode = (db: Db, teamId: number) => createBenchNode(db, teamId, 'bench.example');

/** Batch `index` of a node: 1440 consecutive minutes, all inside the minute retention. */
function batch(first: number, index: number): MinutePoint[] {
  const start = first + index * BATCH * 60;
  return Array.from({ length: BATCH }, (_, i) => ({
    ts: start + i * 60,
    uplink: 40_000_000 + ((i * 7919) % 1_000_000),
    delivered: 90_000_000 + ((i * 104_729) % 1_000_000),
    input: 30_000_000 + ((i * 1299) % 1_000_000),
    viewers: 150 + (i % 100),
    quality: 70 + (i % 30),
  }));
}

const rate = (points: number, ms: number) =>
  `${Math.round(points / (ms / 1000)).toLocaleString('en-GB')} points/s`;

async function main(): Promise<void> {
  const database = await freshDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nodr-bench-'));
  const app = await buildApp({ config: testConfig({ port: PORT, dataDir }), database, logger: false });
  await app.listen({ port: PORT, host: '127.0.0.1' });
  try {
    const team = await seedTeam(database.db);
    const now = Math.floor(Date.now() / 60_000) * 60;
    const first = now - (BATCHES + 1) * DAY;
    const overHttp = await Promise.all(
      Array.from({ length: NODES }, () => createNode(database.db, team.teamId)),
    );
    const direct = await Promise.all(
      Array.from({ length: NODES }, () => createNode(database.db, team.teamId)),
    );
    // Bodies are built before the clock starts: the figure is the server's, not the JSON encoder's of the client.
    const bodies = Array.from({ length: BATCHES }, (_, index) =>
      JSON.stringify({ points: batch(first, index) }),
    );

    let accepted = 0;
    let started = performance.now();
    await Promise.all(
      overHttp.map(async (node) => {
        let timestamp = 0;
        for (const body of bodies) {
          // The replay rule: each request of a node newer than its last.
          timestamp = Math.max(Date.now(), timestamp + 1);
          const response = await fetch(`http://127.0.0.1:${PORT}/api/node/v1/telemetry`, {
            method: 'POST',
            headers: nodeRequestHeaders(node.licenseKey, node.privateKey, body, timestamp),
            body,
          });
          if (response.status !== 200)
            throw new Error(`telemetry ${response.status}: ${await response.text()}`);
          accepted += ((await response.json()) as { accepted: number }).accepted;
        }
      }),
    );
    const httpMs = performance.now() - started;
    console.info(
      `ingest (${database.kind}): endpoint, ${NODES} nodes x ${BATCHES} batches of ${BATCH}: ${accepted} points in ` +
        `${(httpMs / 1000).toFixed(2)} s = ${rate(accepted, httpMs)}`,
    );

    const batches = Array.from({ length: BATCHES }, (_, index) => batch(first, index));
    accepted = 0;
    started = performance.now();
    await Promise.all(
      direct.map(async (node) => {
        for (const points of batches) {
          const result = await createIngestService({ db: database.db, hub: new EventHub() }).ingestTelemetry(
            { id: node.id, teamId: team.teamId },
            points,
            {
              nowSeconds: now,
              minuteRetentionDays: 35,
            },
          );
          accepted += result.accepted;
        }
      }),
    );
    const directMs = performance.now() - started;
    console.info(
      `ingest (${database.kind}): service function, ${NODES} nodes x ${BATCHES} batches: ${accepted} points in ` +
        `${(directMs / 1000).toFixed(2)} s = ${rate(accepted, directMs)}`,
    );

    started = performance.now();
    const repeat = await createIngestService({ db: database.db, hub: new EventHub() }).ingestTelemetry(
      { id: direct[0]!.id, teamId: team.teamId },
      batches[0]!,
      {
        nowSeconds: now,
        minuteRetentionDays: 35,
      },
    );
    console.info(
      `ingest (${database.kind}): a repeated batch of ${BATCH} (all duplicates) in ${(performance.now() - started).toFixed(1)} ms` +
        ` (accepted ${repeat.accepted}, duplicates ${repeat.duplicates})`,
    );
  } finally {
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
