/**
 * spec 3: the user as the auth service answers it (server/accounts/account.service.ts `userView`) and the web app
 * reads it (src/api/auth.ts UserStruct, checked against this type at compile time).
 */

/** One of the user's teams; TeamsRender's first is the current workspace. Role: contracts/account-codes.ts. */
export interface TeamRenderBody {
  id: number;
  name: string;
  role: number;
}

export interface UserBody {
  id: number;
  email: string;
  name: string;
  surname: string;
  phone: string;
  /** A string index: '0' or null for the default avatar, '1'..'12' a predefined one. */
  image: string | null;
  /** ISO 8601, or null */
  changePasswordAt: string | null;
  /** contracts/account-codes.ts EMAIL_CHANGE_STATUS */
  statusChangeEmail: number;
  newChangeEmail: string | null;
  deleteProgress: boolean;
  TeamsRender: TeamRenderBody[];
}
