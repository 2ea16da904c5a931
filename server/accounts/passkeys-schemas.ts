import { Type } from 'typebox';
import { PasskeySchema } from '../../contracts/passkeys.schema.ts';
import { PASSKEY_LIMITS } from '../../contracts/passkeys.ts';
import { idSchema, safeString, strictObject } from '../lib/input-schema.ts';
import { PASSWORD_MAX } from './passwords.ts';

/** TypeBox schemas of the passkey calls (docs/api-auth.md, "Passkeys"): Fastify validates with them. */

const base64url = (maxLength: number) =>
  Type.String({ minLength: 1, maxLength, pattern: '^[A-Za-z0-9_-]+$', description: 'base64url' });
const part = base64url(PASSKEY_LIMITS.responseLength);
const transport = safeString({ minLength: 1, maxLength: 32 });
const loose = { additionalProperties: true } as const;

/**
 * The browser's answers as @simplewebauthn/browser hands them over. The inner objects are the browser's to extend
 * (new fields, extension results), so only the fields the server reads are checked.
 */
const credentialFields = {
  id: base64url(1_024),
  rawId: base64url(1_024),
  type: Type.Literal('public-key'),
  clientExtensionResults: Type.Object({}, loose),
  authenticatorAttachment: Type.Optional(
    Type.Union([Type.Literal('platform'), Type.Literal('cross-platform')]),
  ),
};

const registrationResponse = strictObject({
  ...credentialFields,
  response: Type.Object(
    {
      clientDataJSON: part,
      attestationObject: part,
      transports: Type.Optional(Type.Array(transport, { maxItems: 8 })),
    },
    loose,
  ),
});

const authenticationResponse = strictObject({
  ...credentialFields,
  response: Type.Object(
    {
      clientDataJSON: part,
      authenticatorData: part,
      signature: part,
      userHandle: Type.Optional(base64url(1_024)),
    },
    loose,
  ),
});

const password = safeString({ minLength: 1, maxLength: PASSWORD_MAX });

export const passwordBody = strictObject({ password });

export const addPasskeyBody = strictObject({
  name: safeString({ minLength: 1, maxLength: PASSKEY_LIMITS.nameLength }),
  response: registrationResponse,
});

export const signInOptionsBody = strictObject({
  /** The two-factor step's challenge: the passkey then stands in for the code, for that account only. */
  challenge: Type.Optional(safeString({ minLength: 1, maxLength: 128 })),
});

export const passkeySignInBody = strictObject({ response: authenticationResponse });

export const passkeyIdParams = strictObject({ id: idSchema });

export const passkeyListAnswer = Type.Array(PasskeySchema);

/** The options @simplewebauthn/server writes for the browser's `navigator.credentials` call. */
export const creationOptionsAnswer = Type.Object(
  { challenge: Type.String(), rp: Type.Object({}, loose), user: Type.Object({}, loose) },
  { ...loose, description: 'PublicKeyCredentialCreationOptionsJSON' },
);
export const requestOptionsAnswer = Type.Object(
  { challenge: Type.String() },
  { ...loose, description: 'PublicKeyCredentialRequestOptionsJSON' },
);
