import { type Static, Type } from 'typebox';
import { PERMISSION_TO_DELETE } from './account-codes.ts';
import { PRECHECK_STATUSES } from './account-deletion.ts';
import { closed } from './wire.schema.ts';

/**
 * spec 4: the answer of the account deletion pre-check (POST v1/user/{userId}/info_delete), as the server works it
 * out (server/accounts/account-deletion.precheck.ts) and the web app reads it (src/api/settings.ts PrecheckStruct).
 */

/** One of the user's teams with its head counts, the user included. */
export const PrecheckTeamSchema = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String(),
    role: Type.Integer({
      description: "The user's role in this team (contracts/account-codes.ts ADMIN_ROLE).",
    }),
    permissionToDelete: Type.Union([
      Type.Literal(PERMISSION_TO_DELETE.allowed),
      Type.Literal(PERMISSION_TO_DELETE.blocked),
    ]),
    countAdmin: Type.Integer({ description: 'Members of the team with the admin role.' }),
    countUser: Type.Integer({ description: 'Members of the team of any role.' }),
  },
  closed,
);
export type PrecheckTeamBody = Static<typeof PrecheckTeamSchema>;

/** Answered with HTTP 200, or HTTP 400 when blocked. */
export const PrecheckSchema = Type.Object(
  {
    status: Type.Enum([...PRECHECK_STATUSES]),
    statusMessage: Type.String(),
    teams: Type.Array(PrecheckTeamSchema),
  },
  closed,
);
export type PrecheckBody = Static<typeof PrecheckSchema>;
