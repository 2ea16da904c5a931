import type { Db } from '../db/database.ts';
import type { StatsJson } from './stats.repository.ts';
import { type StatsVersions, statsVersions } from './stats-versions.ts';

interface Entry {
  stamp: string;
  value: StatsJson;
  expiresAt: number;
  chars: number;
}

/**
 * Answers of the statistics service, kept until the data under them changes. An entry is stamped with the versions
 * of its nodes, taken before its query ran; writes bump the versions after they commit, so an entry is never served
 * once its data changed in this process. The TTL bounds staleness when another process writes to the same
 * PostgreSQL. Least recently used entries go first once the cached JSON passes `maxChars`.
 */
export class StatsCache {
  private readonly entries = new Map<string, Entry>();
  private chars = 0;

  constructor(
    private maxChars: number,
    private readonly ttlMs: number,
    private readonly versions: StatsVersions = statsVersions,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Sets the memory bound (0 disables the cache) and drops every entry. */
  configure(maxChars: number): void {
    this.maxChars = maxChars;
    this.entries.clear();
    this.chars = 0;
  }

  /** The stamp of the data of these nodes as of now; take it before reading the data. */
  stamp(nodeIds: readonly number[]): string {
    return this.versions.stamp(nodeIds);
  }

  get(key: string, stamp: string): StatsJson | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.stamp !== stamp || entry.expiresAt <= this.now()) {
      this.chars -= entry.chars;
      return undefined;
    }
    // Re-inserted: the Map's order is the order of use, oldest first.
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, stamp: string, value: StatsJson): void {
    if (this.maxChars <= 0) return;
    const chars = value.result.length + value.total.length + key.length;
    const previous = this.entries.get(key);
    if (previous) this.chars -= previous.chars;
    this.entries.delete(key);
    this.entries.set(key, { stamp, value, expiresAt: this.now() + this.ttlMs, chars });
    this.chars += chars;
    for (const [oldest, entry] of this.entries) {
      if (this.chars <= this.maxChars) break;
      this.entries.delete(oldest);
      this.chars -= entry.chars;
    }
  }
}

/** An answer is at most this old when another process may write to the database. */
export const STATS_CACHE_TTL_MS = 60_000;
const DEFAULT_MAX_CHARS = 32 * 1024 * 1024;

// One cache per database handle: answers of one database are never served for another.
const caches = new WeakMap<Db, StatsCache>();

/** The statistics cache of a database handle (the stats plugin sets its size from the config). */
export function statsCacheOf(db: Db): StatsCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new StatsCache(DEFAULT_MAX_CHARS, STATS_CACHE_TTL_MS);
    caches.set(db, cache);
  }
  return cache;
}
