import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { TWO_FACTOR } from '../../contracts/two-factor.ts';

const ISSUER = 'NODR Dashboard';

/** A new TOTP secret (160 bits, as RFC 4226 recommends), base32 as authenticator apps show it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totp(secret: string, label = ''): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: TWO_FACTOR.digits,
    period: TWO_FACTOR.periodSeconds,
    secret: Secret.fromBase32(secret),
  });
}

/** The otpauth:// URI the QR code carries. */
export function totpUri(secret: string, email: string): string {
  return totp(secret, email).toString();
}

/** The time step of a valid code (now ± the window), or undefined. */
export function matchingStep(secret: string, code: string, now: Date): number | undefined {
  const delta = totp(secret).validate({ token: code, timestamp: now.getTime(), window: TWO_FACTOR.window });
  if (delta === null) return undefined;
  return Math.floor(now.getTime() / 1000 / TWO_FACTOR.periodSeconds) + delta;
}

/** AES-256-GCM with a key derived from the server secret: a copy of the database alone does not reveal secrets. */
export function sealSecret(key: Buffer, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url')).join('.');
}

export function openSecret(key: Buffer, stored: string): string {
  const [iv, tag, sealed] = stored.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !sealed) throw new Error('malformed TOTP secret');
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(sealed), decipher.final()]).toString('utf8');
}

/** A recovery code: 10 characters of [a-z0-9] (about 51 bits) shown as `xxxxx-xxxxx`. */
export function newRecoveryCode(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  // 252 is the largest multiple of 36 below 256: rejecting larger bytes keeps every character equally likely.
  const chars: string[] = [];
  while (chars.length < 10) {
    for (const byte of randomBytes(16)) if (byte < 252 && chars.length < 10) chars.push(alphabet[byte % 36]!);
  }
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}
