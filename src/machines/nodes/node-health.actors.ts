import type { NodeHealthAnswer } from '../../../contracts/node-health.schema.ts';
import { getNodeHealth } from '../../api/nodes.ts';
import { fromRequest } from '../common/from-request.ts';

/** GET the node's health (last seen, recent transitions). */
export const loadNodeHealth = fromRequest<NodeHealthAnswer, { teamId: number; nodeId: number }>(
  ({ input, signal }) => getNodeHealth(input.teamId, input.nodeId, signal),
);
