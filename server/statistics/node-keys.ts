import type { Db } from '../db/database.ts';

/** A node as the statistics service checks it: whose it is, under which id its statistics are kept. */
export interface KeyedNode {
  id: number;
  teamId: number;
  licenseKey: string;
}

/** Keys kept per process: about 100 bytes each, so the bound is some ten megabytes. */
const CAPACITY = 100_000;

/**
 * The node of each license key that statistics requests named, kept in this process, so that a request answered
 * from the statistics cache touches no database. It needs no forgetting: a node's row is never removed (a deleted
 * node keeps it, status 50, for its statistics; a team is closed, never removed), and its id, team and license key
 * never change (NodePatch in nodes.repository.ts leaves them out). Keys not found are not kept, since their node may
 * yet be created. Past CAPACITY keys, the oldest stored is dropped.
 */
export class NodeKeys {
  private readonly byKey = new Map<string, KeyedNode>();

  constructor(private readonly capacity: number = CAPACITY) {}

  /** The nodes of `keys` that exist, asking `read` only for the keys not kept yet. */
  async lookup(
    keys: readonly string[],
    read: (missing: string[]) => Promise<KeyedNode[]>,
  ): Promise<KeyedNode[]> {
    const found: KeyedNode[] = [];
    const missing: string[] = [];
    for (const key of keys) {
      const node = this.byKey.get(key);
      if (node) found.push(node);
      else missing.push(key);
    }
    if (missing.length === 0) return found;
    for (const node of await read(missing)) {
      this.keep(node);
      found.push(node);
    }
    return found;
  }

  private keep(node: KeyedNode): void {
    if (this.capacity <= 0) return;
    this.byKey.delete(node.licenseKey);
    if (this.byKey.size >= this.capacity) {
      const oldest = this.byKey.keys().next().value;
      if (oldest !== undefined) this.byKey.delete(oldest);
    }
    this.byKey.set(node.licenseKey, { id: node.id, teamId: node.teamId, licenseKey: node.licenseKey });
  }
}

// One per database handle: the nodes of one database are never answered for another.
const perDatabase = new WeakMap<Db, NodeKeys>();

/** The kept license keys of a database handle. */
export function nodeKeysOf(db: Db): NodeKeys {
  let keys = perDatabase.get(db);
  if (!keys) {
    keys = new NodeKeys();
    perDatabase.set(db, keys);
  }
  return keys;
}
