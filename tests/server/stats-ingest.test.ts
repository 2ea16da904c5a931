import { generateKeyPairSync } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeRequestHeaders } from '../../contracts/node-signing.ts';
import { nodes, stat20m, statHour, statMinute } from '../../server/db/schema.ts';
import { createIngestService } from '../../server/statistics/ingest.service.ts';
import {
  createSignedInUser,
  type SignedInUser,
  startTestServer,
  type TestServer,
} from '../helpers/server.ts';
import {
  aggregate,
  buildRollups,
  createActiveNode,
  minutes,
  NOW_SECONDS,
  type TestNode,
} from '../helpers/telemetry.ts';

describe('telemetry ingest: POST /api/node/v1/telemetry', () => {
  let server: TestServer;
  let owner: SignedInUser;

  beforeAll(async () => {
    server = await startTestServer();
    server.clock.set(new Date(NOW_SECONDS * 1000));
    owner = await createSignedInUser(server);
  });
  afterAll(() => server.close());

  /** The node's rows once the rollup job has built the buckets of its minutes. */
  async function rollups(node: TestNode) {
    await buildRollups(server);
    return {
      minutes: await server.db
        .select()
        .from(statMinute)
        .where(eq(statMinute.nodeId, node.node.id))
        .orderBy(asc(statMinute.ts)),
      twenty: await server.db
        .select()
        .from(stat20m)
        .where(eq(stat20m.nodeId, node.node.id))
        .orderBy(asc(stat20m.ts)),
      hours: await server.db
        .select()
        .from(statHour)
        .where(eq(statHour.nodeId, node.node.id))
        .orderBy(asc(statHour.ts)),
    };
  }

  it('counts a minute once: repeats, overlaps and repeats inside a batch are duplicates', async () => {
    const node = await createActiveNode(server, owner.teamId);
    const points = minutes(NOW_SECONDS - 3600, 10);
    let response = await node.post({ points });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ accepted: 10, duplicates: 0, skipped: 0 });

    response = await node.post({ points });
    expect(response.json()).toEqual({ accepted: 0, duplicates: 10, skipped: 0 });

    const overlap = minutes(NOW_SECONDS - 3600 + 5 * 60, 10);
    response = await node.post({ points: overlap });
    expect(response.json()).toEqual({ accepted: 5, duplicates: 5, skipped: 0 });

    const late = minutes(NOW_SECONDS - 7200, 1)[0]!;
    response = await node.post({ points: [late, late, { ...late, uplink: 999 }] });
    expect(response.json()).toEqual({ accepted: 1, duplicates: 2, skipped: 0 });

    const stored = [late, ...points, ...overlap.slice(5)];
    const { minutes: rows, twenty, hours } = await rollups(node);
    expect(rows.map((row) => row.ts)).toEqual(stored.map((point) => point.ts));
    expect(rows[0]!.uplink).toBe(late.uplink);
    const sum = (list: { uplink: number }[]) => list.reduce((total, row) => total + row.uplink, 0);
    expect(sum(twenty)).toBe(sum(stored));
    expect(sum(hours)).toBe(sum(stored));
    expect(hours.reduce((total, row) => total + row.samples, 0)).toBe(16);
    for (const [ts, bucket] of aggregate(stored, 1200)) {
      expect(twenty.find((row) => row.ts === ts)).toMatchObject({
        uplink: bucket.uplink,
        delivered: bucket.delivered,
        input: bucket.input,
        viewersSum: bucket.viewersSum,
        samples: bucket.samples,
      });
    }
  });

  it('keeps the first report of a minute: a later report with other values changes nothing', async () => {
    const node = await createActiveNode(server, owner.teamId);
    const [point] = minutes(NOW_SECONDS - 600, 1);
    await node.post({ points: [point] });
    const response = await node.post({
      points: [{ ...point!, uplink: 1, delivered: 2, input: 3, viewers: 4, quality: 5 }],
    });
    expect(response.json()).toEqual({ accepted: 0, duplicates: 1, skipped: 0 });
    const { minutes: rows, twenty, hours } = await rollups(node);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      uplink: point!.uplink,
      viewers: point!.viewers,
      quality: point!.quality,
    });
    expect(twenty[0]).toMatchObject({ uplink: point!.uplink, samples: 1, viewersSum: point!.viewers });
    expect(hours[0]).toMatchObject({ uplink: point!.uplink, samples: 1, qualitySum: point!.quality });
  });

  it('never double counts concurrent overlapping batches of one node', async () => {
    const node = await createActiveNode(server, owner.teamId);
    const all = minutes(NOW_SECONDS - 86_400, 300);
    const options = { nowSeconds: NOW_SECONDS, minuteRetentionDays: 35 };
    const results = await Promise.all(
      [all.slice(0, 200), all.slice(100, 300).reverse(), all, all.slice(50, 150).reverse()].map((batch) =>
        createIngestService(server.app.deps).ingestTelemetry(node.node, batch, options),
      ),
    );
    expect(results.reduce((total, result) => total + result.accepted, 0)).toBe(300);
    const { twenty, hours } = await rollups(node);
    expect(twenty.reduce((total, row) => total + row.samples, 0)).toBe(300);
    expect(hours.reduce((total, row) => total + row.delivered, 0)).toBe(
      all.reduce((t, p) => t + p.delivered, 0),
    );
  });

  it('skips and counts points older than the minute retention or more than 5 minutes ahead', async () => {
    const node = await createActiveNode(server, owner.teamId);
    const oldest = NOW_SECONDS - 35 * 86_400;
    const points = [...minutes(oldest - 60, 2), ...minutes(NOW_SECONDS + 300, 2), ...minutes(NOW_SECONDS, 1)];
    const response = await node.post({ points });
    expect(response.json()).toEqual({ accepted: 3, duplicates: 0, skipped: 2 });
    expect((await rollups(node)).minutes.map((row) => row.ts)).toEqual([
      oldest,
      NOW_SECONDS,
      NOW_SECONDS + 300,
    ]);
  });

  it('refuses a timestamp inside a minute, an empty batch and more than 1440 points (400)', async () => {
    const node = await createActiveNode(server, owner.teamId);
    const [point] = minutes(NOW_SECONDS - 600, 1);
    for (const body of [
      { points: [{ ...point!, ts: point!.ts + 1 }] },
      { points: [] },
      { points: minutes(NOW_SECONDS - 86_400, 1441) },
    ]) {
      const response = await node.post(body);
      expect(response.statusCode).toBe(400);
    }
    expect((await node.post({ points: minutes(NOW_SECONDS - 86_400, 1440) })).json()).toMatchObject({
      accepted: 1440,
    });
  });

  it('only takes telemetry from an active node (409), and never from a deleted one (401)', async () => {
    for (const status of [1, 20, 30, 40]) {
      const node = await createActiveNode(server, owner.teamId, { status });
      const response = await node.post({ points: minutes(NOW_SECONDS - 600, 1) });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ error: 'node_not_active' });
    }
    const node = await createActiveNode(server, owner.teamId);
    await server.db.update(nodes).set({ status: 50 }).where(eq(nodes.id, node.node.id));
    const response = await node.post({ points: minutes(NOW_SECONDS - 600, 1) });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error: 'unknown_node' });
  });

  it('checks the signature and refuses replays like every node request', async () => {
    const node = await createActiveNode(server, owner.teamId);
    const body = JSON.stringify({ points: minutes(NOW_SECONDS - 600, 2) });
    const send = (headers: Record<string, string>, payload = body) =>
      server.app.inject({ method: 'POST', url: '/api/node/v1/telemetry', headers, payload });
    const now = server.clock.now().getTime();

    const unsigned = await send({ 'content-type': 'application/json' });
    expect(unsigned.json()).toMatchObject({ error: 'missing_signature' });

    const otherKey = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
    const forged = await send(nodeRequestHeaders(node.licenseKey, otherKey, body, now + 1));
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toMatchObject({ error: 'bad_signature' });

    const headers = nodeRequestHeaders(node.licenseKey, node.privateKey, body, now + 2);
    const tampered = await send(headers, body.replace('"uplink":1000000', '"uplink":9000000'));
    expect(tampered.json()).toMatchObject({ error: 'bad_signature' });

    const stale = await send(nodeRequestHeaders(node.licenseKey, node.privateKey, body, now - 6 * 60_000));
    expect(stale.json()).toMatchObject({ error: 'stale_timestamp' });

    expect((await send(headers)).statusCode).toBe(200);
    const replayed = await send(headers);
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json()).toMatchObject({ error: 'replayed' });
    expect((await rollups(node)).minutes).toHaveLength(2);
  });
});
