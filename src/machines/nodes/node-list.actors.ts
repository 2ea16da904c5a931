import { type Config, listConfigs, listNodes, type Node } from '../../api/nodes.ts';
import { fromRequest } from '../common/from-request.ts';

export interface NodesAndConfigs {
  nodes: Node[];
  configs: Config[];
}

/** The team's nodes and the configuration list, fetched together (spec 4: both reload after a delete). */
export const loadNodesAndConfigs = fromRequest<NodesAndConfigs, { teamId: number }>(
  async ({ input, signal }) => {
    const [nodes, configs] = await Promise.all([listNodes(input.teamId, signal), listConfigs(signal)]);
    return { nodes, configs };
  },
);
