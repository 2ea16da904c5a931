import type { AlertEvent, AlertNodeBody, AlertPayloadBody } from '../../contracts/alert-channels.ts';
import { ALERT_BATCH_WINDOW_MS } from '../../contracts/notifications.ts';
import type { Db } from '../db/database.ts';
import {
  channelsOfNodes,
  deleteMessage,
  offlineWasTold,
  openOfflineBatch,
  queueMessage,
  replacePayload,
  teamHasOtherOnlineNode,
} from './alert-channels.repository.ts';
import type { AlertKind } from './alerts.repository.ts';

const EVENT_OF: Record<AlertKind, AlertEvent> = {
  offline: 'node.offline',
  online: 'node.online',
  misconfigured: 'node.misconfigured',
  outdated: 'node.outdated',
};

const label = (node: AlertNodeBody) => (node.name ? `${node.name} (${node.domain})` : node.domain);

/** The words of a message, the same for every channel: one line per node. */
export function alertText(event: AlertEvent, nodes: readonly AlertNodeBody[]): string {
  if (event === 'alert.test') return 'NODR test alert: this channel receives the alerts of its team.';
  const says = {
    'node.offline': 'is offline',
    'node.online': 'is back online',
    'node.misconfigured': 'failed its hardware check (Misconfigured)',
    'node.outdated': 'runs an older agent: an update is available',
  }[event];
  return nodes.map((node) => `NODR ${label(node)} ${says}.`).join('\n');
}

export function payloadOf(
  event: AlertEvent,
  at: Date,
  team: { id: number; name: string },
  channel: { id: number; name: string },
  nodes: AlertNodeBody[],
): AlertPayloadBody {
  return {
    type: event,
    timestamp: at.toISOString(),
    data: { team, channel, nodes, text: alertText(event, nodes) },
  };
}

/**
 * Queues a message per channel of each node's team, in the transaction that records the nodes' change. Nodes that
 * go offline within ALERT_BATCH_WINDOW_MS of each other join one message per channel, as the e-mail does: an
 * offline message waits the window while another node of the team is still online to join it, and at least the
 * channel's own offline delay.
 */
export async function queueChannelAlerts(
  tx: Db,
  alert: { nodeIds: readonly number[]; kind: AlertKind; offlineSince: Date | null; at: Date },
): Promise<void> {
  if (alert.nodeIds.length === 0) return;
  const event = EVENT_OF[alert.kind];
  const offlineSince = alert.offlineSince?.toISOString() ?? null;
  const byChannel = new Map<number, Awaited<ReturnType<typeof channelsOfNodes>>>();
  for (const row of await channelsOfNodes(tx, alert.nodeIds))
    byChannel.set(row.channelId, [...(byChannel.get(row.channelId) ?? []), row]);
  for (const [channelId, rows] of byChannel) {
    const first = rows[0]!;
    const nodes = rows.map((row) => ({
      ...row.node,
      offlineSince: event === 'node.offline' ? offlineSince : null,
    }));
    const team = { id: first.teamId, name: first.teamName };
    const channel = { id: channelId, name: first.channelName };
    if (event !== 'node.offline') {
      await queueMessage(tx, {
        channelId,
        event,
        payload: payloadOf(event, alert.at, team, channel, nodes),
        nextAttemptAt: alert.at,
      });
      continue;
    }
    // The channel's own delay: a node back before it is removed from the untried message (endChannelOfflineEpisode).
    const delayedUntil = new Date(alert.at.getTime() + first.offlineDelayMs);
    const open = await openOfflineBatch(tx, channelId, alert.at);
    if (open) {
      const joined = [...open.payload.data.nodes, ...nodes];
      await replacePayload(
        tx,
        open.id,
        payloadOf(event, new Date(open.payload.timestamp), team, channel, joined),
        delayedUntil,
      );
      continue;
    }
    const batchUntil = new Date(alert.at.getTime() + ALERT_BATCH_WINDOW_MS);
    const waits = await teamHasOtherOnlineNode(tx, first.teamId, alert.nodeIds);
    const due = waits ? batchUntil : alert.at;
    await queueMessage(tx, {
      channelId,
      event,
      payload: payloadOf(event, alert.at, team, channel, nodes),
      nextAttemptAt: due > delayedUntil ? due : delayedUntil,
      batchUntil,
    });
  }
}

/**
 * A node came back. A channel whose offline message has not been tried yet loses the node from it (a flap within
 * the window says nothing); a channel that was told it went offline is told it is back.
 */
export async function endChannelOfflineEpisode(
  tx: Db,
  nodeId: number,
  offlineSince: Date,
  at: Date,
): Promise<void> {
  const since = offlineSince.toISOString();
  for (const row of await channelsOfNodes(tx, [nodeId])) {
    const open = await openOfflineBatch(tx, row.channelId, new Date(0));
    if (open?.payload.data.nodes.some((node) => node.id === nodeId)) {
      const rest = open.payload.data.nodes.filter((node) => node.id !== nodeId);
      if (rest.length === 0) await deleteMessage(tx, open.id);
      else {
        const { team, channel } = open.payload.data;
        await replacePayload(
          tx,
          open.id,
          payloadOf('node.offline', new Date(open.payload.timestamp), team, channel, rest),
        );
      }
      continue;
    }
    if (!(await offlineWasTold(tx, row.channelId, nodeId, since))) continue;
    const team = { id: row.teamId, name: row.teamName };
    const channel = { id: row.channelId, name: row.channelName };
    const nodes = [{ ...row.node, offlineSince: null }];
    await queueMessage(tx, {
      channelId: row.channelId,
      event: 'node.online',
      payload: payloadOf('node.online', at, team, channel, nodes),
      nextAttemptAt: at,
    });
  }
}
