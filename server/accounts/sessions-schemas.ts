import { Type } from 'typebox';
import { ACTIVITY } from '../../contracts/account-activity.ts';
import { Moment } from '../../contracts/wire.schema.ts';
import { answers } from '../lib/answer-schemas.ts';
import { idSchema, strictObject } from '../lib/input-schema.ts';

/** Schemas of the Sessions and Recent activity calls (docs/api-auth.md). */

export const sessionIdParams = strictObject({ id: idSchema });

export const sessionsResponse = answers({
  200: Type.Array(
    Type.Object(
      {
        id: Type.Integer(),
        device: Type.String(),
        ip: Type.String(),
        createdAt: Moment,
        lastActiveAt: Moment,
        current: Type.Boolean(),
      },
      { additionalProperties: false },
    ),
  ),
});

export const revokedResponse = answers({
  200: Type.Object(
    { ok: Type.Literal(true), revoked: Type.Optional(Type.Integer()) },
    { additionalProperties: false },
  ),
});

export const activityResponse = answers({
  200: Type.Array(
    Type.Object(
      {
        id: Type.Integer(),
        kind: Type.Enum(Object.values(ACTIVITY)),
        at: Moment,
        ip: Type.String(),
        device: Type.String(),
      },
      { additionalProperties: false },
    ),
  ),
});
