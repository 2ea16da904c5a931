/**
 * spec 4: the codes of the account deletion pre-check (POST v1/user/{userId}/info_delete); its answer's shape is
 * contracts/account-deletion.schema.ts.
 */

/** The pre-check's codes: 200-203 allow the deletion, 401 and 402 block it. */
export const PRECHECK_STATUSES = [200, 201, 202, 203, 401, 402] as const;
export type PrecheckStatus = (typeof PRECHECK_STATUSES)[number];
