import { HEALTH_TRANSITIONS_SHOWN, type NodeHealthAnswer } from '../../contracts/node-health.ts';
import type { Deps } from '../deps.ts';
import { recentTransitions } from './health.repository.ts';
import { healthFields } from './node-json.ts';
import { existing } from './node-rules.ts';

/** A node's health for its team's members. */
export function createHealthService(deps: Deps) {
  return {
    /** GET v1/nodres/team/{teamId}/{nodrId}/health: last seen, online, the recent transitions. */
    async nodeHealth(teamId: number, id: number): Promise<NodeHealthAnswer> {
      const { node } = await existing(deps.db, teamId, id);
      const { lastSeenAt, online } = healthFields(node);
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
