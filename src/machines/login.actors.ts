import { fromPromise } from 'xstate';
import { type LoginInput, login, type SessionToken } from '../api/auth.ts';

/** POST guest/auth; the signal cancels the request when the machine stops. */
export const signIn = fromPromise<SessionToken, LoginInput>(({ input, signal }) => login(input, signal));
