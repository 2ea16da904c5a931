import type { NodeBody } from '../../contracts/node-body.schema.ts';
import { CONFIG_STATUS, KEY_TAKEN_MESSAGE } from '../../contracts/node-rules.ts';
import type { Db } from '../db/database.ts';
import type { Deps } from '../deps.ts';
import { isUniqueViolation } from '../lib/database-errors.ts';
import { badRequest, conflict, notFound } from '../lib/errors.ts';
import { nodeJson } from './node-json.ts';
import type { ConfigRow } from './nodes.repository.ts';
import * as repo from './nodes.repository.ts';
import { parsePublicKey } from './public-key.ts';

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

export async function saved(deps: Pick<Deps, 'db' | 'config' | 'clock'>, id: number): Promise<NodeBody> {
  const row = await repo.findWithConfig(deps.db, id);
  if (!row) throw nodeNotFound();
  return nodeJson(row, deps.config.agentLatestVersion, deps.clock.now());
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
