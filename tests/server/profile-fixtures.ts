import { eq } from 'drizzle-orm';
import { create } from 'superstruct';
import { hashPassword } from '../../server/accounts/passwords.ts';
import { users } from '../../server/db/schema.ts';
import { type User, UserStruct } from '../../src/api/auth.ts';
import { createSignedInUser, form, type SignedInUser, type TestServer } from '../helpers/server.ts';

export const PASSWORD = 'old-secret-1';

// One argon2 hash for every fixture: hashing costs ~50 ms and the tests create many accounts.
let passwordHash: Promise<string> | undefined;

/** A signed-in user with a real password, a member of `teamId` (or admin of a new team). */
export async function createAccount(
  server: TestServer,
  options: { teamId?: number; role?: number; email?: string } = {},
): Promise<SignedInUser> {
  const account = await createSignedInUser(server, options);
  passwordHash ??= hashPassword(PASSWORD);
  await server.db
    .update(users)
    .set({ passwordHash: await passwordHash })
    .where(eq(users.id, account.userId));
  return account;
}

type Method = 'POST' | 'DELETE' | 'GET' | 'PUT';

/** One call to the auth service with a form body, as the web app sends it. */
export function call(
  server: TestServer,
  method: Method,
  path: string,
  fields: Record<string, string | number | boolean> | undefined,
  who?: SignedInUser,
) {
  const body = fields ? form(fields) : undefined;
  return server.app.inject({
    method,
    url: `/auth/${path}`,
    payload: body?.payload,
    headers: { ...body?.headers, ...who?.headers },
  });
}

/** The response body as the web app's UserStruct reads it (client and server agree, STYLE.md 6). */
export function asUser(body: unknown): User {
  return create(body, UserStruct);
}

export const paths = {
  changePassword: (u: SignedInUser) =>
    `v1/profile_settings/user/${u.userId}/team/${u.teamId}/change_password`,
  changeEmail: (u: SignedInUser) => `v1/profile_settings/user/${u.userId}/team/${u.teamId}/change_email`,
  acceptEmail: 'v1/profile_settings/change_email/accept',
  resendEmail: (u: SignedInUser) => `v1/profile_settings/user/${u.userId}/change_email/resend`,
  revokeEmail: (u: SignedInUser) => `v1/profile_settings/user/${u.userId}/change_email/revoke`,
  precheck: (u: SignedInUser) => `v1/user/${u.userId}/info_delete`,
  deleteUser: (u: SignedInUser) => `v1/user/${u.userId}`,
  resendDeletion: (u: SignedInUser) => `v1/user/${u.userId}/resend`,
  revokeDeletion: (u: SignedInUser) => `v1/user/${u.userId}/revoke`,
  acceptDeletion: 'v1/user/accept',
};

/** The hash at the end of a link from a mail, e.g. .../changeEmail/{hash}. */
export function hashOf(link: string): string {
  return new URL(link).pathname.split('/').at(-1) ?? '';
}
