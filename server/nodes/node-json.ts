import type { ConfigBody, NodeBody } from '../../contracts/node-body.schema.ts';
import type { NodeHealthFields } from '../../contracts/node-health.schema.ts';
import type { NodeMaintenanceFields } from '../../contracts/node-maintenance.schema.ts';
import { NODE_STATUS } from '../../contracts/node-status.ts';
import type { NodeUptime } from '../../contracts/node-uptime.schema.ts';
import type { NodeVersionFields } from '../../contracts/node-versions.schema.ts';
import { isOlderVersion } from '../../contracts/node-versions.ts';
import type { ConfigRow, NodeRow, NodeWithConfig } from './nodes.repository.ts';

/** A configuration option as the web app reads it (spec 3). */
export function configJson(config: ConfigRow): ConfigBody {
  return {
    id: config.id,
    name: config.name,
    status: config.status,
    storage: config.storage,
    ram: config.ram,
    bandwidth: config.bandwidth,
    ip_type: config.ipType,
  };
}

/**
 * The health fields beside the spec's ones. `online` follows the sweep's recorded state, so the list,
 * the event stream and the alerts always agree.
 */
export function healthFields(node: NodeRow, lastSeenAt: Date | null): NodeHealthFields {
  const active = node.status === NODE_STATUS.active;
  return {
    lastSeenAt: lastSeenAt?.toISOString() ?? null,
    online: active ? node.offlineSince === null : null,
    offlineSince: active ? (node.offlineSince?.toISOString() ?? null) : null,
  };
}

/** The agent's version as the node last reported it, and whether it is older than `latest` (AGENT_LATEST_VERSION). */
function versionFields(agentVersion: string | null, latest: string): NodeVersionFields {
  return { agentVersion, updateAvailable: agentVersion !== null && isOlderVersion(agentVersion, latest) };
}

/** The node's window while it is current or scheduled; one that has ended (the sweep removes it soon) is none. */
function maintenanceFields(
  { maintenanceStartsAt: startsAt, maintenanceEndsAt: endsAt }: NodeWithConfig,
  now: Date,
): NodeMaintenanceFields {
  if (!startsAt || !endsAt || endsAt.getTime() <= now.getTime()) return { maintenance: null };
  return { maintenance: { startsAt: startsAt.toISOString(), endsAt: endsAt.toISOString() } };
}

/**
 * A node as the web app reads it (spec 3): config_id and configId both, check as JSON text or null; beside the
 * spec's fields, the health, version, maintenance and uptime fields. `agentLatest` is the server's AGENT_LATEST_VERSION.
 */
export function nodeJson(row: NodeWithConfig, agentLatest: string, now: Date, uptime: NodeUptime): NodeBody {
  const { node, config, lastSeenAt, agentVersion } = row;
  return {
    id: node.id,
    teamId: node.teamId,
    name: node.name,
    status: node.status,
    check: node.check,
    config_id: node.configId,
    configId: node.configId,
    config: configJson(config),
    publicKey: node.publicKey,
    licenseKey: node.licenseKey,
    domain: node.domain,
    createdAt: node.createdAt.toISOString(),
    storage: node.storage,
    ram: node.ram,
    ipAddress: node.ipAddress,
    os: node.os,
    bandWidth: node.bandwidth,
    ...healthFields(node, lastSeenAt),
    ...versionFields(agentVersion, agentLatest),
    ...maintenanceFields(row, now),
    uptime,
  };
}
