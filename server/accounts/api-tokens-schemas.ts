import { Type } from 'typebox';
import { API_TOKEN_LIMITS, API_TOKEN_SCOPES } from '../../contracts/api-tokens.ts';
import { idSchema, safeString } from '../lib/input-schema.ts';
import { PASSWORD_MAX } from './passwords.ts';

/** TypeBox schemas of the API token calls (docs/api-tokens.md): Fastify validates with them. */

const id = idSchema;
const scope = Type.Enum(API_TOKEN_SCOPES);
const moment = Type.String({ format: 'date-time' });

export const tokenIdParams = Type.Object({ id }, { additionalProperties: false });

export const createTokenBody = Type.Object(
  {
    // The control-character rule of every string the server takes (server/lib/input-schema.ts).
    name: Type.Unsafe<string>(safeString({ minLength: 1, maxLength: API_TOKEN_LIMITS.nameLength })),
    teamId: id,
    scope,
    expiresInDays: Type.Optional(Type.Integer({ minimum: 1, maximum: API_TOKEN_LIMITS.maxExpiryDays })),
    // The current password, checked as the e-mail change checks it (profile-common.ts checkCurrentPassword).
    password: Type.Unsafe<string>(safeString({ minLength: 1, maxLength: PASSWORD_MAX })),
  },
  { additionalProperties: false },
);

const tokenProperties = {
  id: Type.Integer(),
  name: Type.String(),
  teamId: Type.Integer(),
  scope,
  createdAt: moment,
  lastUsedAt: Type.Union([moment, Type.Null()]),
  lastUsedIp: Type.Union([Type.String(), Type.Null()]),
  expiresAt: Type.Union([moment, Type.Null()]),
};

export const tokenResponse = Type.Object(tokenProperties, { additionalProperties: false });

export const createdTokenResponse = Type.Object(
  { ...tokenProperties, token: Type.String() },
  { additionalProperties: false },
);

export const tokenListResponse = Type.Array(tokenResponse);

export const revokedTokenResponse = Type.Object({ ok: Type.Literal(true) }, { additionalProperties: false });
