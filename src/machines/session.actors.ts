import { fromPromise } from 'xstate';
import { check, logout, type User } from '../api/auth.ts';

/** GET v1/check: the session check (spec 7), answering the signed-in user. */
export const checkSession = fromPromise<User>(({ signal }) => check(signal));

/** GET v1/logout: revokes the session on the server. */
export const endSession = fromPromise<unknown>(({ signal }) => logout(signal));
