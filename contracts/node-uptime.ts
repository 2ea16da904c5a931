/**
 * Uptime history of a node (docs/architecture.md, Node health): the fraction of its active time it was online, over
 * the last 24 hours, 7 days and 30 days, and per UTC day over the last 30 days. Server and web app take the windows
 * from here; the body is a TypeBox schema in contracts/node-uptime.schema.ts.
 */

const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

/** The rolling windows of the answer, each ending now. */
export const UPTIME_WINDOWS_MS = { day: DAY_MS, week: 7 * DAY_MS, month: 30 * DAY_MS } as const;

/** How many UTC days the bar of the card shows, the last one being today so far. */
export const UPTIME_DAYS = 30;
