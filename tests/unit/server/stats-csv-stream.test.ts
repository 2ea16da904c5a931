import { describe, expect, it } from 'vitest';
import type { StatPoint } from '../../../contracts/stats-answer.schema.ts';
import { CSV_PAGE_BUCKETS, statsCsvStream } from '../../../server/statistics/stats-csv.ts';

const point = (dt: number): StatPoint => ({
  dt,
  nodrUpLink: 60,
  deliveredToViewers: 120,
  inputFromCdn: 30,
  totalViewers: 5,
  qualityIndex: 99.5,
  deliverToInputRatio: 4,
});

/** A reader of a window where every bucket has data; records each page it was asked for. */
function fakeReader(interval: number) {
  const pages: [number, number][] = [];
  const read = async (from: number, to: number) => {
    pages.push([from, to]);
    const points: StatPoint[] = [];
    for (let dt = from; dt < to; dt += interval) points.push(point(dt));
    return points;
  };
  return { read, pages };
}

describe('statsCsvStream', () => {
  it('reads the window in pages of at most CSV_PAGE_BUCKETS buckets, in order, covering it exactly', async () => {
    const { read, pages } = fakeReader(60);
    const last = 1000 * 60;
    let text = '';
    for await (const chunk of statsCsvStream(
      read,
      { team: 't', period: 'day', interval: 60 },
      { first: 0, last },
    ))
      text += chunk;
    expect(text.trim().split('\n')).toHaveLength(1001);
    expect(pages[0]).toEqual([0, CSV_PAGE_BUCKETS * 60]);
    expect(pages.at(-1)?.[1]).toBe(last);
    for (const [index, [from, to]] of pages.entries()) {
      expect(to - from).toBeLessThanOrEqual(CSV_PAGE_BUCKETS * 60);
      if (index > 0) expect(from).toBe(pages[index - 1]![1]);
    }
  });

  it('reads no further than the reader of the CSV has asked: a slow connection never makes it hold the window', async () => {
    const { read, pages } = fakeReader(60);
    // A window far longer than any period: were it built at once, every page would be read before the first chunk.
    const stream = statsCsvStream(
      read,
      { team: 't', period: 'day', interval: 60 },
      { first: 0, last: 1_000_000 * 60 },
    );
    const iterator = stream[Symbol.asyncIterator]();
    await iterator.next();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const total = Math.ceil(1_000_000 / CSV_PAGE_BUCKETS);
    expect(pages.length).toBeGreaterThan(0);
    expect(pages.length).toBeLessThan(total / 100);
    stream.destroy();
  });

  it('a failed read ends the stream with the error instead of a file that looks complete', async () => {
    const stream = statsCsvStream(
      async () => {
        throw new Error('database gone');
      },
      { team: 't', period: 'day', interval: 60 },
      { first: 0, last: 600 },
    );
    await expect(async () => {
      for await (const _chunk of stream) {
        // drain
      }
    }).rejects.toThrow('database gone');
  });
});
