/**
 * The node protocol as the agent speaks it (docs/node-protocol.md). The agent is the protocol's reference client;
 * these shapes mirror what the server's node endpoints accept and answer.
 */

/** spec 3 OS codes. */
export const OS_CODES = { linux: 10, windows: 20, macos: 30 } as const;

/** Node status (spec 4): 1 being configured, 10 active, 20/30/40 inactive, 50 deleted. */
export const ACTIVE = 10;
export const CONFIGURING = 1;

/** Body of POST v1/check: what the host offers. */
export interface HardwareReport {
  /** free storage of the node's data folder, bytes */
  storage: number;
  /** total RAM, bytes */
  ram: number;
  /** the public IP address viewers reach the node on */
  ip: string;
  /** spec 3 OS code */
  os: number;
  /** bits per second */
  bandwidth: number;
}

interface Verdict {
  used: unknown;
  result: boolean;
}

/** Answer of POST v1/check: the check JSON of spec 3. */
export interface CheckAnswer {
  result: boolean;
  check_config_nodr: Record<'storage' | 'ram' | 'ip' | 'os' | 'bandwidth', Verdict>;
}

/** Answer of POST v1/heartbeat. */
export interface HeartbeatAnswer {
  status: number;
}

/** One minute of traffic (POST v1/telemetry). Bytes are totals for that minute. */
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

/** Answer of POST v1/telemetry. */
export interface TelemetryAnswer {
  accepted: number;
  duplicates: number;
}

/** The server takes at most a day of minutes per telemetry request. */
export const MAX_POINTS_PER_REQUEST = 1440;

/** Unix seconds of the start of the minute holding `ms`. */
export function minuteOf(ms: number): number {
  return Math.floor(ms / 60_000) * 60;
}
