import type { NodeBody } from '../../contracts/node-body.schema.ts';
import { CONFIG_STATUS, KEY_TAKEN_MESSAGE } from '../../contracts/node-rules.ts';
import type { NodeUptime } from '../../contracts/node-uptime.schema.ts';
import { UPTIME_WINDOWS_MS } from '../../contracts/node-uptime.ts';
import type { Db } from '../db/database.ts';
import type { Deps } from '../deps.ts';
import { isUniqueViolation } from '../lib/database-errors.ts';
import { badRequest, conflict, notFound } from '../lib/errors.ts';
import { nodeJson } from './node-json.ts';
import type { ConfigRow } from './nodes.repository.ts';
import * as repo from './nodes.repository.ts';
import { parsePublicKey } from './public-key.ts';
import { uptimeHistories } from './uptime.repository.ts';
import { nodeUptime } from './uptime.ts';

// Lookups and checks shared by the node services (nodes.service.ts, node-settings.service.ts).

export const keyTaken = () => conflict('public_key_taken', KEY_TAKEN_MESSAGE);
export const nodeNotFound = () => notFound('No such NODR in this team.');

export async function availableConfig(db: Db, configId: number): Promise<ConfigRow> {
  const config = await repo.findConfig(db, configId);
  if (config?.status !== CONFIG_STATUS.available)
    throw badRequest('config_unavailable', 'This configuration is not available.');
  return config;
}

export async function existing(db: Db, teamId: number, id: number) {
  const row = await repo.findInTeam(db, teamId, id);
  if (!row) throw nodeNotFound();
  return row;
}

/** The uptime of each of these nodes by id, read with one query for them all (however many the list holds). */
export async function uptimes(
  deps: Pick<Deps, 'db' | 'clock'>,
  nodeIds: readonly number[],
): Promise<(nodeId: number) => NodeUptime> {
  const now = deps.clock.now().getTime();
  const histories = await uptimeHistories(deps.db, nodeIds, new Date(now - UPTIME_WINDOWS_MS.month));
  return (nodeId) => nodeUptime(histories.get(nodeId) ?? { activity: [], health: [] }, now);
}

/** One node as the API answers it, with its uptime. */
export async function nodeAnswer(
  deps: Pick<Deps, 'db' | 'config' | 'clock'>,
  row: repo.NodeWithConfig,
): Promise<NodeBody> {
  const uptimeOf = await uptimes(deps, [row.node.id]);
  return nodeJson(row, deps.config.agentLatestVersion, deps.clock.now(), uptimeOf(row.node.id));
}

export async function saved(deps: Pick<Deps, 'db' | 'config' | 'clock'>, id: number): Promise<NodeBody> {
  const row = await repo.findWithConfig(deps.db, id);
  if (!row) throw nodeNotFound();
  return nodeAnswer(deps, row);
}

/** A new key for a node: the format check, then the duplicate check against every other node. */
export async function freshKey(db: Db, text: string, exceptNodeId?: number) {
  const key = parsePublicKey(text);
  if (await repo.fingerprintTaken(db, key.fingerprint, exceptNodeId)) throw keyTaken();
  return key;
}

/** Runs a write; two requests racing to register one key are decided by the unique index: the loser gets 409. */
export async function keyRaceGuarded<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw keyTaken();
    throw error;
  }
}
