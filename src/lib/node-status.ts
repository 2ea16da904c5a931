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
  switch (node.status) {
    case 1: {
      // spec 4: no check result is 'Configuring hardware'; a failed check 'Misconfigured'; a passed one 'Launching'.
      const check = parseCheck(node.check);
      if (!check) return 'hardware';
      return check.result ? 'launching' : 'misconfigured';
    }
    case 10:
      return 'active';
    case 20:
    case 30:
    case 40:
      return 'inactive';
    case 50:
      return 'deleted';
    default:
      return 'suspended';
  }
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

/** The five verification rows of spec 2, in order. */
export const CHECK_PARAMETERS = ['storage', 'ram', 'ip', 'os', 'bandwidth'] as const;
export type CheckParameter = (typeof CHECK_PARAMETERS)[number];

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

/** spec 3 OS codes. */
export const OS_NAMES: Record<number, string> = { 10: 'Linux', 20: 'Windows', 30: 'MacOS' };

/** spec 9: at most 3 nodes per team; at 3 the add action opens the 'soon' modal. */
export const MAX_NODES = 3;

/** spec 5: node name length limit. */
export const MAX_NODE_NAME = 320;
