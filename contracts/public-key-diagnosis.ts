import { normalisePublicKey } from './public-key.ts';

/**
 * Why a pasted key is not the node's public key, said under the spec 5 message ('Incorrect format public key...').
 * The web app shows it before it sends; the server answers it as `reason` beside the same message. Plain text
 * checks and a look at the DER's algorithm identifiers: no crypto library, so both sides run the same code.
 */

export const PRIVATE_KEY_REASON =
  'This is a private key: paste the public key the installer printed, and keep the private key on the node';

const WANTED = 'an ECDSA P-256 (prime256v1) public key, as the installer prints it';

/** The reason for a key of another type: what was pasted, and what is wanted. */
export const wrongKeyTypeReason = (pasted: string) => `This is ${pasted}: paste ${WANTED}.`;

/** A key in PEM armour, but its body is damaged or cut: the armour is right, the text between is not. */
export const DAMAGED_KEY_REASON =
  'The text between the BEGIN and END lines is damaged or cut short: copy the whole key again.';

/** Text that is no PEM key at all. */
export const NOT_PEM_REASON =
  'Paste the whole key, from the line -----BEGIN PUBLIC KEY----- to the line -----END PUBLIC KEY-----.';

// DER-encoded object identifiers (tag 06, length, value) of the key types a person may paste instead.
const ALGORITHMS: readonly (readonly [oid: string, name: string])[] = [
  ['06092a864886f70d010101', 'an RSA key'],
  ['06032b6570', 'an Ed25519 key'],
  ['06032b6571', 'an Ed448 key'],
  ['06052b81040022', 'an ECDSA P-384 key'],
  ['06052b81040023', 'an ECDSA P-521 key'],
  ['06052b8104000a', 'an ECDSA secp256k1 key'],
  ['06072a8648ce380401', 'a DSA key'],
];
const EC_PUBLIC_KEY = '06072a8648ce3d0201';
const P256 = '06082a8648ce3d030107';

// OpenSSH's one-line public keys: 'ssh-rsa AAAA...', 'ecdsa-sha2-nistp256 AAAA...'.
const OPENSSH_KEY = /^(ssh-rsa|ssh-ed25519|ssh-dss|ecdsa-sha2-nistp\d+|sk-\S+)\s/;

/**
 * The DER's first bytes as hex, two digits a byte, or null when the body is not base64. The algorithm identifiers
 * sit at the start of a SubjectPublicKeyInfo; the key bits after them could match an identifier by chance.
 */
function derHead(body: string): string[] | null {
  try {
    return Array.from(atob(body).slice(0, 32), (char) => char.charCodeAt(0).toString(16).padStart(2, '0'));
  } catch {
    return null;
  }
}

/** Whether the hex bytes hold `oid` (hex) starting at a byte boundary. */
function holds(bytes: string[], oid: string): boolean {
  return bytes.some((_, index) => bytes.slice(index, index + oid.length / 2).join('') === oid);
}

/**
 * The reason a paste is refused, for a person to act on; undefined when there is nothing more to say than the
 * headline. Call it only for a paste that failed the shape check (hasPublicKeyShape).
 */
export function publicKeyProblem(text: string): string | undefined {
  const key = normalisePublicKey(text);
  if (key === '') return undefined;
  if (/PRIVATE KEY-----/.test(key)) return PRIVATE_KEY_REASON;
  const openSsh = OPENSSH_KEY.exec(key);
  if (openSsh) return wrongKeyTypeReason(`an OpenSSH key (${openSsh[1]})`);
  if (/-----BEGIN RSA PUBLIC KEY-----/.test(key)) return wrongKeyTypeReason('an RSA key');
  if (/-----BEGIN CERTIFICATE-----/.test(key)) return wrongKeyTypeReason('a certificate');
  const pem = /^-----BEGIN PUBLIC KEY-----\n([\s\S]*)\n-----END PUBLIC KEY-----$/.exec(key);
  if (!pem) return NOT_PEM_REASON;
  const der = derHead(pem[1]!.replace(/\n/g, ''));
  if (der === null) return DAMAGED_KEY_REASON;
  const other = ALGORITHMS.find(([oid]) => holds(der, oid));
  if (other) return wrongKeyTypeReason(other[1]);
  if (holds(der, EC_PUBLIC_KEY) && !holds(der, P256))
    return wrongKeyTypeReason('an ECDSA key on another curve');
  return DAMAGED_KEY_REASON;
}
