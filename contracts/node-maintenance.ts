/**
 * A node's maintenance window (docs/alerts.md#maintenance): while it runs, the node's offline alerts are held; when
 * it ends, an alert goes out only if the node is still down. One window per node, set by the team's admins.
 */

/** The longest window: maintenance that runs longer is an outage someone should hear about. */
export const MAINTENANCE_MAX_MS = 7 * 24 * 60 * 60 * 1000;

/** The card's quick choices: a window from now for this long. */
export const MAINTENANCE_PRESETS = [
  { label: '30 minutes', ms: 30 * 60 * 1000 },
  { label: '1 hour', ms: 60 * 60 * 1000 },
  { label: '4 hours', ms: 4 * 60 * 60 * 1000 },
] as const;

/** The path of a node's window under the main API's node calls (PUT sets it, DELETE ends it). */
export const maintenancePath = (teamId: number, nodeId: number) =>
  `v1/nodres/team/${teamId}/${nodeId}/maintenance`;

export interface MaintenanceWindow {
  startsAt: string;
  endsAt: string;
}

export const MAINTENANCE_MESSAGES = {
  invalidTime: 'Give the start and end as dates and times (ISO 8601).',
  endBeforeStart: 'The end of maintenance must come after its start.',
  endInPast: 'The end of maintenance must be in the future.',
  tooLong: 'Maintenance can last at most 7 days.',
} as const;

/** "14:30 UTC", or "28 Nov 14:30 UTC" when the moment is not on the day of `now`. */
function utcTime(at: Date, now: Date): string {
  const time = at.toISOString().slice(11, 16);
  if (at.toISOString().slice(0, 10) === now.toISOString().slice(0, 10)) return `${time} UTC`;
  const day = at.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
  return `${day} ${time} UTC`;
}

/** What the card says of a window: "Maintenance until 14:30 UTC", or "Maintenance from … to … UTC" before it starts. */
export function maintenanceText(window: MaintenanceWindow, now: Date): string {
  const startsAt = new Date(window.startsAt);
  const endsAt = new Date(window.endsAt);
  if (startsAt.getTime() > now.getTime()) {
    return `Maintenance from ${utcTime(startsAt, now).replace(' UTC', '')} to ${utcTime(endsAt, now)}`;
  }
  return `Maintenance until ${utcTime(endsAt, now)}`;
}

/** Whether the window is over at `now` (the card then says nothing of it). */
export const maintenanceOver = (window: MaintenanceWindow, now: Date) =>
  new Date(window.endsAt).getTime() <= now.getTime();
