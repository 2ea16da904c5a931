/** spec 3, 6 and 9: the numbers an account's and a team's fields carry, with their meaning. */

/** spec 6: role 10 in a team is Admin; any other role is shown as Viewer. */
export const ADMIN_ROLE = 10;

export const isAdminRole = (role: number): boolean => role === ADMIN_ROLE;

/** spec 4/9: a team's permissionToDelete in the deletion pre-check; 20 blocks the deletion of the account. */
export const PERMISSION_TO_DELETE = {
  allowed: 10,
  blocked: 20,
} as const;

export type PermissionToDelete = (typeof PERMISSION_TO_DELETE)[keyof typeof PERMISSION_TO_DELETE];

/** spec 3: statusChangeEmail, 0 with no change requested, 10 while a change waits for its link. */
export const EMAIL_CHANGE_STATUS = {
  none: 0,
  pending: 10,
} as const;
