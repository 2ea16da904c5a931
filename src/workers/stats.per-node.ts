import type { StatPoint } from '../../contracts/stats-answer.schema.ts';
import {
  buffersOf,
  type StatPointsInput,
  type StatSeries,
  type TransformRequest,
  transformStats,
} from './stats.ts';

/** The per-node breakdown of an answer asked with `perNode: true` (docs/api-stats.md), one entry per node. */
export interface PerNodeRequest extends Omit<TransformRequest, 'points' | 'total'> {
  nodes: readonly { id: number; points: StatPointsInput; total?: StatPoint }[];
}

/** One node's series on the window's grid: its id (which keeps its colour on screen) and its figures alone. */
export interface NodeSeries {
  id: number;
  series: StatSeries;
}

/**
 * Each node's points as its own series, on the same grid as the whole answer (the same window and interval), so
 * the charts draw a line per node over the same time scale; its totals are the service's totals of that node.
 */
export function transformPerNode(request: PerNodeRequest): NodeSeries[] {
  const { nodes, ...grid } = request;
  return nodes.map((node) => ({
    id: node.id,
    series: transformStats({ ...grid, points: node.points, total: node.total }),
  }));
}

/** Every typed array of every node's series, for `Comlink.transfer`. */
export function buffersOfNodes(nodes: readonly NodeSeries[]): ArrayBuffer[] {
  return nodes.flatMap((node) => buffersOf(node.series));
}
