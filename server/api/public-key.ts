import { createHash, createPublicKey } from 'node:crypto';
import { badRequest } from '../lib/errors.ts';

/** spec 8: the text shown for a key of the wrong format (and for a 500 on create/update). */
export const INVALID_PUBLIC_KEY_MESSAGE = 'Incorrect format public key. Please check your key and try again';

// spec 5: a begin line, one line of 64 base64 characters, one line of 60 (the last two may be padding), an end line.
// This is exactly how an ECDSA P-256 SubjectPublicKeyInfo (91 bytes of DER) prints as PEM.
const PEM_SHAPE =
  /^-----BEGIN PUBLIC KEY-----\n[A-Za-z0-9+/]{64}\n[A-Za-z0-9+/]{58}(?:[A-Za-z0-9+/]{2}|[A-Za-z0-9+/]=|==)\n-----END PUBLIC KEY-----$/;

/** Maximum accepted input length before any parsing: a valid key is 178 characters, CRLF and spaces included. */
const MAX_INPUT_LENGTH = 1024;

export interface CanonicalPublicKey {
  /** The key as Node exports it (SPKI PEM, LF line ends, no trailing newline). */
  pem: string;
  /** SHA-256 (hex) of the DER SubjectPublicKeyInfo: the identity of the key, whatever its text encoding. */
  fingerprint: string;
}

/** The spec 5 shape check alone (CRLF accepted, outer whitespace trimmed); the web app applies the same rule. */
export function hasPublicKeyShape(text: string): boolean {
  return text.length <= MAX_INPUT_LENGTH && PEM_SHAPE.test(normalise(text));
}

function normalise(text: string): string {
  return text.replace(/\r\n/g, '\n').trim();
}

/**
 * Checks a pasted public key: the spec 5 PEM shape, then that it parses as an EC key on the P-256 curve.
 * Returns its canonical form and fingerprint, or throws the 400 the web app shows as 'Incorrect format public key...'.
 */
export function parsePublicKey(text: string): CanonicalPublicKey {
  if (!hasPublicKeyShape(text)) throw badRequest('invalid_public_key', INVALID_PUBLIC_KEY_MESSAGE);
  let key: ReturnType<typeof createPublicKey>;
  try {
    key = createPublicKey({ key: normalise(text), format: 'pem' });
  } catch {
    throw badRequest('invalid_public_key', INVALID_PUBLIC_KEY_MESSAGE);
  }
  if (key.asymmetricKeyType !== 'ec' || key.asymmetricKeyDetails?.namedCurve !== 'prime256v1') {
    throw badRequest('invalid_public_key', INVALID_PUBLIC_KEY_MESSAGE);
  }
  const der = key.export({ type: 'spki', format: 'der' });
  const pem = String(key.export({ type: 'spki', format: 'pem' })).trim();
  return { pem, fingerprint: createHash('sha256').update(der).digest('hex') };
}
