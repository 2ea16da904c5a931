import type { PrecheckStatus } from '../../api/settings.ts';

/**
 * spec 4, "The settings screen phrases the codes as": 200 can delete, 201 as solo team, 202 with no solo admin role,
 * 203 with no admin role, 400 cannot delete, 401 as sole admin with many users, 402 with many teams where sole
 * admin. The server sends 402 for one blocking team and 401 for several (spec 4 table), so each text below is true
 * of both readings the spec gives (docs/account-deletion.md).
 */
export const precheckTexts: Record<PrecheckStatus, string> = {
  200: 'You can delete your account: you are not a member of any team.',
  201: 'You can delete your account: you are the only member of your team, so the team is closed with it.',
  202: 'You can delete your account: you are not the only Admin of your team, so it stays with its other Admins.',
  203: 'You can delete your account: you are not the only Admin of a team with other users.',
  401: 'You cannot delete your account: you are the sole Admin of several teams with other users. Pass the Admin role to another member or delete those teams first.',
  402: 'You cannot delete your account: you are the sole Admin of a team with other users. Pass the Admin role to another member or delete the team first.',
};

/** spec 2: what a pending deletion means, stated in the confirm modal. */
export const deletionStatements = [
  'While deletion is pending, the team cannot change settings, invite users or assign roles.',
  'Services stay active until the deletion is confirmed from the link we e-mail you.',
  'A deleted team cannot be restored.',
] as const;
