import { type Static, Type } from 'typebox';
import { closed, Moment } from './wire.schema.ts';

/**
 * What a password step (sign-in, a new password from a link), the code step and a passkey sign-in answer
 * (docs/api-auth.md): a session, or, with two-factor sign-in on, a challenge for the code step.
 */

/** A started session. */
export const SessionTokenSchema = Type.Object(
  {
    access_token: Type.String(),
    token_type: Type.Literal('Bearer'),
    expires_at: Moment,
    user_id: Type.Integer(),
  },
  {
    ...closed,
    examples: [
      {
        access_token: 'k3Vd9vQm2f0yXo5bC8Jt1wZp4sHn7rLa6eGu3iYq0Ok',
        token_type: 'Bearer',
        expires_at: '2026-12-06T10:00:00.000Z',
        user_id: 42,
      },
    ],
  },
);
export type SessionToken = Static<typeof SessionTokenSchema>;

/** The answer of a password step for an account with two-factor sign-in on: the code step comes next. */
export const TwoFactorChallengeSchema = Type.Object(
  { two_factor_required: Type.Literal(true), challenge: Type.String(), expires_at: Moment },
  closed,
);
export type TwoFactorChallenge = Static<typeof TwoFactorChallengeSchema>;
