import { type LoginInput, login, type PasswordStep, type SessionToken } from '../api/auth.ts';
import { answerChallenge } from '../api/two-factor.ts';
import { fromRequest } from './from-request.ts';

/** POST guest/auth; the signal cancels the request when the machine stops. */
export const signIn = fromRequest<PasswordStep, LoginInput>(({ input, signal }) => login(input, signal));

/** POST guest/auth/two-factor: the code step of a two-factor sign-in. */
export const verifyCode = fromRequest<SessionToken, { challenge: string; code: string }>(
  ({ input, signal }) => answerChallenge(input, signal),
);
