import type { HardwareReport, TelemetryPoint } from '../contracts/node-protocol.schema.ts';
import { OS_CODE } from '../contracts/node-rules.ts';

/** The audience a simulated node serves. */
export interface TrafficProfile {
  /** makes two simulated nodes differ; the same seed and minute always give the same point */
  seed: number;
  /** viewers at the evening peak of an average weekday */
  peakViewers: number;
  /** average stream bitrate per viewer, bits per second */
  bitrate: number;
  /** the audience's offset from UTC, hours: the peak is at 21:00 local time */
  utcOffsetHours: number;
}

export const DEFAULT_PROFILE: TrafficProfile = {
  seed: 1,
  peakViewers: 180,
  bitrate: 4_500_000,
  utcOffsetHours: 1,
};

/**
 * A public IPv4 address for a simulated host: the host the agent runs on is usually behind NAT, and the
 * dashboard's check (rightly) refuses private addresses. Override with --ip.
 */
export const SIMULATED_IP = '81.2.69.160';

const GiB = 1024 ** 3;

/** A host that passes every available configuration's check (docs/agent.md, "--simulate"). */
export function simulatedHost(publicIp?: string): HardwareReport {
  return {
    storage: 12e12,
    ram: 128 * GiB,
    ip: publicIp ?? SIMULATED_IP,
    os: OS_CODE.linux,
    bandwidth: 10e9,
  };
}

/** A deterministic pseudo-random number in [0, 1) for (seed, n). */
function hash01(seed: number, n: number): number {
  let h = Math.imul(seed ^ 0x5bd1e995, 0x27d4eb2d) ^ Math.imul(n | 0, 0x9e3779b1);
  h = Math.imul(h ^ (h >>> 15), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return ((h ^ (h >>> 16)) >>> 0) / 4_294_967_296;
}

/** Smooth noise in [0, 1): random values at knots `period` apart, eased in between. */
function smoothNoise(seed: number, x: number): number {
  const knot = Math.floor(x);
  const t = x - knot;
  const eased = t * t * (3 - 2 * t);
  return hash01(seed, knot) * (1 - eased) + hash01(seed, knot + 1) * eased;
}

function bump(hour: number, centre: number, width: number): number {
  // Distance on the 24-hour circle, so the evening peak carries over midnight.
  const distance = Math.min(Math.abs(hour - centre), 24 - Math.abs(hour - centre));
  return Math.exp(-(distance * distance) / (2 * width * width));
}

/** The share of an average day's peak audience watching at a local hour: low at night, a small morning rise,
 * a midday plateau and the evening peak at 21:00. */
export function dailyCurve(localHour: number): number {
  return (
    0.08 + 0.2 * bump(localHour, 8, 1.5) + 0.3 * bump(localHour, 13.5, 3) + 0.9 * bump(localHour, 21, 2.5)
  );
}

// Indexed by day % 7, where day 0 (1970-01-01) was a Thursday: Thu, Fri, Sat, Sun, Mon, Tue, Wed.
const WEEKDAY_FACTOR = [1, 1.06, 1.15, 1.12, 0.97, 0.98, 1];

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/**
 * The simulated traffic of one minute, a pure function of its time and the profile (so the demo's back-filled
 * history and the live simulated agent draw the same curve). The parts add up: the node takes `input` bytes
 * from the CDN, viewers get `delivered` = input + peer-to-peer bytes, and the node's `uplink` is the peer-to-peer
 * part; the peer-to-peer share grows with the audience.
 */
export function simulatedMinute(ts: number, profile: TrafficProfile = DEFAULT_PROFILE): TelemetryPoint {
  const minute = Math.floor(ts / 60);
  const day = Math.floor(ts / 86_400);
  const localHour = (((ts / 3600 + profile.utcOffsetHours) % 24) + 24) % 24;
  const { seed } = profile;

  const audience =
    dailyCurve(localHour) *
    (WEEKDAY_FACTOR[((day % 7) + 7) % 7] ?? 1) *
    (0.9 + 0.2 * hash01(seed + 101, day)) *
    (0.88 + 0.24 * smoothNoise(seed + 202, minute / 20)) *
    (0.96 + 0.08 * hash01(seed + 303, minute));
  const viewers = Math.max(0, Math.round(profile.peakViewers * audience));
  const load = clamp(viewers / (profile.peakViewers * 1.2), 0, 1);

  const perViewer = profile.bitrate * (0.9 + 0.2 * smoothNoise(seed + 404, minute / 45));
  const delivered = Math.round((viewers * perViewer * 60) / 8);
  const p2pShare = clamp(
    0.2 + 0.45 * Math.sqrt(load) + 0.06 * (hash01(seed + 505, minute) - 0.5),
    0.05,
    0.85,
  );
  const input = Math.round(delivered * (1 - p2pShare));

  // Now and then a rough half hour (a congested upstream): quality dips for its duration.
  const dip = hash01(seed + 606, Math.floor(minute / 30)) < 0.02 ? 8 + 14 * hash01(seed + 707, minute) : 0;
  const quality = clamp(98.6 - 5 * load * load - 2.5 * smoothNoise(seed + 808, minute / 10) - dip, 0, 100);

  return {
    ts: minute * 60,
    uplink: delivered - input,
    delivered,
    input,
    viewers,
    quality: Math.round(quality * 10) / 10,
  };
}
