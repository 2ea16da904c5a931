import { type Static, Type } from 'typebox';
import { ACTIVITY } from './account-activity.ts';
import { closed, Moment } from './wire.schema.ts';

/** The bodies of Settings' Sessions and Recent activity calls (docs/api-auth.md). */

/** One signed-in browser of the user, as GET v1/sessions lists it. */
export const SignedInBrowserSchema = Type.Object(
  {
    id: Type.Integer(),
    device: Type.String({ description: 'e.g. "Firefox on Linux", worked out from the user agent' }),
    ip: Type.String(),
    createdAt: Moment,
    lastActiveAt: Moment,
    current: Type.Boolean({ description: 'true for the browser that asked' }),
  },
  closed,
);
export type SignedInBrowserBody = Static<typeof SignedInBrowserSchema>;

/** The answer of DELETE v1/sessions/{id} and DELETE v1/sessions/others. */
export const RevokedSessionsSchema = Type.Object(
  { ok: Type.Literal(true), revoked: Type.Optional(Type.Integer()) },
  closed,
);
export type RevokedSessionsBody = Static<typeof RevokedSessionsSchema>;

/** One security event of the account, as GET v1/activity lists it. */
export const ActivityEntrySchema = Type.Object(
  {
    id: Type.Integer(),
    kind: Type.Enum(Object.values(ACTIVITY)),
    at: Moment,
    ip: Type.String(),
    device: Type.String(),
  },
  closed,
);
export type ActivityEntryBody = Static<typeof ActivityEntrySchema>;
