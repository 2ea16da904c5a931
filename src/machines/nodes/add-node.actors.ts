import { type Config, createNode, listConfigs, listNodes, type Node } from '../../api/nodes.ts';
import { fromRequest } from '../common/from-request.ts';

export interface AddNodeStart {
  /** spec 7 POST v1/configs: the carousel of step 1. */
  configs: Config[];
  /** How many nodes the team has: at 3 the flow shows the 'soon' text before step 1. */
  nodeCount: number;
}

/** The configurations and the team's node count, fetched together when the flow opens. */
export const loadConfigsActor = fromRequest<AddNodeStart, { teamId: number }>(async ({ input, signal }) => {
  const [configs, nodes] = await Promise.all([listConfigs(signal), listNodes(input.teamId, signal)]);
  return { configs, nodeCount: nodes.length };
});

/** spec 7 set_public_key: registers the node with the chosen configuration and key. */
export const createNodeActor = fromRequest<Node, { teamId: number; configId: number; publicKey: string }>(
  ({ input, signal }) => createNode(input.teamId, input.configId, input.publicKey, signal),
);

/** Puts the installer command on the clipboard (spec 2 step 2). */
export const copyTextActor = fromRequest<void, { text: string }>(async ({ input }) => {
  await navigator.clipboard.writeText(input.text);
});
