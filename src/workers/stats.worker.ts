import { type Endpoint, expose, transfer } from 'comlink';
import { samplePoints } from '../data/sample-stats.ts';
import { buffersOfNodes, type NodeSeries, type PerNodeRequest, transformPerNode } from './stats.per-node.ts';
import { buffersOf, type StatSeries, type TransformRequest, transformStats } from './stats.ts';

/** What the statistics worker offers the main thread (through Comlink). */
export const statsWorkerApi = {
  /** Service points (or older ones) to chart series; the typed arrays are transferred, not copied. */
  transform(request: TransformRequest): StatSeries {
    const series = transformStats(request);
    return transfer(series, buffersOf(series));
  },
  /** Each node's points to its own series on the same grid (the per-node breakdown); all arrays transferred. */
  transformPerNode(request: PerNodeRequest): NodeSeries[] {
    const nodes = transformPerNode(request);
    return transfer(nodes, buffersOfNodes(nodes));
  },
  /** spec 1 and 4: the built-in sample data as chart series (60 s buckets). The data lives only in this worker. */
  sample(): StatSeries {
    const series = transformStats({ points: samplePoints(), interval: 60 });
    return transfer(series, buffersOf(series));
  },
};

export type StatsWorkerApi = typeof statsWorkerApi;

// `self` explicitly: under @vitest/web-worker the default endpoint would be the main thread's global (STACK.md).
// The project's DOM typings call `self` a Window; here it is the worker's scope, which is a Comlink endpoint.
expose(statsWorkerApi, self as unknown as Endpoint);
