import { createHash, generateKeyPairSync, type KeyObject } from 'node:crypto';
import type { Db } from '../server/db/database.ts';
import { nodes } from '../server/db/schema.ts';
import { randomToken } from '../server/lib/tokens.ts';

/** An active node written straight to the database, with the private key that signs its requests. */
export interface BenchNode {
  id: number;
  licenseKey: string;
  privateKey: KeyObject;
}

/** A fresh P-256 key pair and an active node of `teamId` under `<licence>.<domain>`. */
export async function createBenchNode(db: Db, teamId: number, domain: string): Promise<BenchNode> {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const der = publicKey.export({ type: 'spki', format: 'der' });
  const licenseKey = randomToken();
  const [node] = await db
    .insert(nodes)
    .values({
      teamId,
      status: 10,
      configId: 1,
      publicKey: String(publicKey.export({ type: 'spki', format: 'pem' })).trim(),
      publicKeyFingerprint: createHash('sha256').update(der).digest('hex'),
      licenseKey,
      domain: `${licenseKey.slice(0, 8).toLowerCase()}.${domain}`,
    })
    .returning({ id: nodes.id });
  return { id: node!.id, licenseKey, privateKey };
}
