import { createHmac } from 'node:crypto';

/**
 * A user's alert unsubscribe token (issue 9): derived from the server's 'unsubscribe' key and the user id, so every
 * alert mail of the user carries the same token without the token itself being stored; the database keeps only its
 * SHA-256 (users.unsubscribe_token_hash) to find the user when the link is followed.
 */
export function unsubscribeToken(key: Buffer, userId: number): string {
  return createHmac('sha256', key).update(`unsubscribe:${userId}`).digest('base64url');
}
