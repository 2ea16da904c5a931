/**
 * The health of an active node (status 10), beside the spec's status numbers, never replacing them. An
 * active node whose last signed request (check, heartbeat, telemetry) is older than the server's
 * `NODE_OFFLINE_AFTER_S` is offline. Server, web app and tests take every name and shape from here.
 */

/** Default of `NODE_OFFLINE_AFTER_S`: three missed one-minute heartbeats. */
export const NODE_OFFLINE_AFTER_S_DEFAULT = 180;

/** Fields each node of the list answer (POST v1/nodres/team/{teamId}) gains; no field the spec names changes. */
export interface NodeHealthFields {
  /** ISO 8601 UTC time of the node's last signed request; null before its first. */
  lastSeenAt: string | null;
  /** For status 10 only: whether the node is online; null for every other status. */
  online: boolean | null;
  /** For an offline active node: when it was marked offline (ISO UTC); null otherwise. */
  offlineSince: string | null;
}

/** Named event on the team's event stream (`event: health`); the spec's numbered messages 10/20/30 stay as they are. */
export const HEALTH_EVENT = 'health';

/** The JSON `data` of a health event: one node went offline or came back. */
export interface NodeHealthEvent {
  nodeId: number;
  online: boolean;
  lastSeenAt: string | null;
  /** When the transition was detected (ISO UTC). */
  at: string;
}

/** One recorded transition, newest first in `GET v1/nodres/team/{teamId}/{nodrId}/health`. */
export interface NodeHealthTransition {
  online: boolean;
  at: string;
}

/** The answer of `GET v1/nodres/team/{teamId}/{nodrId}/health` (main API, bearer token). */
export interface NodeHealthAnswer {
  lastSeenAt: string | null;
  online: boolean | null;
  transitions: NodeHealthTransition[];
}

/** How many recent transitions the health call answers and the node card shows. */
export const HEALTH_TRANSITIONS_SHOWN = 10;

export const healthPath = (teamId: number, nodeId: number) => `v1/nodres/team/${teamId}/${nodeId}/health`;
