/**
 * Versions of the statistics data: a node's version moves when its minutes change, the epoch when rows of any node
 * may have gone. Process-wide rather than per database handle, so a write through any handle (a transaction too)
 * is seen; several databases in one process (tests) only cause extra misses, never a stale answer.
 */
export class StatsVersions {
  private readonly versions = new Map<number, number>();
  private epoch = 0;

  /** The stamp of the data of these nodes as of now; take it before reading the data. */
  stamp(nodeIds: readonly number[]): string {
    return `${this.epoch}:${nodeIds.map((id) => this.versions.get(id) ?? 0).join(',')}`;
  }

  /** New minutes of these nodes were committed. */
  nodesChanged(nodeIds: readonly number[]): void {
    for (const id of nodeIds) this.versions.set(id, (this.versions.get(id) ?? 0) + 1);
  }

  /** Rows of any node may have gone (retention). */
  allChanged(): void {
    this.epoch += 1;
  }
}

/** The versions every statistics write bumps (stats.repository.ts) and every cached answer is checked against. */
export const statsVersions = new StatsVersions();
