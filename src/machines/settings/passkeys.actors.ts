import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import type { PasskeyBody } from '../../../contracts/passkeys.schema.ts';
import {
  addPasskey,
  createPasskey,
  listPasskeys,
  passkeyCreationOptions,
  removePasskey,
} from '../../api/passkeys.ts';
import { fromRequest } from '../common/from-request.ts';

// Each actor passes its signal on, so a stopped machine cancels its request (STYLE 5).

export const listPasskeysActor = fromRequest<PasskeyBody[]>(({ signal }) => listPasskeys(signal));

/** The password step: the server checks it and answers the options of the new passkey. */
export const checkPasswordActor = fromRequest<PublicKeyCredentialCreationOptionsJSON, { password: string }>(
  ({ input, signal }) => passkeyCreationOptions(input.password, signal),
);

/**
 * The browser's passkey dialog, then the server stores the answer. Options are spent once used, so a second try
 * asks the server for fresh ones with the password already given.
 */
export const registerPasskeyActor = fromRequest<
  PasskeyBody,
  { name: string; password: string; options: PublicKeyCredentialCreationOptionsJSON | null }
>(async ({ input, signal }) => {
  const options = input.options ?? (await passkeyCreationOptions(input.password, signal));
  const response = await createPasskey(options);
  return addPasskey({ name: input.name, response }, signal);
});

export const removePasskeyActor = fromRequest<unknown, { id: number; password: string }>(
  ({ input, signal }) => removePasskey(input, signal),
);
