import type { KeyObject } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { nodeRequestHeaders } from '../../contracts/node-signing.ts';
import { configs, nodes } from '../../server/db/schema.ts';
import { randomToken } from '../../server/lib/tokens.ts';
import { nodeDomain } from '../../server/nodes/nodes.service.ts';
import { parsePublicKey } from '../../server/nodes/public-key.ts';
import { buildClosedRollups, ROLLUP_DELAY_SECONDS } from '../../server/statistics/retention.ts';
import type { MinutePoint } from '../../server/statistics/stats.repository.ts';
import { newNodeKeys } from './nodes.ts';
import type { TestServer } from './server.ts';

export type NodeRow = typeof nodes.$inferSelect;

export interface TestNode {
  node: NodeRow;
  privateKey: KeyObject;
  publicKeyPem: string;
  licenseKey: string;
  /** Signed node-protocol headers for this raw body, with a timestamp newer than any this node sent before. */
  sign(rawBody: string): Record<string, string>;
  /** POSTs a JSON body to a node-protocol path (default v1/telemetry), signed; returns the inject response. */
  post(body: unknown, path?: string): Promise<LightMyRequestResponse>;
}

let counter = 0;

/**
 * A fixture: a node of `teamId` (status 10 unless given) with a fresh ECDSA P-256 key pair, written straight to the
 * database (bypassing the 3-node limit, as statistics tests need). The behaviour under test is then exercised over
 * HTTP with signed requests. tests/helpers/nodes.ts registers nodes through the API instead.
 */
export async function createActiveNode(
  server: TestServer,
  teamId: number,
  options: { status?: number; name?: string } = {},
): Promise<TestNode> {
  counter += 1;
  const { privateKey, publicKey } = newNodeKeys();
  const key = parsePublicKey(publicKey);
  const publicKeyPem = key.pem;
  const licenseKey = randomToken();
  const [config] = await server.db.select({ id: configs.id }).from(configs).limit(1);
  const [node] = await server.db
    .insert(nodes)
    .values({
      teamId,
      name: options.name ?? `Node ${counter}`,
      status: options.status ?? 10,
      configId: config!.id,
      publicKey: publicKeyPem,
      publicKeyFingerprint: key.fingerprint,
      licenseKey,
      domain: nodeDomain(licenseKey, server.config.nodrDomain),
    })
    .returning();
  let lastTimestamp = 0;
  const sign = (rawBody: string) => {
    // The replay guard wants every request newer than the last; the manual clock may not have moved.
    lastTimestamp = Math.max(server.clock.now().getTime(), lastTimestamp + 1);
    return nodeRequestHeaders(licenseKey, privateKey, rawBody, lastTimestamp);
  };
  return {
    node: node!,
    privateKey,
    publicKeyPem,
    licenseKey,
    sign,
    post(body, path = 'v1/telemetry') {
      const rawBody = typeof body === 'string' ? body : JSON.stringify(body);
      return server.app.inject({
        method: 'POST',
        url: `/api/node/${path}`,
        headers: sign(rawBody),
        payload: rawBody,
      });
    },
  };
}

/** A minute-aligned "now" for statistics tests: 2026-03-01T00:00:00Z. */
export const NOW_SECONDS = 1_772_323_200;

/** Deterministic minutes of a node: `count` minutes from `start`, values varying with the minute and `seed`. */
export function minutes(start: number, count: number, seed = 1): MinutePoint[] {
  return Array.from({ length: count }, (_, i) => ({
    ts: start + i * 60,
    uplink: 1_000_000 * seed + i * 7,
    delivered: 3_000_000 * seed + (i % 11) * 1_000,
    // Every 13th minute nothing came from the CDN: ratios must stay finite.
    input: i % 13 === 0 ? 0 : 1_000_000 + (i % 5) * 10,
    viewers: 10 * seed + (i % 7),
    quality: 50 + ((i * seed) % 50),
  }));
}

/** Sends points over the telemetry endpoint in batches of up to 1440, failing on anything but 200. */
export async function ingest(node: TestNode, points: readonly MinutePoint[], batch = 1440) {
  let accepted = 0;
  for (let offset = 0; offset < points.length; offset += batch) {
    const response = await node.post({ points: points.slice(offset, offset + batch) });
    if (response.statusCode !== 200)
      throw new Error(`ingest failed: ${response.statusCode} ${response.body}`);
    accepted += response.json<{ accepted: number }>().accepted;
  }
  return accepted;
}

/**
 * Runs the rollup job as it will have run once every bucket up to an hour after the server's clock closed: the
 * rollup tables then hold every bucket of the minutes stored (later minutes of those buckets are added on ingest).
 */
export function buildRollups(server: TestServer) {
  const later = server.clock.now().getTime() + (3600 + ROLLUP_DELAY_SECONDS) * 1000;
  return buildClosedRollups({ db: server.db, clock: { now: () => new Date(later) } });
}

export interface ExpectedBucket {
  uplink: number;
  delivered: number;
  input: number;
  viewersSum: number;
  qualitySum: number;
  samples: number;
}

/** Aggregates minutes into buckets of `width` seconds, the way the rollups must: the oracle of the tests. */
export function aggregate(points: readonly MinutePoint[], width: number): Map<number, ExpectedBucket> {
  const buckets = new Map<number, ExpectedBucket>();
  for (const point of points) {
    const ts = point.ts - (point.ts % width);
    const bucket = buckets.get(ts) ?? {
      uplink: 0,
      delivered: 0,
      input: 0,
      viewersSum: 0,
      qualitySum: 0,
      samples: 0,
    };
    bucket.uplink += point.uplink;
    bucket.delivered += point.delivered;
    bucket.input += point.input;
    bucket.viewersSum += point.viewers;
    bucket.qualitySum += point.quality;
    bucket.samples += 1;
    buckets.set(ts, bucket);
  }
  return buckets;
}
