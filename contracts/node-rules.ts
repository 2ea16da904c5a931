import { characterCount } from './account-rules.ts';

/**
 * spec 3, 5, 8 and 9: the limits and messages of a team's nodes that both the web app and the server apply. The
 * messages are the spec's exact texts: the server answers with them and the web app shows them.
 */

/** spec 9: at most 3 nodes (not deleted) per team; at 3 the add action opens the 'soon' modal. */
export const MAX_NODES = 3;

/** spec 5: a node's name is at most 320 characters (counted as `characterCount` counts them), after trimming. */
export const MAX_NODE_NAME = 320;

export const isNodeNameTooLong = (name: string): boolean => characterCount(name) > MAX_NODE_NAME;

/** spec 8: node creation or update error 409, a key another node holds. */
export const KEY_TAKEN_MESSAGE =
  'The key is already taken by another NODR. Please check that you enter your key and try again';

/** spec 8 and 5: a key of the wrong format (and a 500 on create or update). */
export const INVALID_PUBLIC_KEY_MESSAGE = 'Incorrect format public key. Please check your key and try again';

/** spec 2 and 9: the 'soon' modal's title, and the server's refusal at the node limit. */
export const NODE_LIMIT_MESSAGE = 'Soon it will be possible to add a new NODR';

/** spec 3: a node's operating system. */
export const OS_CODE = {
  linux: 10,
  windows: 20,
  macos: 30,
} as const;

export type OsCode = (typeof OS_CODE)[keyof typeof OS_CODE];

export const OS_CODES: readonly OsCode[] = [OS_CODE.linux, OS_CODE.windows, OS_CODE.macos];

export const OS_NAMES: Readonly<Record<number, string>> = {
  [OS_CODE.linux]: 'Linux',
  [OS_CODE.windows]: 'Windows',
  [OS_CODE.macos]: 'MacOS',
};

/** spec 3 and 5: a configuration's status; only an available one can be chosen for a node. */
export const CONFIG_STATUS = {
  /** Shown, but not selectable yet. */
  soon: 1,
  available: 10,
} as const;
