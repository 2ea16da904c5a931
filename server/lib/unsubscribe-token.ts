import { createHmac } from 'node:crypto';

/**
 * A user's alert unsubscribe token: derived from the server's 'unsubscribe' key, the user id and the
 * user's generation, so every alert mail of the user carries the same token without the token itself being stored;
 * the database keeps only its SHA-256 (users.unsubscribe_token_hash) to find the user when the link is followed.
 * Turning alerts back on moves the generation on, so a link mailed before stops working (docs/security.md).
 * Generation 0 keeps the form tokens had before generations existed, so links already mailed still work.
 */
export function unsubscribeToken(key: Buffer, userId: number, generation: number): string {
  const subject = generation === 0 ? `unsubscribe:${userId}` : `unsubscribe:${userId}:${generation}`;
  return createHmac('sha256', key).update(subject).digest('base64url');
}
