import { STREAM_EVENT } from '../../contracts/event-stream.ts';
import type { NodeBody } from '../../contracts/node-body.schema.ts';
import { NODE_STATUS } from '../../contracts/node-status.ts';
import type { Deps } from '../deps.ts';
import { badRequest, conflict } from '../lib/errors.ts';
import { safeEqual } from '../lib/tokens.ts';
import { availableConfig, existing, freshKey, keyRaceGuarded, saved } from './node-rules.ts';
import type { NodePatch, NodeRow } from './nodes.repository.ts';
import * as repo from './nodes.repository.ts';
import { recordActivity } from './uptime.repository.ts';

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
    ): Promise<NodeBody> {
      const { node } = await existing(deps.db, teamId, id);
      if (node.status !== NODE_STATUS.configuring) {
        throw conflict('not_configuring', 'Only a NODR being configured can change its settings.');
      }
      const patch = await settingsPatch(deps, node, change);
      if (Object.keys(patch).length > 0) {
        const row = await keyRaceGuarded(() =>
          repo.setStatusIf(deps.db, node.id, [NODE_STATUS.configuring], { ...patch, check: null }),
        );
        if (!row) throw conflict('not_configuring', 'Only a NODR being configured can change its settings.');
        deps.hub.publish(teamId, STREAM_EVENT.nodes);
      }
      return saved(deps, node.id);
    },

    /**
     * Reconfigure an active node (spec 4 settings icon on status 10, spec 5): the exact license key, compared in
     * constant time, sends the node back to status 1 without a check, so it must verify its hardware again.
     */
    async reconfigureNode(
      teamId: number,
      id: number,
      change: { configId: number; publicKey?: string; licenseKey: string },
    ): Promise<NodeBody> {
      const { node } = await existing(deps.db, teamId, id);
      if (node.status !== NODE_STATUS.active)
        throw conflict('not_active', 'Only an active NODR can be reconfigured.');
      if (!safeEqual(change.licenseKey, node.licenseKey)) {
        throw badRequest('license_mismatch', 'The license key does not match this NODR.');
      }
      const patch = await settingsPatch(deps, node, change);
      const row = await keyRaceGuarded(() =>
        deps.db.transaction(async (tx) => {
          const reconfigured = await repo.setStatusIf(tx, node.id, [NODE_STATUS.active], {
            ...patch,
            status: NODE_STATUS.configuring,
            check: null,
          });
          if (reconfigured) await recordActivity(tx, node.id, false, deps.clock.now());
          return reconfigured;
        }),
      );
      if (!row) throw conflict('not_active', 'Only an active NODR can be reconfigured.');
      deps.hub.publish(teamId, STREAM_EVENT.verification);
      return saved(deps, node.id);
    },
  };
}

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
