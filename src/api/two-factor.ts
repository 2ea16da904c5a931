import { array, boolean, type Describe, type Infer, string, type } from 'superstruct';
import type {
  RecoveryCodesBody,
  TwoFactorSetUpBody,
  TwoFactorStatusBody,
} from '../../contracts/two-factor.schema.ts';
import { OkStruct, type SessionToken, SessionTokenStruct } from './auth.ts';
import { request } from './client.ts';

export const TwoFactorStatusStruct: Describe<TwoFactorStatusBody> = type({ enabled: boolean() });
export const TwoFactorSetUpStruct: Describe<TwoFactorSetUpBody> = type({ secret: string(), uri: string() });
export const RecoveryCodesStruct: Describe<RecoveryCodesBody> = type({ recovery_codes: array(string()) });

export type TwoFactorSetUp = Infer<typeof TwoFactorSetUpStruct>;
export type RecoveryCodes = Infer<typeof RecoveryCodesStruct>;

/** POST guest/auth/two-factor: the code (or a recovery code) for a challenge; answers the session. */
export function answerChallenge(
  input: { challenge: string; code: string },
  signal?: AbortSignal,
): Promise<SessionToken> {
  return request('auth', 'POST', 'guest/auth/two-factor', {
    json: input,
    struct: SessionTokenStruct,
    signal,
  });
}

export function twoFactorStatus(signal?: AbortSignal) {
  return request('auth', 'GET', 'v1/two-factor', { struct: TwoFactorStatusStruct, signal });
}

/** POST v1/two-factor/setup: a new secret to scan; it takes effect once enabled with a code. */
export function setUpTwoFactor(signal?: AbortSignal): Promise<TwoFactorSetUp> {
  return request('auth', 'POST', 'v1/two-factor/setup', { json: {}, struct: TwoFactorSetUpStruct, signal });
}

export function enableTwoFactor(code: string, signal?: AbortSignal) {
  return request('auth', 'POST', 'v1/two-factor/enable', {
    json: { code },
    struct: RecoveryCodesStruct,
    signal,
  });
}

export function disableTwoFactor(input: { password: string; code: string }, signal?: AbortSignal) {
  return request('auth', 'POST', 'v1/two-factor/disable', { json: input, struct: OkStruct, signal });
}

/** POST v1/two-factor/recovery-codes: 10 new recovery codes with the password and a code; the old ones end. */
export function newRecoveryCodes(input: { password: string; code: string }, signal?: AbortSignal) {
  return request('auth', 'POST', 'v1/two-factor/recovery-codes', {
    json: input,
    struct: RecoveryCodesStruct,
    signal,
  });
}
