import { array, boolean, type Describe, literal, number, record, string, type } from 'superstruct';
import { describe, expect, it } from 'vitest';
import type { SignedInBrowserBody } from '../../../contracts/account-sessions.schema.ts';
import type { Dictionaries } from '../../../contracts/dictionaries.schema.ts';
import type { NodeStatusBody } from '../../../contracts/node-body.schema.ts';
import type { TwoFactorChallenge } from '../../../contracts/session.schema.ts';
import type { StatSettingsBody } from '../../../contracts/stats-settings.schema.ts';
import type { RecoveryCodesBody } from '../../../contracts/two-factor.schema.ts';
import type { TeamRenderBody } from '../../../contracts/user-body.schema.ts';
import type { OkAnswer } from '../../../contracts/wire.schema.ts';
import { ChallengeStruct, SessionTokenStruct, TeamRenderStruct, UserStruct } from '../../../src/api/auth.ts';
import { DictionaryEntryStruct, ToggleResultStruct } from '../../../src/api/nodes.ts';

// The web app's structs are typed `Describe<Body>` with the contract's body types: a struct that drifts
// from the body the server writes does not compile. These lines prove it with the type checker (`tsc`): if a
// drift were accepted, the `@ts-expect-error` would be unused and `tsc` would fail.
describe('HTTP body contracts', () => {
  it('refuses, at compile time, a struct that misses a field or types one differently', () => {
    // @ts-expect-error: `role` is missing
    const missing: Describe<TeamRenderBody> = type({ id: number(), name: string() });
    // @ts-expect-error: `status` is a number in the contract
    const retyped: Describe<NodeStatusBody> = type({ id: number(), status: string() });
    // @ts-expect-error: `expires_at` is missing
    const challenge: Describe<TwoFactorChallenge> = type({
      two_factor_required: literal(true),
      challenge: string(),
    });
    // @ts-expect-error: `lastActiveAt` is missing
    const browser: Describe<SignedInBrowserBody> = type({
      id: number(),
      device: string(),
      ip: string(),
      createdAt: string(),
      current: boolean(),
    });
    // @ts-expect-error: the recovery codes are a list of strings
    const codes: Describe<RecoveryCodesBody> = type({ recovery_codes: string() });
    // @ts-expect-error: a struct that lists one dictionary misses the others
    const dictionaries: Describe<Dictionaries> = type({ user_status: array(DictionaryEntryStruct) });
    // @ts-expect-error: the saved settings are answered as text
    const settings: Describe<StatSettingsBody> = type({ text: record(string(), string()) });
    // @ts-expect-error: `ok` is always true
    const ok: Describe<OkAnswer> = type({ ok: boolean() });
    expect([missing, retyped, challenge, browser, codes, dictionaries, settings, ok].every(Boolean)).toBe(
      true,
    );
  });

  it('validates bodies of the contract shape at run time', () => {
    expect(ToggleResultStruct.is({ id: 1, status: 20 })).toBe(true);
    expect(ToggleResultStruct.is({ id: 1, status: '20' })).toBe(false);
    expect(TeamRenderStruct.is({ id: 1, name: '', role: 10 })).toBe(true);
    expect(UserStruct.is({ id: 1 })).toBe(false);
    expect(ChallengeStruct.is({ two_factor_required: true, challenge: 'c', expires_at: 'x' })).toBe(true);
    expect(
      SessionTokenStruct.is({ access_token: 't', token_type: 'Basic', expires_at: 'x', user_id: 1 }),
    ).toBe(false);
  });
});
