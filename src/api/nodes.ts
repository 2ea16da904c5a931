import {
  array,
  boolean,
  create,
  type Describe,
  type Infer,
  nullable,
  number,
  optional,
  string,
  type,
  union,
} from 'superstruct';
import type { Dictionaries, DictionaryEntry } from '../../contracts/dictionaries.schema.ts';
import type { HardwareCheck } from '../../contracts/hardware-check.schema.ts';
import type { ConfigBody, NodeReadBody, NodeStatusBody } from '../../contracts/node-body.schema.ts';
import type { NodeHealthAnswer, NodeHealthEvent } from '../../contracts/node-health.schema.ts';
import { HEALTH_TRANSITIONS_SHOWN, healthPath } from '../../contracts/node-health.ts';
import type { MaintenanceBody } from '../../contracts/node-maintenance.schema.ts';
import { maintenancePath } from '../../contracts/node-maintenance.ts';
import type { NodeUptime } from '../../contracts/node-uptime.schema.ts';
import { request } from './client.ts';

/** A hardware configuration option (spec 3). Status 10 is available; any other status is coming soon. */
export const ConfigStruct: Describe<ConfigBody> = type({
  id: number(),
  name: string(),
  status: number(),
  /** bytes (decimal units on screen) */
  storage: number(),
  /** bytes */
  ram: number(),
  /** bits per second */
  bandwidth: number(),
  ip_type: string(),
});
export type Config = Infer<typeof ConfigStruct>;

/** A node's current or scheduled maintenance window (ISO 8601, UTC). */
const MaintenanceStruct: Describe<MaintenanceBody> = type({ startsAt: string(), endsAt: string() });

/** A node's uptime: fractions 0 to 1 over 24 h, 7 d, 30 d and per UTC day, null where it was not active. */
export const NodeUptimeStruct: Describe<NodeUptime> = type({
  day: nullable(number()),
  week: nullable(number()),
  month: nullable(number()),
  days: array(nullable(number())),
});

/** A node (NODR) as the main API answers it (spec 3). `check` is the JSON text of CheckStruct, or null. */
export const NodeStruct: Describe<NodeReadBody> = type({
  id: number(),
  teamId: number(),
  name: string(),
  status: number(),
  check: nullable(string()),
  config_id: number(),
  configId: number(),
  config: ConfigStruct,
  publicKey: string(),
  licenseKey: string(),
  domain: string(),
  /** ISO 8601 */
  createdAt: string(),
  storage: nullable(number()),
  ram: nullable(number()),
  ipAddress: nullable(string()),
  os: nullable(number()),
  bandWidth: nullable(number()),
  // The health fields are optional, so a server without them still validates.
  lastSeenAt: optional(nullable(string())),
  online: optional(nullable(boolean())),
  offlineSince: optional(nullable(string())),
  // The version fields too (contracts/node-versions.schema.ts).
  agentVersion: optional(nullable(string())),
  updateAvailable: optional(boolean()),
  // And the maintenance window (contracts/node-maintenance.schema.ts).
  maintenance: optional(nullable(MaintenanceStruct)),
  // And the uptime (contracts/node-uptime.schema.ts).
  uptime: optional(NodeUptimeStruct),
});
export type Node = Infer<typeof NodeStruct>;

/** The JSON data of the stream's `event: health`; anything else on that event is ignored. */
export const NodeHealthEventStruct: Describe<NodeHealthEvent> = type({
  nodeId: number(),
  online: boolean(),
  lastSeenAt: nullable(string()),
  at: string(),
});

/** The answer of the node's health call: last seen and its recent transitions, newest first. */
export const NodeHealthAnswerStruct: Describe<NodeHealthAnswer> = type({
  lastSeenAt: nullable(string()),
  online: nullable(boolean()),
  transitions: array(type({ online: boolean(), at: string() })),
});

/** The parsed `check` of a node (spec 3 checkConfigurationsNodr): an overall result and one verdict per value. */
export const CheckStruct: Describe<HardwareCheck> = type({
  result: boolean(),
  check_config_nodr: type({
    storage: type({ used: number(), result: boolean() }),
    ram: type({ used: number(), result: boolean() }),
    ip: type({ used: string(), result: boolean() }),
    os: type({ used: number(), result: boolean() }),
    bandwidth: type({ used: number(), result: boolean() }),
  }),
});
export type Check = Infer<typeof CheckStruct>;

/** The answer of toggle and delete: the node's id and its new status (spec 4). */
export const ToggleResultStruct: Describe<NodeStatusBody> = type({ id: number(), status: number() });
export type ToggleResult = Infer<typeof ToggleResultStruct>;

export const DictionaryEntryStruct: Describe<DictionaryEntry> = type({
  value: union([number(), string()]),
  name: string(),
});

const dictionary = () => array(DictionaryEntryStruct);

/** spec 3: every dictionary of a locale, each a list of { value, name }. */
export const DictionariesStruct: Describe<Dictionaries> = type({
  user_status: dictionary(),
  user_roles_in_team: dictionary(),
  team_statuses: dictionary(),
  spy_users: dictionary(),
  key_types: dictionary(),
  key_subdomains: dictionary(),
  key_statuses: dictionary(),
  key_setting_13: dictionary(),
  key_setting_12: dictionary(),
  key_setting_101: dictionary(),
  invitation_statuses: dictionary(),
  domain_verification_methods: dictionary(),
  domain_verification: dictionary(),
  domain_statuses: dictionary(),
  currency_ISO: dictionary(),
  countries_ISO: dictionary(),
  available_key_settings: dictionary(),
  nodr_status: dictionary(),
});

/** A node's check parsed (spec 3), or null when there is none yet or it cannot be read. */
export function parseCheck(check: string | null): Check | null {
  if (!check) return null;
  try {
    return create(JSON.parse(check), CheckStruct);
  } catch {
    return null;
  }
}

const team = (teamId: number) => `v1/nodres/team/${teamId}`;

/** spec 7: the team's nodes (every status but deleted), oldest first. */
export function listNodes(teamId: number, signal?: AbortSignal): Promise<Node[]> {
  return request('api', 'POST', team(teamId), { struct: array(NodeStruct), signal });
}

/** The same list with deleted nodes (status 50) too, for the statistics screen's Deleted group (spec 4). */
export function listNodesWithDeleted(teamId: number, signal?: AbortSignal): Promise<Node[]> {
  return request('api', 'POST', team(teamId), {
    form: { includeDeleted: true },
    struct: array(NodeStruct),
    signal,
  });
}

/** spec 7 set_public_key: registers a node. 400 invalid_public_key, 409 public_key_taken or node_limit. */
export function createNode(
  teamId: number,
  configId: number,
  publicKey: string,
  signal?: AbortSignal,
): Promise<Node> {
  return request('api', 'POST', `${team(teamId)}/set_public_key/config/${configId}`, {
    form: { teamId, configId, publicKey },
    struct: NodeStruct,
    signal,
  });
}

/** Marks the node deleted (status 50); it is kept for statistics. */
export function deleteNode(teamId: number, id: number, signal?: AbortSignal): Promise<ToggleResult> {
  return request('api', 'DELETE', `${team(teamId)}/${id}`, { struct: ToggleResultStruct, signal });
}

/** spec 7 rename: at most 320 characters, trimmed by the server. */
export function renameNode(
  node: Pick<Node, 'teamId' | 'id' | 'configId'>,
  name: string,
  signal?: AbortSignal,
): Promise<Node> {
  return request('api', 'PUT', `${team(node.teamId)}/nodr/${node.id}`, {
    form: { teamId: node.teamId, config_id: node.configId, name, id: node.id },
    struct: NodeStruct,
    signal,
  });
}

/** spec 7 update of a node in status 1: a new configuration and/or key; an empty key is left out (kept). */
export function updateNode(
  teamId: number,
  id: number,
  change: { configId: number; publicKey?: string },
  signal?: AbortSignal,
): Promise<Node> {
  const publicKey = change.publicKey?.trim() ? change.publicKey : undefined;
  return request('api', 'PUT', `${team(teamId)}/nodr/${id}`, {
    form: { teamId, configId: change.configId, publicKey, id },
    struct: NodeStruct,
    signal,
  });
}

/**
 * spec 7 reset_settings_nodr: an active node back to status 1 after the exact license key (400 license_mismatch
 * otherwise). An empty key keeps the current one.
 */
export function reconfigureNode(
  teamId: number,
  id: number,
  change: { configId: number; publicKey?: string; licenseKey: string },
  signal?: AbortSignal,
): Promise<Node> {
  const publicKey = change.publicKey?.trim() ? change.publicKey : undefined;
  return request('api', 'PUT', `${team(teamId)}/reset_settings_nodr/${id}`, {
    form: { teamId, configId: change.configId, publicKey, licenseKey: change.licenseKey, id },
    struct: NodeStruct,
    signal,
  });
}

/** spec 4: active (10) becomes inactive (20); inactive (20, 30, 40) becomes active. */
export function toggleNode(teamId: number, id: number, signal?: AbortSignal): Promise<ToggleResult> {
  return request('api', 'PUT', `${team(teamId)}/update_active_nodres/${id}`, {
    struct: ToggleResultStruct,
    signal,
  });
}

/** Sets the node's maintenance window: from `startsAt` (now when left out) to `endsAt`, ISO 8601. */
export function setMaintenance(
  node: Pick<Node, 'teamId' | 'id'>,
  window: { startsAt?: string; endsAt: string },
  signal?: AbortSignal,
): Promise<Node> {
  return request('api', 'PUT', maintenancePath(node.teamId, node.id), {
    json: window,
    struct: NodeStruct,
    signal,
  });
}

/** Ends the node's maintenance window now (a scheduled one is dropped). */
export function endMaintenance(node: Pick<Node, 'teamId' | 'id'>, signal?: AbortSignal): Promise<Node> {
  return request('api', 'DELETE', maintenancePath(node.teamId, node.id), { struct: NodeStruct, signal });
}

/** The node's docker-compose.yml text (saved by the screen as docker-compose.yml, spec 9). */
export function downloadCompose(teamId: number, id: number, signal?: AbortSignal): Promise<string> {
  return request('api', 'POST', `${team(teamId)}/docker_compose/${id}`, {
    struct: string(),
    text: true,
    signal,
  });
}

/** The node's last signed request and its recent online/offline transitions. */
export async function getNodeHealth(
  teamId: number,
  id: number,
  signal?: AbortSignal,
): Promise<NodeHealthAnswer> {
  const answer = await request('api', 'GET', healthPath(teamId, id), {
    struct: NodeHealthAnswerStruct,
    signal,
  });
  return { ...answer, transitions: answer.transitions.slice(0, HEALTH_TRANSITIONS_SHOWN) };
}

/** spec 7: the configuration list, available (10) and coming soon (1). */
export function listConfigs(signal?: AbortSignal): Promise<Config[]> {
  return request('api', 'POST', 'v1/configs', { struct: array(ConfigStruct), signal });
}
