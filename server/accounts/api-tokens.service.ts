import type {
  ApiTokenBody,
  CreateApiTokenBody,
  CreatedApiTokenBody,
} from '../../contracts/api-tokens.schema.ts';
import {
  API_TOKEN_ERRORS,
  API_TOKEN_LIMITS,
  API_TOKEN_PREFIX,
  isApiTokenScope,
} from '../../contracts/api-tokens.ts';
import { hasInvisibleCharacters, INVISIBLE_CHARACTERS } from '../../contracts/visible-text.ts';
import type { Deps } from '../deps.ts';
import { type Caller, requireMember } from '../lib/authenticate.ts';
import { badRequest, conflict, HttpError } from '../lib/errors.ts';
import { hashToken, randomToken } from '../lib/tokens.ts';
import { ACTIVITY, recordActivity } from './activity.ts';
import * as repo from './api-tokens.repository.ts';
import { checkCurrentPassword, type ProfileLimiters } from './profile-common.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

function tokenJson(row: repo.ApiTokenRow): ApiTokenBody {
  if (!isApiTokenScope(row.scope)) throw new Error(`api_tokens ${row.id}: unknown scope ${row.scope}`);
  return {
    id: row.id,
    name: row.name,
    teamId: row.teamId,
    scope: row.scope,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    lastUsedIp: row.lastUsedIp,
    expiresAt: row.expiresAt?.toISOString() ?? null,
  };
}

/** The caller's API tokens. Only a browser session reaches these (the auth service takes no token). */
export function createApiTokensService(deps: Deps, limits: ProfileLimiters) {
  const { db, clock } = deps;

  return {
    /** GET v1/tokens */
    async list(caller: Caller): Promise<ApiTokenBody[]> {
      return (await repo.liveTokensOf(db, caller.userId)).map(tokenJson);
    },

    /**
     * POST v1/tokens: the secret is in this answer only; the database keeps its SHA-256. The current password is
     * asked for, so a stolen session alone cannot mint a token that would outlive the owner's recovery.
     */
    async create(caller: Caller, body: CreateApiTokenBody): Promise<CreatedApiTokenBody> {
      const name = body.name.trim();
      if (name === '')
        throw badRequest(API_TOKEN_ERRORS.nameRequired.error, API_TOKEN_ERRORS.nameRequired.message);
      if (hasInvisibleCharacters(name))
        throw badRequest(INVISIBLE_CHARACTERS.name.error, INVISIBLE_CHARACTERS.name.message);
      requireMember(caller, body.teamId);
      await checkCurrentPassword(deps, limits, caller.userId, body.password);
      const now = clock.now();
      const secret = `${API_TOKEN_PREFIX}${randomToken(32)}`;
      const row = await db.transaction(async (tx) => {
        await repo.lockUser(tx, caller.userId);
        if ((await repo.countLiveTokens(tx, caller.userId)) >= API_TOKEN_LIMITS.perUser) {
          throw conflict(API_TOKEN_ERRORS.tooMany.error, API_TOKEN_ERRORS.tooMany.message);
        }
        await recordActivity(tx, {
          userId: caller.userId,
          kind: ACTIVITY.apiTokenCreated,
          at: now,
          ...caller.client,
        });
        return repo.insertToken(tx, {
          userId: caller.userId,
          teamId: body.teamId,
          name,
          scope: body.scope,
          tokenHash: hashToken(secret),
          createdAt: now,
          expiresAt:
            body.expiresInDays === undefined ? null : new Date(now.getTime() + body.expiresInDays * DAY_MS),
        });
      });
      return { ...tokenJson(row), token: secret };
    },

    /** DELETE v1/tokens/{id}: another's token, an unknown one or one already revoked is the same 404. */
    async revoke(caller: Caller, id: number): Promise<{ ok: true }> {
      const now = clock.now();
      await db.transaction(async (tx) => {
        if (!(await repo.revokeToken(tx, caller.userId, id, now))) {
          throw new HttpError(404, API_TOKEN_ERRORS.notFound.error, API_TOKEN_ERRORS.notFound.message);
        }
        await recordActivity(tx, {
          userId: caller.userId,
          kind: ACTIVITY.apiTokenRevoked,
          at: now,
          ...caller.client,
        });
      });
      return { ok: true };
    },
  };
}
