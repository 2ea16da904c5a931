import { STREAM_EVENT } from '../../contracts/event-stream.ts';
import type { NodeBody, NodeStatusBody } from '../../contracts/node-body.schema.ts';
import {
  isNodeNameTooLong,
  MAX_NODE_NAME,
  MAX_NODES,
  NODE_LIMIT_MESSAGE,
} from '../../contracts/node-rules.ts';
import { NODE_STATUS } from '../../contracts/node-status.ts';
import { hasInvisibleCharacters, INVISIBLE_CHARACTERS } from '../../contracts/visible-text.ts';
import type { Deps } from '../deps.ts';
import { badRequest, conflict } from '../lib/errors.ts';
import { randomToken } from '../lib/tokens.ts';
import { composeFile } from './compose.ts';
import { nodeJson } from './node-json.ts';
import {
  availableConfig,
  existing,
  keyRaceGuarded,
  keyTaken,
  nodeAnswer,
  nodeNotFound,
  saved,
  uptimes,
} from './node-rules.ts';
import * as repo from './nodes.repository.ts';
import { parsePublicKey } from './public-key.ts';
import { recordActivity } from './uptime.repository.ts';

/**
 * The node's DNS label: the first 64 bits of its license key as 16 lowercase hex digits, always a valid DNS label
 * ([0-9a-f], no leading or trailing hyphen), under the provider domain (NODR_DOMAIN).
 */
export function nodeDomain(licenseKey: string, nodrDomain: string): string {
  return `${Buffer.from(licenseKey, 'base64url').subarray(0, 8).toString('hex')}.${nodrDomain}`;
}

/** The node calls of spec 7 for a team's members. */
export function createNodesService(deps: Deps) {
  return {
    async listNodes(teamId: number, options: { includeDeleted?: boolean } = {}): Promise<NodeBody[]> {
      const rows = await repo.listForTeam(deps.db, teamId, options);
      const uptimeOf = await uptimes(
        deps,
        rows.map((row) => row.node.id),
      );
      const now = deps.clock.now();
      return rows.map((row) => nodeJson(row, deps.config.agentLatestVersion, now, uptimeOf(row.node.id)));
    },

    async getNode(teamId: number, id: number): Promise<NodeBody> {
      return nodeAnswer(deps, await existing(deps.db, teamId, id));
    },

    /**
     * Registers a node (spec 7 set_public_key). The team row is locked for the transaction, so concurrent creates of
     * one team run one after another and the 3-node limit holds on PostgreSQL as on PGlite.
     */
    async createNode(teamId: number, configId: number, publicKeyText: string): Promise<NodeBody> {
      const key = parsePublicKey(publicKeyText);
      const config = await availableConfig(deps.db, configId);
      const licenseKey = randomToken();
      const id = await keyRaceGuarded(() =>
        deps.db.transaction(async (tx) => {
          if (!(await repo.lockTeam(tx, teamId))) throw nodeNotFound();
          if ((await repo.countLive(tx, teamId)) >= MAX_NODES) {
            throw conflict('node_limit', NODE_LIMIT_MESSAGE);
          }
          if (await repo.fingerprintTaken(tx, key.fingerprint)) throw keyTaken();
          const node = await repo.insert(tx, {
            teamId,
            configId: config.id,
            publicKey: key.pem,
            publicKeyFingerprint: key.fingerprint,
            licenseKey,
            domain: nodeDomain(licenseKey, deps.config.nodrDomain),
            status: NODE_STATUS.configuring,
            check: null,
            createdAt: deps.clock.now(),
          });
          return node.id;
        }),
      );
      deps.hub.publish(teamId, STREAM_EVENT.nodes);
      return saved(deps, id);
    },

    /** spec 3: deleted nodes get status deleted (50) and are kept for statistics. */
    async deleteNode(teamId: number, id: number): Promise<NodeStatusBody> {
      const { node } = await existing(deps.db, teamId, id);
      const row = await deps.db.transaction(async (tx) => {
        const deleted = await repo.setStatusIf(tx, node.id, [node.status], { status: NODE_STATUS.deleted });
        if (deleted && node.status === NODE_STATUS.active) {
          await recordActivity(tx, node.id, false, deps.clock.now());
        }
        return deleted;
      });
      if (!row) throw nodeNotFound();
      deps.hub.publish(teamId, STREAM_EVENT.nodes);
      return { id: row.id, status: row.status };
    },

    async renameNode(teamId: number, id: number, name: string): Promise<NodeBody> {
      const trimmed = name.trim();
      if (hasInvisibleCharacters(trimmed))
        throw badRequest(INVISIBLE_CHARACTERS.name.error, INVISIBLE_CHARACTERS.name.message);
      if (isNodeNameTooLong(trimmed))
        throw badRequest('name_too_long', `The name can be at most ${MAX_NODE_NAME} characters.`);
      const { node } = await existing(deps.db, teamId, id);
      await repo.update(deps.db, node.id, { name: trimmed });
      deps.hub.publish(teamId, STREAM_EVENT.nodes);
      return saved(deps, node.id);
    },

    /** spec 4: an active node becomes inactive (20); an inactive one (20, 30, 40) becomes active. */
    async toggleNode(teamId: number, id: number): Promise<NodeStatusBody> {
      const { node } = await existing(deps.db, teamId, id);
      if (node.status === NODE_STATUS.configuring)
        throw conflict('not_verified', 'A NODR being configured cannot be switched on or off.');
      const next = node.status === NODE_STATUS.active ? NODE_STATUS.inactive : NODE_STATUS.active;
      const row = await deps.db.transaction(async (tx) => {
        const toggled = await repo.setStatusIf(tx, node.id, [node.status], { status: next });
        if (toggled) await recordActivity(tx, node.id, next === NODE_STATUS.active, deps.clock.now());
        return toggled;
      });
      if (!row) throw conflict('status_changed', 'The NODR changed meanwhile; reload and try again.');
      deps.hub.publish(teamId, STREAM_EVENT.verification);
      return { id: row.id, status: row.status };
    },

    async composeForNode(teamId: number, id: number): Promise<string> {
      const { node } = await existing(deps.db, teamId, id);
      return composeFile(deps.config, node);
    },
  };
}
