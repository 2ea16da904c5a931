import { type Config, createNode, listConfigs, type Node } from '../api/nodes.ts';
import { fromRequest } from './from-request.ts';

/** spec 7 POST v1/configs: the carousel of step 1. */
export const loadConfigsActor = fromRequest<Config[], void>(({ signal }) => listConfigs(signal));

/** spec 7 set_public_key: registers the node with the chosen configuration and key. */
export const createNodeActor = fromRequest<Node, { teamId: number; configId: number; publicKey: string }>(
  ({ input, signal }) => createNode(input.teamId, input.configId, input.publicKey, signal),
);

/** Puts the installer command on the clipboard (spec 2 step 2). */
export const copyTextActor = fromRequest<void, { text: string }>(async ({ input }) => {
  await navigator.clipboard.writeText(input.text);
});
