/**
 * The versions a node reports (docs/node-protocol.md): its agent's, and the node software's where the agent knows
 * it. The agent sends them in the hardware check and in every heartbeat; an agent from before them sends neither and
 * is still accepted. The node list answers the agent's version and whether a newer one is available
 * (contracts/node-versions.schema.ts); the web app's card shows them.
 */

/** The version of the agent in this repository: what the installer ships, and the server's default latest. */
export const AGENT_VERSION = '1.4.2';

/** What a version may look like on the wire: dotted numbers with an optional pre-release or build suffix. */
export const VERSION_PATTERN = '^[0-9]{1,9}(\\.[0-9]{1,9}){0,3}([-+][0-9A-Za-z.-]{1,64})?$';
export const VERSION_MAX_LENGTH = 100;

/** The card's words (spec-free additions: the card keeps every text the spec names). */
export const agentVersionText = (version: string) => `Agent ${version}`;
export const UPDATE_AVAILABLE_TEXT = 'Update available';

/** True when `version` is older than `latest`, comparing the dotted numbers; a pre-release ranks before its release. */
export function isOlderVersion(version: string, latest: string): boolean {
  // A +build part names the same release; a -suffix is a pre-release of it.
  const [numbers = '', suffix] = version.replace(/\+.*$/s, '').split(/-(.*)/s);
  const [latestNumbers = '', latestSuffix] = latest.replace(/\+.*$/s, '').split(/-(.*)/s);
  const parts = numbers.split('.').map(Number);
  const latestParts = latestNumbers.split('.').map(Number);
  for (let i = 0; i < Math.max(parts.length, latestParts.length); i++) {
    const difference = (parts[i] ?? 0) - (latestParts[i] ?? 0);
    if (difference !== 0) return difference < 0;
  }
  return suffix !== undefined && latestSuffix === undefined;
}
