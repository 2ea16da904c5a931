import {
  deleteNode,
  endMaintenance,
  type Node,
  reconfigureNode,
  renameNode,
  setMaintenance,
  type ToggleResult,
  toggleNode,
  updateNode,
} from '../../api/nodes.ts';
import type { MaintenanceRequest } from '../../lib/maintenance-window.ts';
import { fromRequest } from '../common/from-request.ts';

type NodeRef = Pick<Node, 'id' | 'teamId' | 'configId'>;
/** What a toggle or a delete names: the node and its team. */
type NodeKey = Pick<Node, 'id' | 'teamId'>;

/** spec 4: PUT update_active_nodres; the answer carries the new status. */
export const toggleNodeActor = fromRequest<ToggleResult, { node: NodeKey }>(({ input, signal }) =>
  toggleNode(input.node.teamId, input.node.id, signal),
);

export const deleteNodeActor = fromRequest<ToggleResult, { node: NodeKey }>(({ input, signal }) =>
  deleteNode(input.node.teamId, input.node.id, signal),
);

export const renameNodeActor = fromRequest<Node, { node: NodeRef; name: string }>(({ input, signal }) =>
  renameNode(input.node, input.name, signal),
);

/** spec 5: the new configuration and an optional new key; an empty key is sent without a key. */
export const updateNodeActor = fromRequest<Node, { node: NodeRef; configId: number; publicKey: string }>(
  ({ input, signal }) =>
    updateNode(
      input.node.teamId,
      input.node.id,
      { configId: input.configId, publicKey: input.publicKey },
      signal,
    ),
);

/**
 * spec 4 and 5: reconfigure an active node with its exact license key; answers the node, back in status 1. spec 7
 * lists publicKey among the call's fields: the node's own key is sent, which the server keeps as it is.
 */
export const reconfigureNodeActor = fromRequest<
  Node,
  { node: NodeRef & Pick<Node, 'publicKey'>; licenseKey: string }
>(({ input, signal }) =>
  reconfigureNode(
    input.node.teamId,
    input.node.id,
    { configId: input.node.configId, publicKey: input.node.publicKey, licenseKey: input.licenseKey },
    signal,
  ),
);

/** Sets the node's maintenance window (docs/alerts.md#maintenance); answers the node with it. */
export const setMaintenanceActor = fromRequest<Node, { node: NodeKey; window: MaintenanceRequest }>(
  ({ input, signal }) => setMaintenance(input.node, input.window, signal),
);

/** Ends the node's maintenance window now; answers the node without it. */
export const endMaintenanceActor = fromRequest<Node, { node: NodeKey }>(({ input, signal }) =>
  endMaintenance(input.node, signal),
);
