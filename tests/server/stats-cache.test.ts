import { describe, expect, it } from 'vitest';
import { StatsCache } from '../../server/statistics/stats-cache.ts';
import { StatsVersions } from '../../server/statistics/stats-versions.ts';

const answer = (text: string) => text;
const length = (text: string) => text.length;

describe('StatsCache', () => {
  it('serves an entry only while the stamp of its nodes is unchanged', () => {
    const versions = new StatsVersions();
    const cache = new StatsCache(1000, 60_000, length, versions, () => 0);
    const stamp = cache.stamp([1, 2]);
    cache.set('k', stamp, answer('a'));
    expect(cache.get('k', cache.stamp([1, 2]))).toEqual(answer('a'));
    versions.nodesChanged([3]);
    expect(cache.get('k', cache.stamp([1, 2]))).toEqual(answer('a'));
    versions.nodesChanged([2]);
    expect(cache.get('k', cache.stamp([1, 2]))).toBeUndefined();
    cache.set('k', cache.stamp([1, 2]), answer('b'));
    versions.allChanged();
    expect(cache.get('k', cache.stamp([1, 2]))).toBeUndefined();
  });

  it('expires entries after the TTL', () => {
    let now = 0;
    const cache = new StatsCache(1000, 100, length, new StatsVersions(), () => now);
    cache.set('k', cache.stamp([1]), answer('a'));
    now = 99;
    expect(cache.get('k', cache.stamp([1]))).toBeDefined();
    now = 100;
    expect(cache.get('k', cache.stamp([1]))).toBeUndefined();
  });

  it('drops the least recently used entries past its size, and keeps nothing when sized 0', () => {
    const cache = new StatsCache(30, 60_000, length, new StatsVersions(), () => 0);
    const stamp = cache.stamp([1]);
    cache.set('a', stamp, answer('x'.repeat(10)));
    cache.set('b', stamp, answer('x'.repeat(10)));
    expect(cache.get('a', stamp)).toBeDefined();
    cache.set('c', stamp, answer('x'.repeat(10)));
    expect(cache.get('b', stamp)).toBeUndefined();
    expect(cache.get('a', stamp)).toBeDefined();
    expect(cache.get('c', stamp)).toBeDefined();
    cache.configure(0);
    cache.set('d', stamp, answer('x'));
    expect(cache.get('d', stamp)).toBeUndefined();
  });

  it('counts an entry again when it grew after it was stored, and drops the oldest to make room', () => {
    const cache = new StatsCache<{ size: number }>(
      30,
      60_000,
      (value) => value.size,
      new StatsVersions(),
      () => 0,
    );
    const stamp = cache.stamp([1]);
    const grows = { size: 10 };
    cache.set('a', stamp, grows);
    cache.set('b', stamp, { size: 10 });
    grows.size = 25;
    // a is read, so b is now the least recently used; a counted at 26 bytes puts the cache past 30.
    expect(cache.get('a', stamp)).toBe(grows);
    expect(cache.get('b', stamp)).toBeUndefined();
    expect(cache.get('a', stamp)).toBe(grows);
  });
});
