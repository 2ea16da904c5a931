import type { Deps } from '../deps.ts';
import { badRequest, conflict } from '../lib/errors.ts';
import { safeEqual } from '../lib/tokens.ts';
import type { NodeJson } from './node-json.ts';
import { availableConfig, existing, freshKey, keyRaceGuarded, saved } from './node-rules.ts';
import type { NodePatch, NodeRow } from './nodes.repository.ts';
import * as repo from './nodes.repository.ts';

/** The settings of a node: its configuration and key (spec 4 settings icon). */
export function createNodeSettingsService(deps: Deps) {
  return {
    /**
     * Changes the configuration and/or key of a node still being configured (spec 4 settings icon on status 1). An
     * empty key keeps the current one. Any change means the hardware must be checked again.
     */
    async updateNode(
      teamId: number,
      id: number,
      change: { configId: number; publicKey?: string },
    ): Promise<NodeJson> {
      const { node } = await existing(deps.db, teamId, id);
      if (node.status !== 1) {
        throw conflict('not_configuring', 'Only a NODR being configured can change its settings.');
      }
      const patch = await settingsPatch(deps, node, change);
      if (Object.keys(patch).length > 0) {
        const row = await keyRaceGuarded(() =>
          repo.setStatusIf(deps.db, node.id, [1], { ...patch, check: null }),
        );
        if (!row) throw conflict('not_configuring', 'Only a NODR being configured can change its settings.');
        deps.hub.publish(teamId, 10);
      }
      return saved(deps.db, node.id);
    },

    /**
     * Reconfigure an active node (spec 4 settings icon on status 10, spec 5): the exact license key, compared in
     * constant time, sends the node back to status 1 without a check, so it must verify its hardware again.
     */
    async reconfigureNode(
      teamId: number,
      id: number,
      change: { configId: number; publicKey?: string; licenseKey: string },
    ): Promise<NodeJson> {
      const { node } = await existing(deps.db, teamId, id);
      if (node.status !== 10) throw conflict('not_active', 'Only an active NODR can be reconfigured.');
      if (!safeEqual(change.licenseKey, node.licenseKey)) {
        throw badRequest('license_mismatch', 'The license key does not match this NODR.');
      }
      const patch = await settingsPatch(deps, node, change);
      const row = await keyRaceGuarded(() =>
        repo.setStatusIf(deps.db, node.id, [10], { ...patch, status: 1, check: null }),
      );
      if (!row) throw conflict('not_active', 'Only an active NODR can be reconfigured.');
      deps.hub.publish(teamId, 20);
      return saved(deps.db, node.id);
    },
  };
}

export type NodeSettingsService = ReturnType<typeof createNodeSettingsService>;

async function settingsPatch(
  deps: Deps,
  node: NodeRow,
  change: { configId: number; publicKey?: string },
): Promise<NodePatch> {
  const patch: NodePatch = {};
  if (change.configId !== node.configId) {
    patch.configId = (await availableConfig(deps.db, change.configId)).id;
  }
  const text = change.publicKey?.trim();
  if (text) {
    const key = await freshKey(deps.db, text, node.id);
    if (key.fingerprint !== node.publicKeyFingerprint) {
      patch.publicKey = key.pem;
      patch.publicKeyFingerprint = key.fingerprint;
    }
  }
  return patch;
}
