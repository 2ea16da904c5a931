import { STREAM_EVENT } from '../../contracts/event-stream.ts';
import type { HardwareCheck } from '../../contracts/hardware-check.schema.ts';
import type { CheckBody, HeartbeatBody } from '../../contracts/node-protocol.schema.ts';
import { NODE_STATUS } from '../../contracts/node-status.ts';
import { isOlderVersion } from '../../contracts/node-versions.ts';
import { queueAlerts } from '../alerts/index.ts';
import type { Deps } from '../deps.ts';
import { conflict } from '../lib/errors.ts';
import { checkHardware } from './hardware-check.ts';
import type { NodeRow } from './nodes.repository.ts';
import * as repo from './nodes.repository.ts';
import { recordActivity } from './uptime.repository.ts';

const notConfiguring = () =>
  conflict('not_configuring', 'Only a NODR being configured (status 1) reports its hardware.');

function resultOf(check: string | null): boolean | undefined {
  if (!check) return undefined;
  try {
    return (JSON.parse(check) as Partial<HardwareCheck>).result;
  } catch {
    return undefined;
  }
}

const passed = (check: string | null) => resultOf(check) === true;

/** What a node's signed reports change: its hardware check and its heartbeat (docs/node-protocol.md). */
export function createVerificationService(deps: Deps) {
  /**
   * The versions the node reported, stored when they change; an agent older than AGENT_LATEST_VERSION alerts the
   * node's admins and channels (node.outdated) once per latest version, whatever the number of heartbeats.
   */
  async function recordVersions(
    node: NodeRow,
    { agentVersion, softwareVersion }: HeartbeatBody,
  ): Promise<void> {
    if (agentVersion === undefined) return;
    await repo.recordVersions(deps.db, node.id, agentVersion, softwareVersion ?? null);
    const latest = deps.config.agentLatestVersion;
    if (!isOlderVersion(agentVersion, latest)) return;
    await deps.db.transaction(async (tx) => {
      if (await repo.markOutdatedAlerted(tx, node.id, latest)) {
        await queueAlerts(tx, {
          nodeIds: [node.id],
          kind: 'outdated',
          offlineSince: null,
          at: deps.clock.now(),
        });
      }
    });
  }

  return {
    /**
     * The hardware check of a node in status 1 (spec 4 sub-states): each reported value against the node's
     * configuration. A failed check leaves it 'Misconfigured', a passed one 'Launching NODR app'; either way the
     * status stays 1 until the first heartbeat after a passed check.
     */
    async recordCheck(node: NodeRow, report: CheckBody): Promise<HardwareCheck> {
      if (node.status !== NODE_STATUS.configuring) throw notConfiguring();
      await recordVersions(node, report);
      const config = await repo.findConfig(deps.db, node.configId);
      if (!config) throw notConfiguring();
      const check = checkHardware(config, report);
      const row = await deps.db.transaction(async (tx) => {
        const updated = await repo.setStatusIf(tx, node.id, [NODE_STATUS.configuring], {
          check: JSON.stringify(check),
          storage: report.storage,
          ram: report.ram,
          ipAddress: report.ip,
          os: report.os,
          bandwidth: report.bandwidth,
        });
        // The admins hear of a node turning Misconfigured once, not of each failed check that repeats it.
        if (updated && !check.result && resultOf(node.check) !== false) {
          await queueAlerts(tx, {
            nodeIds: [node.id],
            kind: 'misconfigured',
            offlineSince: null,
            at: deps.clock.now(),
          });
        }
        return updated;
      });
      if (!row) throw notConfiguring();
      deps.hub.publish(node.teamId, STREAM_EVENT.verification);
      return check;
    },

    /** A signed heartbeat: a node in status 1 whose last check passed becomes active (10); otherwise nothing changes. */
    async heartbeat(node: NodeRow, versions: HeartbeatBody): Promise<{ status: number }> {
      await recordVersions(node, versions);
      if (node.status === NODE_STATUS.configuring && node.check && passed(node.check)) {
        const check = node.check;
        const row = await deps.db.transaction(async (tx) => {
          const activated = await repo.activateIfChecked(tx, node.id, check);
          if (activated) await recordActivity(tx, node.id, true, deps.clock.now());
          return activated;
        });
        if (row) {
          deps.hub.publish(node.teamId, STREAM_EVENT.verification);
          return { status: row.status };
        }
      }
      return { status: node.status };
    },
  };
}
