import {
  array,
  boolean,
  type Describe,
  type Infer,
  literal,
  nullable,
  number,
  optional,
  string,
  type,
  union,
} from 'superstruct';
import type { LinkCheckInput } from '../../contracts/password-link.ts';
import type { SessionToken, TwoFactorChallenge } from '../../contracts/session.schema.ts';
import type { TeamBody, TeamRenderBody, TeamUserBody, UserBody } from '../../contracts/user-body.schema.ts';
import type { ErrorAnswer, OkAnswer } from '../../contracts/wire.schema.ts';
import { request } from './client.ts';

/** The answer of sign-in and of set-new-password (docs/api-auth.md). */
export const SessionTokenStruct: Describe<SessionToken> = type({
  access_token: string(),
  token_type: literal('Bearer'),
  expires_at: string(),
  user_id: number(),
});

/** The password step's answer when the account has two-factor sign-in on. */
export const ChallengeStruct: Describe<TwoFactorChallenge> = type({
  two_factor_required: literal(true),
  challenge: string(),
  expires_at: string(),
});

/** What a password step (sign-in, or a new password from a link) answers: a session, or a challenge. */
export const PasswordStepStruct = union([SessionTokenStruct, ChallengeStruct]);

export type PasswordStep = Infer<typeof PasswordStepStruct>;

export const isChallenge = (answer: PasswordStep): answer is TwoFactorChallenge =>
  'two_factor_required' in answer;

/** The answer of calls that only confirm (register, recovery, logout). */
export const OkStruct: Describe<OkAnswer> = type({ ok: literal(true) });

/** A team as listed in a user's TeamsRender and by POST v1/teams; role 10 is Admin (spec 6). */
export const TeamRenderStruct: Describe<TeamRenderBody> = type({
  id: number(),
  name: string(),
  role: number(),
});

/** spec 3: the user, with TeamsRender first = current workspace. */
export const UserStruct: Describe<UserBody> = type({
  id: number(),
  email: string(),
  name: string(),
  surname: string(),
  phone: string(),
  /** spec 3: a string index, '0' or null for the default avatar, '1'..'12' a predefined one. */
  image: nullable(string()),
  changePasswordAt: nullable(string()),
  /** spec 3: 0 none, 10 pending */
  statusChangeEmail: number(),
  newChangeEmail: nullable(string()),
  deleteProgress: boolean(),
  TeamsRender: array(TeamRenderStruct),
});

export const TeamStruct: Describe<TeamBody> = type({ id: number(), name: string() });

/** A user of the caller's team, as listed by POST v1/user. */
export const TeamUserStruct: Describe<TeamUserBody> = type({
  id: number(),
  name: string(),
  surname: string(),
  email: string(),
  image: nullable(string()),
  role: number(),
});

/** The error body of every failed call: `{ error, message }` (spec 7). */
export const ErrorStruct: Describe<ErrorAnswer> = type({
  error: string(),
  message: string(),
  reason: optional(string()),
});

export type { SessionToken };
export type User = Infer<typeof UserStruct>;
export type Team = Infer<typeof TeamStruct>;

/** The site's origin, which the links in our e-mails start with (spec 7); empty outside a browser. */
export function siteOrigin(): string {
  return typeof window === 'undefined' ? '' : window.location.origin;
}

export interface LoginInput {
  login: string;
  password: string;
}

/**
 * POST guest/auth: a session, or a two-factor challenge (src/api/two-factor.ts). Fails with ApiError 401
 * 'invalid_credentials', or 429 'rate_limited'.
 */
export function login(input: LoginInput, signal?: AbortSignal): Promise<PasswordStep> {
  return request('auth', 'POST', 'guest/auth', { form: { ...input }, struct: PasswordStepStruct, signal });
}

export interface RegisterInput {
  login: string;
  /** spec 2: the updates-and-offers checkbox */
  offer: boolean;
  /** spec 2: the terms checkbox */
  subscription: boolean;
}

/** POST guest/register. The same answer whether or not the address is known (no enumeration). */
export function register(input: RegisterInput, signal?: AbortSignal) {
  const base = siteOrigin();
  return request('auth', 'POST', 'guest/register', {
    form: {
      login: input.login,
      createPath: `${base}/createPassword`,
      resetPath: `${base}/resPassword`,
      loginPath: `${base}/`,
      offer: input.offer,
      subscription: input.subscription,
    },
    struct: OkStruct,
    signal,
  });
}

export interface SetNewPasswordInput {
  hash: string;
  password: string;
  confirm: string;
}

/**
 * POST guest/set-new-password, for create-password and reset-password links; signs the user in, or, with
 * two-factor sign-in on, answers a challenge (a reset link is not a second factor).
 */
export function setNewPassword(input: SetNewPasswordInput, signal?: AbortSignal): Promise<PasswordStep> {
  return request('auth', 'POST', 'guest/set-new-password', {
    form: { ...input },
    struct: PasswordStepStruct,
    signal,
  });
}

/** POST guest/link/check: whether a password link still works, without using it (410 'link_gone' if not). */
export function checkPasswordLink(input: LinkCheckInput, signal?: AbortSignal) {
  return request('auth', 'POST', 'guest/link/check', { form: { ...input }, struct: OkStruct, signal });
}

/** POST guest/recovery-password. The same answer whether or not the address is known. */
export function recoverPassword(input: { login: string }, signal?: AbortSignal) {
  return request('auth', 'POST', 'guest/recovery-password', {
    form: { login: input.login, url: `${siteOrigin()}/resPassword` },
    struct: OkStruct,
    signal,
  });
}

/** GET v1/check: the session check (spec 7), answering the signed-in user. */
export function check(signal?: AbortSignal): Promise<User> {
  return request('auth', 'GET', 'v1/check', { struct: UserStruct, signal });
}

/** GET v1/logout: revokes the session on the server. */
export function logout(signal?: AbortSignal) {
  return request('auth', 'GET', 'v1/logout', { struct: OkStruct, signal });
}

export interface UserUpdate {
  name?: string;
  surname?: string;
  phone?: string;
  /** '0'..'12' (spec 3) */
  image?: string;
}

/** PUT v1/user/{id}: saves the given fields; fields left out keep their value. */
export function updateUser(id: number, fields: UserUpdate, signal?: AbortSignal): Promise<User> {
  return request('auth', 'PUT', `v1/user/${id}`, { form: { id, ...fields }, struct: UserStruct, signal });
}

/** PUT v1/teams/{id}: renames the workspace (admins only). */
export function updateTeam(id: number, name: string, signal?: AbortSignal): Promise<Team> {
  return request('auth', 'PUT', `v1/teams/${id}`, { form: { id, name }, struct: TeamStruct, signal });
}
