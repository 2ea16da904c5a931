/**
 * The node protocol as the agent speaks it (docs/node-protocol.md). The agent is the protocol's reference client;
 * these shapes mirror what the server's node endpoints accept and answer.
 */
import type { HardwareReport, TelemetryPoint } from '../server/node/protocol.ts';

export type { HardwareReport, TelemetryPoint };

/** spec 3 OS codes. */
export const OS_CODES = { linux: 10, windows: 20, macos: 30 } as const;

/** Node status (spec 4): 1 being configured, 10 active, 20/30/40 inactive, 50 deleted. */
export const ACTIVE = 10;
export const CONFIGURING = 1;

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
