/**
 * The bodies of the node protocol (docs/node-protocol.md), one definition for the server's endpoints and for the
 * node agent, its reference client. The answer of POST v1/check is the check JSON (contracts/hardware-check.ts);
 * requests are signed as contracts/node-signing.ts says. The answers are TypeBox schemas in
 * contracts/node-protocol.schema.ts.
 */

import type { NodeVersions } from './node-versions.ts';

/** What the node's host offers, measured for the hardware check. */
export interface HardwareReport {
  /** free storage of the node's data folder, bytes */
  storage: number;
  /** RAM, bytes */
  ram: number;
  /** the host's public IPv4 or IPv6 address, the one viewers reach */
  ip: string;
  /** spec 3 OS code (contracts/node-rules.ts OS_CODE) */
  os: number;
  /** bits per second */
  bandwidth: number;
}

/** Body of POST v1/check: the host's hardware and the versions it runs (contracts/node-versions.ts). */
export type CheckBody = HardwareReport & NodeVersions;

/** Body of POST v1/heartbeat: the versions the node runs; an agent from before them sends `{}`. */
export type HeartbeatBody = NodeVersions;

/** One minute of one node's traffic (POST v1/telemetry). Bytes are totals for that minute. */
export interface TelemetryPoint {
  /** Unix seconds at the start of the minute (a multiple of 60) */
  ts: number;
  /** bytes the node uploaded (the peer-to-peer part) */
  uplink: number;
  /** bytes delivered to viewers (from the CDN plus peer-to-peer) */
  delivered: number;
  /** bytes taken from the CDN */
  input: number;
  /** viewers during the minute */
  viewers: number;
  /** quality index, 0 to 100 */
  quality: number;
}

/** At most a day of minutes per telemetry request: a node that was offline for a day catches up in one. */
export const MAX_POINTS_PER_REQUEST = 1440;

/** Unix seconds of the start of the minute holding `ms`: a telemetry point's `ts`. */
export function minuteOf(ms: number): number {
  return Math.floor(ms / 60_000) * 60;
}
