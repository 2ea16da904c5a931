/**
 * The limits and helpers of the node protocol (docs/node-protocol.md), for the server's endpoints and for the node
 * agent, its reference client. Its bodies, requests and answers, are TypeBox schemas in
 * contracts/node-protocol.schema.ts; the answer of POST v1/check is the check JSON (contracts/hardware-check.ts);
 * requests are signed as contracts/node-signing.ts says.
 */

/** At most a day of minutes per telemetry request: a node that was offline for a day catches up in one. */
export const MAX_POINTS_PER_REQUEST = 1440;

/** Unix seconds of the start of the minute holding `ms`: a telemetry point's `ts`. */
export function minuteOf(ms: number): number {
  return Math.floor(ms / 60_000) * 60;
}
