import { createHash, createPublicKey } from 'node:crypto';
import { INVALID_PUBLIC_KEY_MESSAGE } from '../../contracts/node-rules.ts';
import { hasPublicKeyShape, normalisePublicKey } from '../../contracts/public-key.ts';
import { publicKeyProblem } from '../../contracts/public-key-diagnosis.ts';
import { badRequest } from '../lib/errors.ts';

export interface CanonicalPublicKey {
  /** The key as Node exports it (SPKI PEM, LF line ends, no trailing newline). */
  pem: string;
  /** SHA-256 (hex) of the DER SubjectPublicKeyInfo: the identity of the key, whatever its text encoding. */
  fingerprint: string;
}

/**
 * Checks a pasted public key: the spec 5 PEM shape, then that it parses as an EC key on the P-256 curve.
 * Returns its canonical form and fingerprint, or throws the 400 the web app shows as 'Incorrect format public key...',
 * with the reason (contracts/public-key-diagnosis.ts) under it.
 */
export function parsePublicKey(text: string): CanonicalPublicKey {
  const refused = () => badRequest('invalid_public_key', INVALID_PUBLIC_KEY_MESSAGE, publicKeyProblem(text));
  if (!hasPublicKeyShape(text)) throw refused();
  let key: ReturnType<typeof createPublicKey>;
  try {
    key = createPublicKey({ key: normalisePublicKey(text), format: 'pem' });
  } catch {
    throw refused();
  }
  if (key.asymmetricKeyType !== 'ec' || key.asymmetricKeyDetails?.namedCurve !== 'prime256v1') {
    throw refused();
  }
  const der = key.export({ type: 'spki', format: 'der' });
  const pem = String(key.export({ type: 'spki', format: 'pem' })).trim();
  return { pem, fingerprint: createHash('sha256').update(der).digest('hex') };
}
