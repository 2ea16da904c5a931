/**
 * spec 5: the shape of a node's public key as pasted. The web app checks it before it sends; the server checks it,
 * then also parses the key as ECDSA P-256 (server/nodes/public-key.ts).
 */

// A begin line, one line of 64 base64 characters, one line of 60 (the last two may be padding), an end line.
// This is exactly how an ECDSA P-256 SubjectPublicKeyInfo (91 bytes of DER) prints as PEM.
const PEM_SHAPE =
  /^-----BEGIN PUBLIC KEY-----\n[A-Za-z0-9+/]{64}\n[A-Za-z0-9+/]{58}(?:[A-Za-z0-9+/]{2}|[A-Za-z0-9+/]=|==)\n-----END PUBLIC KEY-----$/;

/** The longest paste looked at, before any parsing: a valid key is 178 characters, CRLF and spaces included. */
const MAX_INPUT_LENGTH = 1024;

/**
 * CRLF line ends accepted; each line trimmed, since spaces and tabs picked up by a copy from a terminal or an e-mail
 * are no part of a PEM line; blank lines around the key dropped.
 */
export const normalisePublicKey = (text: string): string =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .join('\n')
    .trim();

/** Whether a pasted key has the PEM shape of spec 5. */
export function hasPublicKeyShape(text: string): boolean {
  return text.length <= MAX_INPUT_LENGTH && PEM_SHAPE.test(normalisePublicKey(text));
}
