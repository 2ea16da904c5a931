import { API_TOKEN_LIMITS, type ApiTokenScope, isApiTokenScope } from '../../contracts/api-tokens.ts';
import type { Db } from '../db/database.ts';
import { liveTokenOf, touchTokenUse } from './api-token-auth.repository.ts';
import type { Clock } from './clock.ts';
import { hashToken } from './tokens.ts';

/** A live API token with its owner's current role in the token's team. */
export interface ApiTokenGrant {
  tokenId: number;
  userId: number;
  teamId: number;
  role: number;
  scope: ApiTokenScope;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
}

/**
 * The grant of a secret, or undefined when it is unknown, revoked, expired, or its owner is no longer a member of
 * its team (the inner join: leaving the team or deleting the account ends every token at once).
 */
export async function grantOf(db: Db, clock: Clock, secret: string): Promise<ApiTokenGrant | undefined> {
  const row = await liveTokenOf(db, hashToken(secret), clock.now());
  if (!row || !isApiTokenScope(row.scope)) return undefined;
  return { ...row, scope: row.scope };
}

/**
 * "Last used" and the address it came from are written at most once a minute, not on every call a script makes;
 * Settings lists both, so the owner can tell a use they do not recognise.
 */
export async function touchApiToken(db: Db, clock: Clock, grant: ApiTokenGrant, ip: string): Promise<void> {
  const now = clock.now();
  const staleBefore = new Date(now.getTime() - API_TOKEN_LIMITS.lastUsedStepMs);
  if (grant.lastUsedAt && grant.lastUsedAt > staleBefore) return;
  await touchTokenUse(db, grant.tokenId, { now, ip, staleBefore });
}
