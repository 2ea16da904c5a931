import {
  type AuthenticationResponseJSON,
  browserSupportsWebAuthn,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
  startAuthentication,
  startRegistration,
  WebAuthnError,
} from '@simplewebauthn/browser';
import { array, type Describe, nullable, number, string, type } from 'superstruct';
import type { PasskeyBody } from '../../contracts/passkeys.schema.ts';
import { PASSKEY_TEXTS } from '../../contracts/passkeys.ts';
import { OkStruct, type SessionToken, SessionTokenStruct } from './auth.ts';
import { ApiError, request } from './client.ts';

/** One passkey as GET v1/passkeys lists it. */
export const PasskeyStruct: Describe<PasskeyBody> = type({
  id: number(),
  name: string(),
  createdAt: string(),
  lastUsedAt: nullable(string()),
});

// The options are @simplewebauthn/server's, handed to the browser as they are: only the challenge is checked here.
const OptionsStruct = type({ challenge: string() });

export function listPasskeys(signal?: AbortSignal): Promise<PasskeyBody[]> {
  return request('auth', 'GET', 'v1/passkeys', { struct: array(PasskeyStruct), signal });
}

/** POST v1/passkeys/options: checks the password and answers the options of a new passkey. */
export async function passkeyCreationOptions(
  password: string,
  signal?: AbortSignal,
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const options = await request('auth', 'POST', 'v1/passkeys/options', {
    json: { password },
    struct: OptionsStruct,
    signal,
  });
  return options as PublicKeyCredentialCreationOptionsJSON;
}

export function addPasskey(
  body: { name: string; response: RegistrationResponseJSON },
  signal?: AbortSignal,
): Promise<PasskeyBody> {
  return request('auth', 'POST', 'v1/passkeys', { json: body, struct: PasskeyStruct, signal });
}

export function removePasskey(input: { id: number; password: string }, signal?: AbortSignal) {
  return request('auth', 'DELETE', `v1/passkeys/${input.id}`, {
    json: { password: input.password },
    struct: OkStruct,
    signal,
  });
}

/** POST guest/passkeys/options: any passkey of this site, or (with the two-factor step's challenge) that account's. */
export async function passkeyRequestOptions(
  challenge: string | null,
  signal?: AbortSignal,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const options = await request('auth', 'POST', 'guest/passkeys/options', {
    json: challenge === null ? {} : { challenge },
    struct: OptionsStruct,
    signal,
  });
  return options as PublicKeyCredentialRequestOptionsJSON;
}

export function signInWithPasskey(
  response: AuthenticationResponseJSON,
  signal?: AbortSignal,
): Promise<SessionToken> {
  return request('auth', 'POST', 'guest/passkeys/auth', {
    json: { response },
    struct: SessionTokenStruct,
    signal,
  });
}

/**
 * The browser's own part (its passkey dialog), with its refusals turned into an ApiError without an HTTP status (0),
 * so machines report them like any failed call: cancelled by the person, or no passkey support at all.
 */
async function inBrowser<T>(ceremony: () => Promise<T>): Promise<T> {
  if (!browserSupportsWebAuthn()) throw new ApiError(0, 'passkey_unsupported', PASSKEY_TEXTS.unsupported);
  try {
    return await ceremony();
  } catch (error) {
    // A ceremony replaced by a newer one (the button after the autofill) is not the person's refusal.
    if (error instanceof WebAuthnError && error.code === 'ERROR_CEREMONY_ABORTED') throw error;
    throw new ApiError(0, 'passkey_cancelled', PASSKEY_TEXTS.cancelled);
  }
}

/** Creates a passkey in the browser (or phone, or security key) for the options. */
export function createPasskey(
  optionsJSON: PublicKeyCredentialCreationOptionsJSON,
): Promise<RegistrationResponseJSON> {
  return inBrowser(() => startRegistration({ optionsJSON }));
}

/** Asks the browser for a passkey; `autofill` waits for one picked in the e-mail field's suggestions instead. */
export function getPasskey(
  optionsJSON: PublicKeyCredentialRequestOptionsJSON,
  autofill = false,
): Promise<AuthenticationResponseJSON> {
  return inBrowser(() => startAuthentication({ optionsJSON, useBrowserAutofill: autofill }));
}
