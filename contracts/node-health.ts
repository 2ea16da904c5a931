/**
 * The health of an active node (status 10), beside the spec's status numbers, never replacing them. An
 * active node whose last signed request (check, heartbeat, telemetry) is older than the server's
 * `NODE_OFFLINE_AFTER_S` is offline. Server, web app and tests take every name and rule from here; the bodies are
 * TypeBox schemas in contracts/node-health.schema.ts.
 */

/** Default of `NODE_OFFLINE_AFTER_S`: three missed one-minute heartbeats. */
export const NODE_OFFLINE_AFTER_S_DEFAULT = 180;

/** Named event on the team's event stream (`event: health`); the spec's numbered messages 10/20/30 stay as they are. */
export const HEALTH_EVENT = 'health';

/** How many recent transitions the health call answers and the node card shows. */
export const HEALTH_TRANSITIONS_SHOWN = 10;

export const healthPath = (teamId: number, nodeId: number) => `v1/nodres/team/${teamId}/${nodeId}/health`;
