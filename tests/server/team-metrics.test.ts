import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiTokenScope } from '../../contracts/api-tokens.ts';
import { minuteOf } from '../../contracts/node-protocol.ts';
import { NODE_STATUS } from '../../contracts/node-status.ts';
import { apiTokens, nodes } from '../../server/db/schema.ts';
import { hashToken, randomToken } from '../../server/lib/tokens.ts';
import {
  createSignedInUser,
  type SignedInUser,
  startTestServer,
  type TestServer,
} from '../helpers/server.ts';
import { createActiveNode, type TestNode } from '../helpers/telemetry.ts';

let server: TestServer;
let admin: SignedInUser;
let outsider: SignedInUser;
let busy: TestNode;
let quiet: TestNode;
let inactive: TestNode;
let deleted: TestNode;
let foreign: TestNode;

/** A token written straight to the database: creating one through HTTP asks for the password. */
async function issueToken(user: SignedInUser, scope: ApiTokenScope): Promise<string> {
  const token = `nodr_${randomToken()}`;
  await server.db.insert(apiTokens).values({
    userId: user.userId,
    teamId: user.teamId,
    name: 'Prometheus',
    scope,
    tokenHash: hashToken(token),
  });
  return token;
}

function scrape(teamId: number, authorization?: string) {
  return server.app.inject({
    method: 'GET',
    url: `/api/v1/teams/${teamId}/metrics`,
    headers: authorization === undefined ? {} : { authorization },
  });
}

/** The sample lines of a family, without its HELP and TYPE lines. */
function samples(text: string, name: string): string[] {
  return text.split('\n').filter((line) => line.startsWith(`${name}{`));
}

const point = (ts: number, seed: number) => ({
  ts,
  uplink: 600_000 * seed,
  delivered: 1_200_000 * seed,
  input: 300_000 * seed,
  viewers: 40 * seed,
  quality: 87.5,
});

beforeAll(async () => {
  server = await startTestServer();
  admin = await createSignedInUser(server);
  outsider = await createSignedInUser(server);
  busy = await createActiveNode(server, admin.teamId, { name: 'Frankfurt 1' });
  quiet = await createActiveNode(server, admin.teamId, { name: 'a"b\\c\nd' });
  inactive = await createActiveNode(server, admin.teamId, { status: NODE_STATUS.inactive, name: 'Paused' });
  deleted = await createActiveNode(server, admin.teamId, { name: 'Gone' });
  foreign = await createActiveNode(server, outsider.teamId, { name: 'Not yours' });
  const minute = minuteOf(server.clock.now().getTime());
  // The busy node's newest minute is the one shown; the quiet node's only minute is too old to be its traffic now.
  const sent = await busy.post({ points: [point(minute - 180, 1), point(minute - 120, 2)] });
  expect(sent.statusCode).toBe(200);
  expect((await quiet.post({ points: [point(minute - 20 * 60, 5)] })).statusCode).toBe(200);
  expect((await foreign.post({ points: [point(minute - 120, 3)] })).statusCode).toBe(200);
  expect((await deleted.post({ points: [point(minute - 120, 3)] })).statusCode).toBe(200);
  await server.db.update(nodes).set({ status: NODE_STATUS.deleted }).where(eq(nodes.id, deleted.node.id));
});

afterAll(async () => {
  await server.close();
});

describe('GET /api/v1/teams/{teamId}/metrics', () => {
  it("answers a read-only token of the team with every live node's series in Prometheus text", async () => {
    const response = await scrape(admin.teamId, `Bearer ${await issueToken(admin, 'read')}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    const text = response.body;
    const busyLabels = `{node_id="${busy.node.id}",name="Frankfurt 1"}`;
    const quietLabels = `{node_id="${quiet.node.id}",name="a\\"b\\\\c\\nd"}`;
    const pausedLabels = `{node_id="${inactive.node.id}",name="Paused"}`;
    expect(samples(text, 'nodr_node_up')).toEqual([
      `nodr_node_up${busyLabels} 1`,
      `nodr_node_up${quietLabels} 1`,
      `nodr_node_up${pausedLabels} 0`,
    ]);
    const seen = Math.floor(server.clock.now().getTime() / 1000);
    expect(samples(text, 'nodr_node_last_seen_seconds')).toEqual([
      `nodr_node_last_seen_seconds${busyLabels} ${seen}`,
      `nodr_node_last_seen_seconds${quietLabels} ${seen}`,
    ]);
    // The newest minute (seed 2): bytes in a minute × 8 / 60 s.
    expect(samples(text, 'nodr_node_uplink_bits_per_second')).toEqual([
      `nodr_node_uplink_bits_per_second${busyLabels} 160000`,
    ]);
    expect(samples(text, 'nodr_node_delivered_bits_per_second')).toEqual([
      `nodr_node_delivered_bits_per_second${busyLabels} 320000`,
    ]);
    expect(samples(text, 'nodr_node_input_bits_per_second')).toEqual([
      `nodr_node_input_bits_per_second${busyLabels} 80000`,
    ]);
    expect(samples(text, 'nodr_node_quality_index')).toEqual([`nodr_node_quality_index${busyLabels} 87.5`]);
    expect(samples(text, 'nodr_node_viewers')).toEqual([`nodr_node_viewers${busyLabels} 80`]);
    expect(text).toContain('# TYPE nodr_node_up gauge\n');
    expect(text).not.toMatch(/Gone|Not yours/);
  });

  it('keeps a name with quotes, backslashes and a line break on one well-formed sample line', async () => {
    const text = (await scrape(admin.teamId, admin.headers.authorization)).body;
    expect(text.endsWith('\n')).toBe(true);
    const label = String.raw`"(?:[^"\\\n]|\\["\\n])*"`;
    const sample = new RegExp(`^nodr_[a-z_]+\\{node_id="\\d+",name=${label}\\} -?[0-9.e+]+$`);
    for (const line of text.trimEnd().split('\n')) {
      if (!line.startsWith('#')) expect(line).toMatch(sample);
    }
    expect(text.split('\n').filter((line) => line.includes(`node_id="${quiet.node.id}"`))).toHaveLength(2);
  });

  it('answers a read-and-write token and a member session too', async () => {
    expect((await scrape(admin.teamId, `Bearer ${await issueToken(admin, 'write')}`)).statusCode).toBe(200);
    expect((await scrape(admin.teamId, admin.headers.authorization)).statusCode).toBe(200);
  });

  it("refuses another team's token and member with 403, and no credentials with 401", async () => {
    const other = await scrape(admin.teamId, `Bearer ${await issueToken(outsider, 'read')}`);
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    expect((await scrape(admin.teamId, outsider.headers.authorization)).statusCode).toBe(403);
    const none = await scrape(admin.teamId);
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ error: 'unauthorized' });
  });

  it('has every series the team Grafana dashboard queries', async () => {
    const dashboard = fs.readFileSync(
      new URL('../../docs/grafana-team-dashboard.json', import.meta.url),
      'utf8',
    );
    const queried = new Set(dashboard.match(/\bnodr_[a-z0-9_]+/g));
    expect(queried.size).toBe(7);
    const text = (await scrape(admin.teamId, admin.headers.authorization)).body;
    for (const name of queried) expect(text, name).toMatch(new RegExp(`^${name}\\{`, 'm'));
  });

  it('answers an empty text for a team without nodes', async () => {
    const lonely = await createSignedInUser(server);
    const response = await scrape(lonely.teamId, lonely.headers.authorization);
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('');
  });
});
