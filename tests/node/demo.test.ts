import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentClock } from '../../agent/clock.ts';
import { BACKFILL_DAYS, DEMO_EMAIL, DEMO_NODES } from '../../server/demo/demo-data.ts';
import { demoBanner, type RunningDemo, startDemo } from '../../server/demo/index.ts';
import { simulatedMinute } from '../../simulation/traffic.ts';
import { form, startTestServer, type TestServer } from '../helpers/server.ts';
import { buildRollups } from '../helpers/telemetry.ts';

function rows<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

describe('demo mode', () => {
  let server: TestServer;
  let demo: RunningDemo | undefined;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await demo?.stop();
    await server?.close();
  });

  async function signIn(email: string, password: string) {
    const body = form({ login: email, password });
    return server.app.inject({ method: 'POST', url: '/auth/guest/auth', ...body });
  }

  it('creates the demo account, its three nodes and 35 days of consistent statistics on an empty database', async () => {
    demo = await startDemo(server.app);
    expect(demo?.created).toBe(true);
    const account = demo!.account;
    console.info(
      `demo back-fill: ${demo!.backfill.minutes} minutes in ${demo!.backfill.ms} ms (${server.database.kind})`,
    );
    expect(account.email).toBe(DEMO_EMAIL);
    expect(demoBanner(demo!)).toContain(`password:  ${account.password}`);
    const login = await signIn(account.email, account.password);
    expect(login.statusCode, login.body).toBe(200);
    const token = login.json().access_token as string;

    const me = await server.app.inject({
      method: 'GET',
      url: '/auth/v1/check',
      headers: { authorization: `Bearer ${token}` },
    });
    const teamId = me.json().TeamsRender[0].id as number;
    const list = await server.app.inject({
      method: 'POST',
      url: `/api/v1/nodres/team/${teamId}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(list.statusCode, list.body).toBe(200);
    const listed = (
      list.json() as { name: string; status: number; check: string; uptime: { month: number | null } }[]
    ).sort((a, b) => a.name.localeCompare(b.name));
    expect(listed.map((node) => [node.name, node.status, JSON.parse(node.check).result])).toEqual([
      ['Amsterdam edge', 10, true],
      ['Frankfurt spare', 1, false],
      ['Warsaw office', 20, true],
    ]);
    // The active node has been active (and online) since it was added: its card shows its uptime.
    expect(listed.map((node) => node.uptime.month)).toEqual([1, null, null]);
    const failed = JSON.parse(listed[1]!.check).check_config_nodr as Record<string, { result: boolean }>;
    expect(
      Object.entries(failed)
        .filter(([, verdict]) => !verdict.result)
        .map(([name]) => name),
    ).toEqual(['ram', 'bandwidth']);
    // Every demo node reported its hardware, so each was seen: the active one now, the inactive one when its traffic
    // ended (12 days ago), the one being configured when it reported, after it was added.
    const now = server.clock.now().getTime();
    const daysAgo = (node: unknown) =>
      (now - Date.parse((node as { lastSeenAt: string }).lastSeenAt)) / 86_400_000;
    expect(listed.map((node) => (node as unknown as { lastSeenAt: unknown }).lastSeenAt)).not.toContain(null);
    expect(daysAgo(listed[0])).toBeLessThan(1 / 24);
    expect(daysAgo(listed[1])).toBeGreaterThan(0);
    expect(daysAgo(listed[1])).toBeLessThan(DEMO_NODES[1].ageDays);
    expect(daysAgo(listed[2])).toBeCloseTo(12, 1);

    // Minutes: 35 days for the active node, days 35 to 12 ago for the inactive one; rollups, once the rollup job
    // built them, equal to the minutes.
    await buildRollups(server);
    const perNode = rows<{
      name: string;
      minutes: number;
      delivered: number;
      hourly: number;
      twenty: number;
    }>(
      await server.db.execute(sql`
        select n.name,
          (select count(*)::float8 from stat_minute m where m.node_id = n.id) as minutes,
          (select coalesce(sum(delivered), 0)::float8 from stat_minute m where m.node_id = n.id) as delivered,
          (select coalesce(sum(delivered), 0)::float8 from stat_hour h where h.node_id = n.id) as hourly,
          (select coalesce(sum(delivered), 0)::float8 from stat_20m t where t.node_id = n.id) as twenty
        from nodes n order by n.name`),
    );
    expect(perNode.map((node) => [node.name, node.minutes])).toEqual([
      ['Amsterdam edge', BACKFILL_DAYS * 1440],
      ['Frankfurt spare', 0],
      ['Warsaw office', (BACKFILL_DAYS - 12) * 1440],
    ]);
    for (const node of perNode) {
      expect(node.hourly).toBe(node.delivered);
      expect(node.twenty).toBe(node.delivered);
    }
    const samples = rows<{ minutes: number; hours: number }>(
      await server.db.execute(sql`select (select count(*)::float8 from stat_minute) as minutes,
        (select sum(samples)::float8 from stat_hour) as hours`),
    )[0];
    expect(samples?.hours).toBe(samples?.minutes);

    // The back-filled minutes are the simulated curve the live agent continues.
    const [latest] = rows<{ ts: number; delivered: number }>(
      await server.db.execute(sql`select ts::float8 as ts, delivered::float8 as delivered from stat_minute m
        join nodes n on n.id = m.node_id where n.name = 'Amsterdam edge' order by ts desc limit 1`),
    );
    expect(latest?.ts).toBe(Math.floor(server.clock.now().getTime() / 60_000) * 60 - 60);
    expect(latest?.delivered).toBe(simulatedMinute(latest!.ts, DEMO_NODES[0].profile).delivered);

    // The active node's private key stays in DATA_DIR/demo/, readable by the owner only.
    const keyFile = path.join(server.config.dataDir, 'demo', 'active-node.pem');
    expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600);
  });

  it('is idempotent: a second start keeps the account and fills only the minutes it was stopped', async () => {
    await demo?.stop();
    const before = rows<{ users: number; nodes: number; minutes: number }>(
      await server.db.execute(sql`select (select count(*)::float8 from users) as users,
        (select count(*)::float8 from nodes) as nodes, (select count(*)::float8 from stat_minute) as minutes`),
    )[0];
    server.clock.advance(30 * 60_000);
    demo = await startDemo(server.app);
    expect(demo?.created).toBe(false);
    expect(demo?.backfill.minutes).toBe(30);
    const after = rows<{ users: number; nodes: number; minutes: number }>(
      await server.db.execute(sql`select (select count(*)::float8 from users) as users,
        (select count(*)::float8 from nodes) as nodes, (select count(*)::float8 from stat_minute) as minutes`),
    )[0];
    expect(after).toEqual({ users: before!.users, nodes: before!.nodes, minutes: before!.minutes + 30 });
    expect(demoBanner(demo!)).toContain('from an earlier start');
  });

  it("runs the active node's simulated agent in-process: it signs its heartbeats and reports minute after minute", async () => {
    await demo?.stop();
    // The agent's clock is the server's test clock, moving a minute forward for every minute it sleeps.
    const agentClock: AgentClock = {
      now: () => server.clock.now().getTime(),
      sleep: async (ms, signal) => {
        if (signal?.aborted) return;
        server.clock.advance(Math.max(0, ms));
        await new Promise((resolve) => setTimeout(resolve, 5));
      },
    };
    const count = async () =>
      rows<{ minutes: number }>(
        await server.db.execute(sql`select count(*)::float8 as minutes from stat_minute m
          join nodes n on n.id = m.node_id where n.name = 'Amsterdam edge'`),
      )[0]!.minutes;
    const before = await count();
    demo = await startDemo(server.app, { agentClock });
    await expect.poll(count, { timeout: 20_000, interval: 100 }).toBeGreaterThanOrEqual(before + 5);
    await demo?.stop();
    const ts = rows<{ ts: number }>(
      await server.db.execute(sql`select ts::float8 as ts from stat_minute m join nodes n on n.id = m.node_id
        where n.name = 'Amsterdam edge' order by ts`),
    ).map((row) => row.ts);
    // No hole and no repeat between the back-fill and the live reports.
    expect(ts.every((value, index) => index === 0 || value - ts[index - 1]! === 60)).toBe(true);
  });

  it('leaves a database that was not created by the demo alone', async () => {
    const other = await startTestServer();
    try {
      await other.app.inject({
        method: 'POST',
        url: '/auth/guest/register',
        ...form({ login: 'a@example.com' }),
      });
      // Registration answers first and does its work after.
      await other.app.deps.mailer.drain();
      const [users] = rows<{ n: number }>(
        await other.db.execute(sql`select count(*)::float8 as n from users`),
      );
      expect(users?.n).toBe(1);
      expect(await startDemo(other.app)).toBeUndefined();
      const [nodes] = rows<{ n: number }>(
        await other.db.execute(sql`select count(*)::float8 as n from nodes`),
      );
      expect(nodes?.n).toBe(0);
    } finally {
      await other.close();
    }
  });
});
