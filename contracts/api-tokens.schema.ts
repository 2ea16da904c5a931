import { type Static, Type } from 'typebox';
import { PASSWORD_MAX } from './account-rules.ts';
import { API_TOKEN_LIMITS, API_TOKEN_SCOPES } from './api-tokens.ts';
import { closed, idSchema, Moment, nullable, safeString } from './wire.schema.ts';

/** The bodies of the API token calls (contracts/api-tokens.ts lists the calls, scopes, limits and messages). */

const scope = Type.Enum(API_TOKEN_SCOPES);

/** POST v1/tokens: what Settings sends to create a token. */
export const CreateApiTokenSchema = Type.Object(
  {
    name: safeString({ minLength: 1, maxLength: API_TOKEN_LIMITS.nameLength }),
    teamId: idSchema,
    scope,
    expiresInDays: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: API_TOKEN_LIMITS.maxExpiryDays,
        description: 'Whole days until it expires; absent: it never expires.',
      }),
    ),
    password: safeString({
      minLength: 1,
      maxLength: PASSWORD_MAX,
      description:
        "The caller's current password: creating a token re-authenticates, as changing the e-mail does.",
    }),
  },
  closed,
);
export type CreateApiTokenBody = Static<typeof CreateApiTokenSchema>;

const tokenProperties = {
  id: Type.Integer(),
  name: Type.String(),
  teamId: Type.Integer(),
  scope,
  createdAt: Moment,
  lastUsedAt: nullable(
    Type.String({ format: 'date-time', description: 'null when never used; written at most once a minute' }),
  ),
  lastUsedIp: nullable(
    Type.String({ description: 'The client address of that last use; null when never used.' }),
  ),
  expiresAt: nullable(Type.String({ format: 'date-time', description: 'null when it never expires' })),
};

export const ApiTokenSchema = Type.Object(tokenProperties, closed);
export type ApiTokenBody = Static<typeof ApiTokenSchema>;

/** A new token, with its secret: answered once and never stored. */
export const CreatedApiTokenSchema = Type.Object({ ...tokenProperties, token: Type.String() }, closed);
export type CreatedApiTokenBody = Static<typeof CreatedApiTokenSchema>;
