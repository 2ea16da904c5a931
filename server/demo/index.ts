import type { FastifyInstance } from 'fastify';
import type { AgentClock } from '../../agent/clock.ts';
import { minuteOf } from '../../contracts/node-protocol.ts';
import { NODE_STATUS } from '../../contracts/node-status.ts';
import { boxed } from '../lib/boxed.ts';
import { backfillMinutes } from './backfill.ts';
import { hasUsers, lastStoredMinute, nodeOfLicense } from './demo.repository.ts';
import { BACKFILL_DAYS, DEMO_NODES } from './demo-data.ts';
import { startLiveAgent } from './live-agent.ts';
import { type DemoAccount, readDemoAccount, seedDemo } from './seed-demo.ts';

export interface RunningDemo {
  account: DemoAccount;
  /** true when this start created the demo */
  created: boolean;
  /** minutes of statistics written at this start, and how long that took */
  backfill: { minutes: number; ms: number };
  /** stops the live agent; call before closing the server */
  stop(): Promise<void>;
}

const DAY = 86_400;

/** The demo's account and nodes on an empty database, or the existing demo's; undefined for a non-demo database. */
async function prepare(app: FastifyInstance) {
  const { db, config, clock } = app.deps;
  if (!(await hasUsers(db))) {
    const { account, nodeIds } = await seedDemo(db, config, clock.now());
    return { account, created: true, nodeIds };
  }
  const account = readDemoAccount(config.dataDir);
  return account && { account, created: false, nodeIds: [] };
}

/**
 * Demo mode (docs/demo.md): on a database without users, creates the demo account with three nodes and back-fills
 * 35 days of statistics; on every start of a demo database, fills the active node's statistics up to now (the
 * minutes the server was stopped) and starts its simulated agent, so the Day chart moves. A database that was not
 * created by the demo is left alone.
 */
export async function startDemo(
  app: FastifyInstance,
  options: { agentClock?: AgentClock } = {},
): Promise<RunningDemo | undefined> {
  const { db, clock } = app.deps;
  const prepared = await prepare(app);
  if (!prepared) return undefined;
  const { account, created } = prepared;
  const started = performance.now();
  const nowMinute = minuteOf(clock.now().getTime());
  let minutes = 0;

  const active = await nodeOfLicense(db, account.licenseKey);
  const activeDemo = DEMO_NODES[0];
  if (created) {
    for (const [index, demo] of DEMO_NODES.entries()) {
      const nodeId = prepared.nodeIds[index];
      if (!demo.trafficDaysAgo || !demo.profile || nodeId === undefined) continue;
      const [fromDays, toDays] = demo.trafficDaysAgo;
      minutes += await backfillMinutes(
        db,
        nodeId,
        demo.profile,
        nowMinute - fromDays * DAY,
        nowMinute - toDays * DAY,
      );
    }
  } else if (active?.status === NODE_STATUS.active && activeDemo.profile) {
    // The minutes the server was stopped: the live agent only reports from now on.
    const last = await lastStoredMinute(db, active.id);
    const from = Math.max(nowMinute - BACKFILL_DAYS * DAY, (last ?? 0) + 60);
    minutes += await backfillMinutes(db, active.id, activeDemo.profile, from, nowMinute);
  }
  const backfill = { minutes, ms: Math.round(performance.now() - started) };

  // A deleted demo node has nothing to report; an inactive one still heartbeats (and reports once reactivated).
  const stop =
    active && active.status !== NODE_STATUS.deleted && activeDemo.profile
      ? await startLiveAgent(app, account.licenseKey, activeDemo.profile, nowMinute - 60, options.agentClock)
      : async () => {};
  return { account, created, backfill, stop };
}

/** The lines `npm start` prints for the demo. */
export function demoBanner(demo: RunningDemo): string {
  const what = demo.created
    ? `Demo created: 3 nodes, ${demo.backfill.minutes} minutes of statistics back-filled in ${(demo.backfill.ms / 1000).toFixed(1)} s.`
    : `Demo mode: the demo account from an earlier start (${demo.backfill.minutes} minutes filled in for the time the server was stopped).`;
  return boxed([
    what,
    'Sign in with the demo account (start with DEMO=0 to turn demo mode off):',
    `  e-mail:    ${demo.account.email}`,
    `  password:  ${demo.account.password}`,
  ]);
}
