import { describe, expect, it } from 'vitest';
import { type KeyedNode, NodeKeys } from '../../server/statistics/node-keys.ts';

const node = (id: number): KeyedNode => ({ id, teamId: 100 + id, licenseKey: `key-${id}` });

describe('NodeKeys', () => {
  it('reads only the keys it does not hold, and holds what it read', async () => {
    const keys = new NodeKeys();
    const asked: string[][] = [];
    const read = async (missing: string[]) => {
      asked.push(missing);
      return missing.filter((key) => key !== 'key-9').map((key) => node(Number(key.slice(4))));
    };
    expect(await keys.lookup(['key-1', 'key-2'], read)).toEqual([node(1), node(2)]);
    expect(await keys.lookup(['key-2', 'key-3'], read)).toEqual([node(2), node(3)]);
    expect(await keys.lookup(['key-1', 'key-3'], read)).toEqual([node(1), node(3)]);
    expect(asked).toEqual([['key-1', 'key-2'], ['key-3']]);
  });

  it('does not hold a key that was not found: its node may be created later', async () => {
    const keys = new NodeKeys();
    let exists = false;
    const read = async (missing: string[]) => (exists ? missing.map(() => node(9)) : []);
    expect(await keys.lookup(['key-9'], read)).toEqual([]);
    exists = true;
    expect(await keys.lookup(['key-9'], read)).toEqual([node(9)]);
  });

  it('drops the oldest key past its capacity, and holds none with capacity 0', async () => {
    const keys = new NodeKeys(2);
    let reads = 0;
    const read = async (missing: string[]) => {
      reads += missing.length;
      return missing.map((key) => node(Number(key.slice(4))));
    };
    await keys.lookup(['key-1', 'key-2', 'key-3'], read);
    await keys.lookup(['key-2', 'key-3'], read);
    expect(reads).toBe(3);
    await keys.lookup(['key-1'], read);
    expect(reads).toBe(4);
    const none = new NodeKeys(0);
    await none.lookup(['key-1'], read);
    await none.lookup(['key-1'], read);
    expect(reads).toBe(6);
  });
});
