import fs from 'node:fs/promises';
import type { TelemetryPoint } from '../contracts/node-protocol.schema.ts';
import { DEFAULT_PROFILE, simulatedMinute, type TrafficProfile } from '../simulation/traffic.ts';

/** Where the agent gets the traffic of the minutes that just ended. */
export interface TrafficSource {
  /**
   * The points for `minutes` (Unix seconds, oldest first, each a whole minute that has ended). A source may
   * return fewer points than minutes (e.g. when it has no reading yet).
   */
  collect(minutes: readonly number[]): Promise<TelemetryPoint[]>;
}

/** --simulate: realistic made-up traffic (simulation/traffic.ts). */
export function simulatedTraffic(profile: TrafficProfile = DEFAULT_PROFILE): TrafficSource {
  return { collect: async (minutes) => minutes.map((ts) => simulatedMinute(ts, profile)) };
}

/**
 * No counters configured: every minute is reported with no traffic, so the dashboard shows the node alive with
 * nothing delivered (and a quality index of 100: no viewer was served badly).
 */
export const zeroTraffic: TrafficSource = {
  collect: async (minutes) =>
    minutes.map((ts) => ({ ts, uplink: 0, delivered: 0, input: 0, viewers: 0, quality: 100 })),
};

/** The counters document the node software exposes (docs/agent.md, "Traffic counters"). */
export interface Counters {
  /** bytes uploaded by the node since it started (cumulative) */
  uplinkBytes: number;
  /** bytes delivered to viewers since it started (cumulative) */
  deliveredBytes: number;
  /** bytes taken from the CDN since it started (cumulative) */
  inputBytes: number;
  /** viewers now */
  viewers: number;
  /** quality index now, 0 to 100 */
  quality: number;
}

function parseCounters(text: string): Counters {
  const data = JSON.parse(text) as Record<string, unknown>;
  const keys = ['uplinkBytes', 'deliveredBytes', 'inputBytes', 'viewers', 'quality'] as const;
  for (const key of keys) {
    const value = data[key];
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
      throw new Error(`counter ${key} is missing or not a non-negative number`);
    }
  }
  return data as unknown as Counters;
}

/** Reads the counters document from an http(s) URL or a file path. */
export function readCountersFrom(location: string): () => Promise<Counters> {
  if (/^https?:\/\//.test(location)) {
    return async () => {
      const response = await fetch(location, { signal: AbortSignal.timeout(5_000) });
      if (!response.ok) throw new Error(`HTTP ${response.status} from ${location}`);
      return parseCounters(await response.text());
    };
  }
  return async () => parseCounters(await fs.readFile(location, 'utf8'));
}

/**
 * Real traffic from the node software's cumulative counters: the difference between two readings is the traffic
 * of the minute that just ended. The first reading only sets the baseline; a counter that went down means the node
 * software restarted, and its new value is the traffic since then.
 */
export function counterTraffic(
  read: () => Promise<Counters>,
  onError: (error: Error) => void,
): TrafficSource {
  let previous: Counters | undefined;
  const delta = (now: number, before: number) => (now < before ? now : now - before);
  return {
    async collect(minutes) {
      const last = minutes.at(-1);
      let reading: Counters;
      try {
        reading = await read();
      } catch (error) {
        onError(error as Error);
        return [];
      }
      const before = previous;
      previous = reading;
      if (!before || last === undefined) return [];
      return [
        {
          ts: last,
          uplink: Math.round(delta(reading.uplinkBytes, before.uplinkBytes)),
          delivered: Math.round(delta(reading.deliveredBytes, before.deliveredBytes)),
          input: Math.round(delta(reading.inputBytes, before.inputBytes)),
          viewers: Math.round(reading.viewers),
          quality: Math.min(100, reading.quality),
        },
      ];
    },
  };
}
