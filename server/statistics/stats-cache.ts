import type { Db } from '../db/database.ts';
import type { PrecompressedBody } from '../plugins/compression.ts';
import type { StatsJson } from './stats.repository.ts';
import { type StatsVersions, statsVersions } from './stats-versions.ts';

/**
 * A cached answer: the buckets' JSON, and the whole answer as sent to the last request that read it, kept for the
 * next request with the same start (total_result.dt), which is then sent without being built or compressed again.
 */
export interface CachedStats {
  json: StatsJson;
  sent?: { start: number; body: PrecompressedBody };
}

/** The bytes a cached answer holds (JSON text counted as one byte a character: it is ASCII). */
function sizeOf({ json, sent }: CachedStats): number {
  return json.result.length + json.total.length + (sent?.body.size ?? 0);
}

interface Entry<V> {
  stamp: string;
  value: V;
  expiresAt: number;
  size: number;
}

/**
 * Answers of the statistics service, kept until the data under them changes. An entry is stamped with the versions
 * of its nodes, taken before its query ran; writes bump the versions after they commit, so an entry is never served
 * once its data changed in this process. The TTL bounds staleness when another process writes to the same
 * PostgreSQL. Least recently used entries go first once the cached bytes pass `maxBytes`; an entry that grew after
 * it was stored (a compressed form made) is counted again each time it is read.
 */
export class StatsCache<V = CachedStats> {
  private readonly entries = new Map<string, Entry<V>>();
  private bytes = 0;

  constructor(
    private maxBytes: number,
    private readonly ttlMs: number,
    private readonly sizeOfValue: (value: V) => number,
    private readonly versions: StatsVersions = statsVersions,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Sets the memory bound (0 disables the cache) and drops every entry. */
  configure(maxBytes: number): void {
    this.maxBytes = maxBytes;
    this.entries.clear();
    this.bytes = 0;
  }

  /** The stamp of the data of these nodes as of now; take it before reading the data. */
  stamp(nodeIds: readonly number[]): string {
    return this.versions.stamp(nodeIds);
  }

  get(key: string, stamp: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.stamp !== stamp || entry.expiresAt <= this.now()) {
      this.bytes -= entry.size;
      return undefined;
    }
    const size = this.sizeOfValue(entry.value) + key.length;
    this.bytes += size - entry.size;
    entry.size = size;
    // Re-inserted: the Map's order is the order of use, oldest first.
    this.entries.set(key, entry);
    this.evict();
    return entry.value;
  }

  set(key: string, stamp: string, value: V): void {
    if (this.maxBytes <= 0) return;
    const size = this.sizeOfValue(value) + key.length;
    const previous = this.entries.get(key);
    if (previous) this.bytes -= previous.size;
    this.entries.delete(key);
    this.entries.set(key, { stamp, value, expiresAt: this.now() + this.ttlMs, size });
    this.bytes += size;
    this.evict();
  }

  /** Drops the least recently used entries until the cache is within its bound. */
  private evict(): void {
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= entry.size;
    }
  }
}

/** An answer is at most this old when another process may write to the database. */
export const STATS_CACHE_TTL_MS = 60_000;
const DEFAULT_MAX_BYTES = 32 * 1024 * 1024;

// One cache per database handle: answers of one database are never served for another.
const caches = new WeakMap<Db, StatsCache>();

/** The statistics cache of a database handle (the stats plugin sets its size from the config). */
export function statsCacheOf(db: Db): StatsCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new StatsCache(DEFAULT_MAX_BYTES, STATS_CACHE_TTL_MS, sizeOf);
    caches.set(db, cache);
  }
  return cache;
}
