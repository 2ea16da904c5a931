/**
 * A node's maintenance window (docs/alerts.md#maintenance): while it runs, the node's offline alerts are held; when
 * it ends, an alert goes out only if the node is still down. One window per node, set by the team's admins.
 */

/** The longest window: maintenance that runs longer is an outage someone should hear about. */
export const MAINTENANCE_MAX_MS = 7 * 24 * 60 * 60 * 1000;

/** The path of a node's window under the main API's node calls (PUT sets it, DELETE ends it). */
export const maintenancePath = (teamId: number, nodeId: number) =>
  `v1/nodres/team/${teamId}/${nodeId}/maintenance`;

export const MAINTENANCE_MESSAGES = {
  invalidTime: 'Give the start and end as dates and times (ISO 8601).',
  endBeforeStart: 'The end of maintenance must come after its start.',
  endInPast: 'The end of maintenance must be in the future.',
  tooLong: 'Maintenance can last at most 7 days.',
} as const;
