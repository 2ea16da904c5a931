import { hkdfSync, randomBytes } from 'node:crypto';
import type { Db } from '../db/database.ts';
import { storedSecret } from './server-secrets.repository.ts';

const NAME = 'main';

/**
 * The server's own secret, generated once and kept in the database, so that it survives restarts,
 * works the same on PGlite and PostgreSQL, and is never part of the source. A concurrent first start keeps
 * whichever insert won.
 */
async function loadSecret(db: Db): Promise<Buffer> {
  const value = await storedSecret(db, NAME, randomBytes(32).toString('base64'));
  if (value === undefined) throw new Error('server secret missing');
  return Buffer.from(value, 'base64');
}

/** What each key is for: one key per purpose, so that a key can never be used for another purpose. */
export type KeyPurpose = 'device-cookie' | 'totp-secret' | 'unsubscribe' | 'passkey-user';

/** Keys derived (HKDF-SHA256) from the server secret, read from the database once per app. */
export function serverKeys(db: Db): (purpose: KeyPurpose) => Promise<Buffer> {
  let secret: Promise<Buffer> | undefined;
  return async (purpose) => {
    secret ??= loadSecret(db).catch((error) => {
      secret = undefined;
      throw error;
    });
    return Buffer.from(hkdfSync('sha256', await secret, Buffer.alloc(0), `nodr ${purpose}`, 32));
  };
}
