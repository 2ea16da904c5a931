import type { HardwareReport } from '../../contracts/node-protocol.schema.ts';
import { NODE_STATUS } from '../../contracts/node-status.ts';
import type { TrafficProfile } from '../../simulation/traffic.ts';

/** The demo account (docs/demo.md). The password is random per data folder and printed at every start. */
export const DEMO_EMAIL = 'demo@nodr.local';

const GB = 1_000_000_000;
const TB = 1_000 * GB;

export interface DemoNode {
  name: string;
  /** spec 4 status */
  status: number;
  /** a seeded configuration (server/db/seed.ts) */
  configId: number;
  /** what the node reported for its hardware check */
  report: HardwareReport;
  /** days since it was added */
  ageDays: number;
  /** hours since it was last seen: it reported the hardware above, so never 'Not yet' beside it */
  lastSeenHoursAgo: number;
  /** when it delivered traffic, in days ago: [35, 0) is the last 35 days up to now */
  trafficDaysAgo?: [number, number];
  profile?: TrafficProfile;
}

/** Days of statistics back-filled: the minute retention (35 days), enough for Day, Week and Month. */
export const BACKFILL_DAYS = 35;

/**
 * Three nodes in the three states a newcomer should see: one active with a passed check and traffic up to
 * now, one being configured whose check failed (RAM and bandwidth below its configuration: 'Misconfigured'), and one
 * inactive that delivered traffic until twelve days ago.
 */
export const DEMO_NODES: readonly [DemoNode, DemoNode, DemoNode] = [
  {
    name: 'Amsterdam edge',
    status: NODE_STATUS.active,
    configId: 2,
    report: { storage: 3.4 * TB, ram: 32 * GB, ip: '81.2.69.160', os: 10, bandwidth: 2_000_000_000 },
    ageDays: 36,
    // Its simulated agent reports every minute from the start (live-agent.ts).
    lastSeenHoursAgo: 0,
    trafficDaysAgo: [BACKFILL_DAYS, 0],
    profile: { seed: 2024, peakViewers: 190, bitrate: 4_500_000, utcOffsetHours: 1 },
  },
  {
    name: 'Frankfurt spare',
    status: NODE_STATUS.configuring,
    configId: 3,
    report: { storage: 9.1 * TB, ram: 32 * GB, ip: '81.2.69.161', os: 10, bandwidth: 1_000_000_000 },
    ageDays: 2,
    // It reported its hardware shortly after it was added, and has not been heard from since its check failed.
    lastSeenHoursAgo: 47,
  },
  {
    name: 'Warsaw office',
    status: NODE_STATUS.inactive,
    configId: 1,
    report: { storage: 720 * GB, ram: 16 * GB, ip: '81.2.69.162', os: 10, bandwidth: 1_000_000_000 },
    ageDays: 40,
    // Seen last when its traffic ended.
    lastSeenHoursAgo: 12 * 24,
    trafficDaysAgo: [BACKFILL_DAYS, 12],
    profile: { seed: 77, peakViewers: 60, bitrate: 3_500_000, utcOffsetHours: 1 },
  },
];
