import { browserSupportsWebAuthnAutofill } from '@simplewebauthn/browser';
import { type LoginInput, login, type PasswordStep, type SessionToken } from '../../api/auth.ts';
import { getPasskey, passkeyRequestOptions, signInWithPasskey } from '../../api/passkeys.ts';
import { answerChallenge } from '../../api/two-factor.ts';
import { fromRequest } from '../common/from-request.ts';

/** POST guest/auth; the signal cancels the request when the machine stops. */
export const signIn = fromRequest<PasswordStep, LoginInput>(({ input, signal }) => login(input, signal));

/** POST guest/auth/two-factor: the code step of a two-factor sign-in. */
export const verifyCode = fromRequest<SessionToken, { challenge: string; code: string }>(
  ({ input, signal }) => answerChallenge(input, signal),
);

/**
 * A passkey sign-in: the server's options, the browser's passkey dialog, then the server's session. With the
 * two-factor step's challenge, only that account's passkeys count and the passkey stands in for the code.
 */
export const passkeySignIn = fromRequest<SessionToken, { challenge: string | null }>(
  async ({ input, signal }) => {
    const options = await passkeyRequestOptions(input.challenge, signal);
    return signInWithPasskey(await getPasskey(options), signal);
  },
);

/**
 * The browser's autofill (conditional UI): where it offers passkeys in the e-mail field's suggestions, one picked
 * there signs in. Null where the browser has no such autofill, or the wait ended without a pick.
 */
export const passkeyAutofill = fromRequest<SessionToken | null>(async ({ signal }) => {
  if (!(await browserSupportsWebAuthnAutofill())) return null;
  const options = await passkeyRequestOptions(null, signal);
  const response = await getPasskey(options, true).catch(() => null);
  return response && signInWithPasskey(response, signal);
});
