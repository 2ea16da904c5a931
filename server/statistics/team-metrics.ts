import type { LatestMinute, MetricsNode } from './team-metrics.repository.ts';

/** The answer's media type: the Prometheus text exposition format, version 0.0.4. */
export const PROMETHEUS_TEXT = 'text/plain; version=0.0.4; charset=utf-8';

/**
 * How far back the newest minute may start and still be shown as the node's current traffic. A node's minutes
 * arrive a minute or two late (its agent sends each one when it ends, and retries), so the window is wider than the
 * offline rule; a node silent for longer has no traffic series and its nodr_node_up says why.
 */
export const LATEST_MINUTE_WINDOW_S = 15 * 60;

interface Series {
  name: string;
  help: string;
  value(node: MetricsNode, minute: LatestMinute | undefined): number | undefined;
}

const bitsPerSecond = (bytes: number) => (bytes * 8) / 60;

/** The series of GET /api/v1/teams/{teamId}/metrics, in answer order (docs/team-metrics.md). */
const TEAM_SERIES: readonly Series[] = [
  {
    name: 'nodr_node_up',
    help: 'Whether the node is active and online (1) or not (0), as the node list shows it.',
    value: (node) => (node.up ? 1 : 0),
  },
  {
    name: 'nodr_node_last_seen_seconds',
    help: "Unix time of the node's last signed request (check, heartbeat or telemetry).",
    value: (node) => (node.lastSeenAt === null ? undefined : Math.floor(node.lastSeenAt.getTime() / 1000)),
  },
  {
    name: 'nodr_node_uplink_bits_per_second',
    help: 'Uplink bit rate of the newest reported minute.',
    value: (_node, minute) => minute && bitsPerSecond(minute.uplink),
  },
  {
    name: 'nodr_node_delivered_bits_per_second',
    help: 'Bit rate delivered to viewers in the newest reported minute.',
    value: (_node, minute) => minute && bitsPerSecond(minute.delivered),
  },
  {
    name: 'nodr_node_input_bits_per_second',
    help: 'Input bit rate from the CDN in the newest reported minute.',
    value: (_node, minute) => minute && bitsPerSecond(minute.input),
  },
  {
    name: 'nodr_node_quality_index',
    help: 'Quality index (0 to 100) of the newest reported minute.',
    value: (_node, minute) => minute?.quality,
  },
  {
    name: 'nodr_node_viewers',
    help: 'Viewers in the newest reported minute.',
    value: (_node, minute) => minute?.viewers,
  },
];

/** A label value as the text format wants it: backslash, double quote and line feed escaped. */
function escapeLabelValue(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
}

/** The team's series as Prometheus text: every node in each family, a family without values left out. */
export function teamMetricsText(nodes: readonly MetricsNode[], minutes: readonly LatestMinute[]): string {
  const byNode = new Map(minutes.map((minute) => [minute.nodeId, minute]));
  const labels = nodes.map((node) => `{node_id="${node.id}",name="${escapeLabelValue(node.name)}"}`);
  const lines: string[] = [];
  for (const series of TEAM_SERIES) {
    const samples: string[] = [];
    nodes.forEach((node, index) => {
      const value = series.value(node, byNode.get(node.id));
      if (value !== undefined) samples.push(`${series.name}${labels[index]} ${value}`);
    });
    if (samples.length === 0) continue;
    lines.push(`# HELP ${series.name} ${series.help}`, `# TYPE ${series.name} gauge`, ...samples);
  }
  return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
}
