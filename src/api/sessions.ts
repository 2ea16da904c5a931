import {
  array,
  boolean,
  type Describe,
  enums,
  type Infer,
  literal,
  number,
  optional,
  string,
  type,
} from 'superstruct';
import { ACTIVITY, type ActivityKind } from '../../contracts/account-activity.ts';
import type {
  ActivityEntryBody,
  RevokedSessionsBody,
  SignedInBrowserBody,
} from '../../contracts/account-sessions.schema.ts';
import { request } from './client.ts';

/** One signed-in browser of the user, as GET v1/sessions lists it. */
export const SignedInBrowserStruct: Describe<SignedInBrowserBody> = type({
  id: number(),
  /** e.g. "Firefox on Linux", worked out by the server from the user agent */
  device: string(),
  ip: string(),
  createdAt: string(),
  lastActiveAt: string(),
  /** true for the browser that asked */
  current: boolean(),
});

export const RevokedStruct: Describe<RevokedSessionsBody> = type({
  ok: literal(true),
  revoked: optional(number()),
});

/** One security event of the account, as GET v1/activity lists it. */
export const ActivityEntryStruct: Describe<ActivityEntryBody> = type({
  id: number(),
  kind: enums(Object.values(ACTIVITY) as ActivityKind[]),
  at: string(),
  ip: string(),
  device: string(),
});

export type SignedInBrowser = Infer<typeof SignedInBrowserStruct>;
export type ActivityEntry = Infer<typeof ActivityEntryStruct>;

export function listSessions(signal?: AbortSignal): Promise<SignedInBrowser[]> {
  return request('auth', 'GET', 'v1/sessions', { struct: array(SignedInBrowserStruct), signal });
}

export function revokeSession(id: number, signal?: AbortSignal) {
  return request('auth', 'DELETE', `v1/sessions/${id}`, { struct: RevokedStruct, signal });
}

export function revokeOtherSessions(signal?: AbortSignal) {
  return request('auth', 'DELETE', 'v1/sessions/others', { struct: RevokedStruct, signal });
}

export function listActivity(signal?: AbortSignal): Promise<ActivityEntry[]> {
  return request('auth', 'GET', 'v1/activity', { struct: array(ActivityEntryStruct), signal });
}
