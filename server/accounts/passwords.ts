import { type Algorithm, hash, verify } from '@node-rs/argon2';

export { PASSWORD_MAX } from '../../contracts/account-rules.ts';

// The package's Algorithm is a const enum, which isolated modules cannot read: 2 is Argon2id.
const ARGON2ID = 2 as Algorithm;

/** Argon2id with 19 MiB of memory, 2 passes, 1 lane (the OWASP minimum). */
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

// Verified when the address has no password, so that unknown and known addresses take about as long.
const dummyHash = hashPassword('a password nobody has');

/** True when `password` matches `stored`; with no stored hash it still spends the time of one check. */
export async function verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  if (!stored) {
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}
