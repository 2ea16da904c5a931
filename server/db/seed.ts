import { sql } from 'drizzle-orm';
import { CONFIG_STATUS } from '../../contracts/node-rules.ts';
import type { Db } from './database.ts';
import { configs } from './schema.ts';

const GB = 1_000_000_000;
const TB = 1_000 * GB;
const Mbps = 1_000_000;
const Gbps = 1_000 * Mbps;

/** Hardware configurations offered in the add-node flow (spec 3). Sizes are decimal: bytes and bits per second. */
export const seedConfigs = [
  {
    id: 1,
    name: 'NODR Lite',
    status: CONFIG_STATUS.available,
    storage: 500 * GB,
    ram: 8 * GB,
    bandwidth: 500 * Mbps,
    ipType: 'IPv4',
  },
  {
    id: 2,
    name: 'NODR Standard',
    status: CONFIG_STATUS.available,
    storage: 2 * TB,
    ram: 16 * GB,
    bandwidth: 1 * Gbps,
    ipType: 'IPv4',
  },
  {
    id: 3,
    name: 'NODR Pro',
    status: CONFIG_STATUS.available,
    storage: 8 * TB,
    ram: 64 * GB,
    bandwidth: 10 * Gbps,
    ipType: 'IPv4',
  },
  {
    id: 4,
    name: 'NODR Edge',
    status: CONFIG_STATUS.soon,
    storage: 16 * TB,
    ram: 128 * GB,
    bandwidth: 25 * Gbps,
    ipType: 'IPv4 + IPv6',
  },
];

/** Inserts or refreshes the reference data; safe to run at every start. */
export async function seedReferenceData(db: Db): Promise<void> {
  await db
    .insert(configs)
    .values(seedConfigs)
    .onConflictDoUpdate({
      target: configs.id,
      set: {
        name: sql`excluded.name`,
        status: sql`excluded.status`,
        storage: sql`excluded.storage`,
        ram: sql`excluded.ram`,
        bandwidth: sql`excluded.bandwidth`,
        ipType: sql`excluded.ip_type`,
      },
    });
  await db.execute(
    sql`select setval(pg_get_serial_sequence('configs', 'id'), (select max(id) from configs))`,
  );
}
