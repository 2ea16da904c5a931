import '@vitest/web-worker';
import { afterEach, describe, expect, it } from 'vitest';
import type { StatPoint } from '../../contracts/stats-answer.schema.ts';
import { createStatsWorker } from './stats.client.ts';
import { buffersOfNodes, type PerNodeRequest, transformPerNode } from './stats.per-node.ts';
import { transformStats } from './stats.ts';

const START = 1_772_236_800;
const HOUR = 3600;

const point = (dt: number, bytes: number, quality: number): StatPoint => ({
  dt,
  nodrUpLink: bytes,
  deliveredToViewers: 2 * bytes,
  inputFromCdn: bytes,
  totalViewers: 3,
  qualityIndex: quality,
  deliverToInputRatio: 2,
});

const total = (bytes: number, quality: number): StatPoint => ({ ...point(START, bytes, quality) });

const request = (): PerNodeRequest => ({
  interval: HOUR,
  start: START,
  end: START + 4 * HOUR,
  nodes: [
    {
      id: 7,
      points: { [START]: point(START, 3600, 90), [START + HOUR]: point(START + HOUR, 7200, 80) },
      total: total(10_800, 85),
    },
    { id: 3, points: { [START + 3 * HOUR]: point(START + 3 * HOUR, 1800, 60) }, total: total(1800, 60) },
  ],
});

describe('per-node series', () => {
  let stop: (() => void) | undefined;
  afterEach(() => stop?.());

  it('builds one series per node, in the order asked, on the same grid, each its own figures and totals', () => {
    const nodes = transformPerNode(request());
    expect(nodes.map((node) => node.id)).toEqual([7, 3]);
    const [seven, three] = nodes;
    expect([...seven!.series.times]).toEqual([...three!.series.times]);
    expect(seven!.series.times).toHaveLength(4);
    // 3600 bytes over an hour: 8 bit/s.
    expect([...seven!.series.uplink]).toEqual([8, 16, Number.NaN, Number.NaN]);
    expect([...three!.series.quality]).toEqual([Number.NaN, Number.NaN, Number.NaN, 60]);
    expect(seven!.series.totals).toMatchObject({ uplinkBits: 86_400, quality: 85, ratio: 2 });
    expect(three!.series.totals).toMatchObject({ uplinkBits: 14_400, quality: 60 });
  });

  it('equals the whole transform of each node alone', () => {
    const asked = request();
    for (const [index, node] of transformPerNode(asked).entries()) {
      const alone = asked.nodes[index]!;
      const whole = transformStats({ ...asked, points: alone.points, total: alone.total });
      expect(node.series).toEqual(whole);
    }
  });

  it('no node: no series', () => {
    expect(transformPerNode({ ...request(), nodes: [] })).toEqual([]);
  });

  it('lists every typed array of every node to transfer, none twice', () => {
    const nodes = transformPerNode(request());
    const buffers = buffersOfNodes(nodes);
    expect(new Set(buffers).size).toBe(buffers.length);
    expect(buffers).toHaveLength(2 * 6);
  });

  it('crosses from the worker as typed arrays', async () => {
    const { worker, api } = createStatsWorker();
    stop = () => worker.terminate();
    const nodes = await api.transformPerNode(request());
    expect(nodes.map((node) => node.id)).toEqual([7, 3]);
    expect(Object.prototype.toString.call(nodes[0]!.series.uplink)).toBe('[object Float64Array]');
    expect(nodes[0]!.series.uplink[1]).toBe(16);
  });
});
