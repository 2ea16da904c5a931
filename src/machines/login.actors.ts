import { type LoginInput, login, type SessionToken } from '../api/auth.ts';
import { fromRequest } from './from-request.ts';

/** POST guest/auth; the signal cancels the request when the machine stops. */
export const signIn = fromRequest<SessionToken, LoginInput>(({ input, signal }) => login(input, signal));
