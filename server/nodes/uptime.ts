import type { NodeUptime } from '../../contracts/node-uptime.schema.ts';
import { DAY_MS, UPTIME_DAYS, UPTIME_WINDOWS_MS } from '../../contracts/node-uptime.ts';

/** A node became active (status 10) or left it; times are Unix milliseconds. */
export interface ActivityChange {
  at: number;
  active: boolean;
}

/** A recorded health transition (node_health_transitions). */
export interface HealthChange {
  at: number;
  online: boolean;
}

/** What uptime is computed from: each list in the order it happened. */
export interface UptimeHistory {
  activity: readonly ActivityChange[];
  health: readonly HealthChange[];
}

/** Milliseconds of a span the node was active, and of those, online. */
export interface UptimeTime {
  onlineMs: number;
  activeMs: number;
}

type Change = { at: number; active: boolean } | { at: number; online: boolean };

/**
 * The node's active and online time in [fromMs, toMs). The rules:
 * - Before its first activity change a node is inactive: a node starts configuring, so the time before it was created
 *   or verified counts neither way.
 * - Inactive time is left out, whatever the health transitions during it say.
 * - Before its first health transition an active node is online: the sweep records a node offline only once it has
 *   been silent past the threshold, so a node with no transition yet has been reporting.
 * - Between two changes the last one holds, also while no sweep ran (a server stopped or restarting): the sweep
 *   records the truth when it runs again, and its grace after a start marks nobody offline (nor back).
 */
export function uptimeTime(history: UptimeHistory, fromMs: number, toMs: number): UptimeTime {
  return timeIn(timeline(history), fromMs, toMs);
}

/** Both lists as one, in time order (an activity change first at equal times); sorted once per node. */
function timeline(history: UptimeHistory): Change[] {
  return [...history.activity, ...history.health].sort((a, b) => a.at - b.at);
}

function timeIn(changes: readonly Change[], fromMs: number, toMs: number): UptimeTime {
  let active = false;
  let online = true;
  let cursor = fromMs;
  const time: UptimeTime = { onlineMs: 0, activeMs: 0 };
  const advanceTo = (endMs: number) => {
    const end = Math.min(endMs, toMs);
    if (end <= cursor) return;
    if (active) {
      time.activeMs += end - cursor;
      if (online) time.onlineMs += end - cursor;
    }
    cursor = end;
  };
  for (const change of changes) {
    if (change.at >= toMs) break;
    advanceTo(change.at);
    if ('active' in change) active = change.active;
    else online = change.online;
  }
  advanceTo(toMs);
  return time;
}

/** Online time over active time; null when the node was never active in the span. */
export function uptimeFraction({ onlineMs, activeMs }: UptimeTime): number | null {
  return activeMs === 0 ? null : onlineMs / activeMs;
}

/** The start of the UTC day holding `ms`. */
const utcDayStart = (ms: number) => Math.floor(ms / DAY_MS) * DAY_MS;

/** The uptime fields of one node at `nowMs`: the three rolling windows and the last UPTIME_DAYS UTC days, oldest first. */
export function nodeUptime(history: UptimeHistory, nowMs: number): NodeUptime {
  const changes = timeline(history);
  const over = (windowMs: number) => uptimeFraction(timeIn(changes, nowMs - windowMs, nowMs));
  const today = utcDayStart(nowMs);
  const days = Array.from({ length: UPTIME_DAYS }, (_, index) => {
    const start = today - (UPTIME_DAYS - 1 - index) * DAY_MS;
    return uptimeFraction(timeIn(changes, start, Math.min(start + DAY_MS, nowMs)));
  });
  return {
    day: over(UPTIME_WINDOWS_MS.day),
    week: over(UPTIME_WINDOWS_MS.week),
    month: over(UPTIME_WINDOWS_MS.month),
    days,
  };
}
