const MINUTE_MS = 60_000;

/**
 * The rate limits of the node endpoints (docs/node-protocol.md, "Limits"), counted in the database like the other
 * limits so that every replica counts against one. A refused request gets 429 `rate_limited` with `Retry-After`.
 *
 * - perLicence: signed requests of one node that passed the signature check, whatever the endpoint. The agent sends
 *   a heartbeat and a telemetry batch a minute (and a hardware check a minute while being configured); after an
 *   outage it sends its queue at once, at most 7 batches of 1440 minutes (its queue holds 7 days), and it retries a
 *   failed request after 1 s, 2 s, 4 s... Even with the shortest heartbeat it allows (1 s) it stays under 70 a
 *   minute. Only requests with a valid signature count, so nobody who merely knows a licence key can use up a node's
 *   allowance.
 * - badSignaturesPerIp: requests from one client address refused as `unknown_node` or `bad_signature`. The agent
 *   sends none unless its key or licence is wrong (after a reconfiguration), and then backs off to one request in
 *   5 minutes: about 10 in its first 10 minutes. Over the limit, every node request from that address is refused
 *   before any lookup or signature check until the window ends.
 */
export const NODE_LIMITS = {
  perLicence: { max: 120, windowMs: MINUTE_MS },
  badSignaturesPerIp: { max: 30, windowMs: 10 * MINUTE_MS },
} as const;
