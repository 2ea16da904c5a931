import type { NodeHealthAnswer } from '../../contracts/node-health.schema.ts';
import { HEALTH_TRANSITIONS_SHOWN } from '../../contracts/node-health.ts';
import type { Deps } from '../deps.ts';
import { recentTransitions } from './health.repository.ts';
import { healthFields } from './node-json.ts';
import { existing } from './node-rules.ts';

/** A node's health for its team's members. */
export function createHealthService(deps: Deps) {
  return {
    /** GET v1/nodres/team/{teamId}/{nodrId}/health: last seen, online, the recent transitions. */
    async nodeHealth(teamId: number, id: number): Promise<NodeHealthAnswer> {
      const found = await existing(deps.db, teamId, id);
      const { node } = found;
      const { lastSeenAt, online } = healthFields(node, found.lastSeenAt);
      const transitions = await recentTransitions(deps.db, node.id, HEALTH_TRANSITIONS_SHOWN);
      return {
        lastSeenAt,
        online,
        transitions: transitions.map((transition) => ({
          online: transition.online,
          at: transition.at.toISOString(),
        })),
      };
    },
  };
}
