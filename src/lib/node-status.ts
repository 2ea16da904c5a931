import type { CheckParameter } from '../../contracts/hardware-check.ts';
import type { NodeHealthEvent } from '../../contracts/node-health.schema.ts';
import { MAX_NODES } from '../../contracts/node-rules.ts';
import { isInactiveStatus, NODE_STATUS } from '../../contracts/node-status.ts';
import { type Check, type Node, parseCheck } from '../api/nodes.ts';

/**
 * What a node's status means on screen (spec 4): status 1 splits into three sub-states by its check, 10 is active,
 * 20/30/40 inactive, 50 deleted, and anything else is suspended.
 */
export type NodeDisplay =
  | 'hardware'
  | 'misconfigured'
  | 'launching'
  | 'active'
  | 'inactive'
  | 'deleted'
  | 'suspended';

export function nodeDisplay(node: Pick<Node, 'status' | 'check'>): NodeDisplay {
  if (node.status === NODE_STATUS.configuring) {
    // spec 4: no check result is 'Configuring hardware'; a failed check 'Misconfigured'; a passed one 'Launching'.
    const check = parseCheck(node.check);
    if (!check) return 'hardware';
    return check.result ? 'launching' : 'misconfigured';
  }
  if (node.status === NODE_STATUS.active) return 'active';
  if (isInactiveStatus(node.status)) return 'inactive';
  if (node.status === NODE_STATUS.deleted) return 'deleted';
  return 'suspended';
}

/** The status label of spec 2 and 4. */
export const DISPLAY_LABEL: Record<NodeDisplay, string> = {
  hardware: 'Configuring hardware',
  misconfigured: 'Misconfigured',
  launching: 'Launching NODR app',
  active: 'Active',
  inactive: 'Inactive',
  deleted: 'Deleted',
  suspended: 'Suspended',
};

/** spec 4: the message a suspended node carries. */
export const SUSPENDED_MESSAGE =
  'The service for this key is restricted due to subscription limits. Please change your plan or deactivate other keys.';

/** spec 8: any failed node parameter check. */
export const PARAMETER_TOO_LOW = 'This parameter is lower than required minimum.';

/** A verification row: 'awaiting' until the node reports, then passed or failed. */
export type Verdict = { state: 'awaiting' } | { state: 'passed' | 'failed'; used: number | string };

export function verdicts(check: Check | null): Record<CheckParameter, Verdict> {
  const row = (parameter: CheckParameter): Verdict => {
    const verdict = check?.check_config_nodr[parameter];
    if (!verdict) return { state: 'awaiting' };
    return { state: verdict.result ? 'passed' : 'failed', used: verdict.used };
  };
  return {
    storage: row('storage'),
    ram: row('ram'),
    ip: row('ip'),
    os: row('os'),
    bandwidth: row('bandwidth'),
  };
}

/**
 * An active node (status 10) that stopped reporting is offline. Offline is a health state beside the spec's
 * status, not a status: the node still displays 'active' to every rule of spec 4 (power, settings), and only the
 * card's label says Offline. `online` is absent on a server without health; then the node is taken as online.
 */
export function isOffline(node: Pick<Node, 'status' | 'online'>): boolean {
  return node.status === NODE_STATUS.active && node.online === false;
}

/** What the card's status label shows: the spec's display, or 'offline' for an active node that went quiet. */
export type CardStatus = NodeDisplay | 'offline';

export function cardStatus(node: Pick<Node, 'status' | 'check' | 'online'>): CardStatus {
  return isOffline(node) ? 'offline' : nodeDisplay(node);
}

/** A node just added waits for its first check (configuring hardware, never seen); its card says how to start it. */
export function awaitsFirstCheck(node: Pick<Node, 'status' | 'check' | 'lastSeenAt'>): boolean {
  return nodeDisplay(node) === 'hardware' && !node.lastSeenAt;
}

/** The card labels: the spec's, unchanged, plus Offline. */
export const CARD_STATUS_LABEL: Record<CardStatus, string> = { ...DISPLAY_LABEL, offline: 'Offline' };

/** The parts of the summary line above My NODR, in order; each counts the nodes in that group. */
export const SUMMARY_GROUPS = ['active', 'offline', 'configuring', 'inactive', 'suspended'] as const;
export type SummaryGroup = (typeof SUMMARY_GROUPS)[number];

function summaryGroup(node: Pick<Node, 'status' | 'check' | 'online'>): SummaryGroup | null {
  const status = cardStatus(node);
  switch (status) {
    case 'hardware':
    case 'misconfigured':
    case 'launching':
      return 'configuring';
    case 'deleted':
      return null;
    default:
      return status;
  }
}

/** How many nodes each summary group holds (active, offline, configuring, and the rest). */
export function summarizeNodes(
  nodes: Pick<Node, 'status' | 'check' | 'online'>[],
): Record<SummaryGroup, number> {
  const counts: Record<SummaryGroup, number> = {
    active: 0,
    offline: 0,
    configuring: 0,
    inactive: 0,
    suspended: 0,
  };
  for (const node of nodes) {
    const group = summaryGroup(node);
    if (group) counts[group] += 1;
  }
  return counts;
}

/**
 * The summary line above My NODR, e.g. '3 of 3 NODRs · 1 active · 1 offline · 1 configuring': active, offline and
 * configuring are always named (the groups an operator watches), inactive and suspended only when there are some.
 */
export function summaryLine(nodes: Pick<Node, 'status' | 'check' | 'online'>[]): string {
  const counts = summarizeNodes(nodes);
  const parts = SUMMARY_GROUPS.filter(
    (group) => counts[group] > 0 || group === 'active' || group === 'offline' || group === 'configuring',
  ).map((group) => `${counts[group]} ${group}`);
  return [`${nodes.length} of ${MAX_NODES} NODRs`, ...parts].join(' · ');
}

/** A health event applied to a node of the list: online, last seen and offline-since as the event says. */
export function applyHealth(node: Node, health: NodeHealthEvent): Node {
  return {
    ...node,
    online: health.online,
    lastSeenAt: health.lastSeenAt,
    offlineSince: health.online ? null : health.at,
  };
}
