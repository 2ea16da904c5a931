import { createHmac } from 'node:crypto';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { PasskeyBody } from '../../contracts/passkeys.schema.ts';
import { PASSKEY_ERRORS, PASSKEY_LIMITS, passkeyNameProblem } from '../../contracts/passkeys.ts';
import { twoFactorMessages } from '../../contracts/two-factor.ts';
import type { Deps } from '../deps.ts';
import type { Caller } from '../lib/authenticate.ts';
import { badRequest, conflict, HttpError } from '../lib/errors.ts';
import { serverKeys } from '../lib/server-secret.ts';
import { hashToken } from '../lib/tokens.ts';
import { findUserById, lockUser } from './accounts.repository.ts';
import { ACTIVITY, recordActivity } from './activity.ts';
import * as repo from './passkeys.repository.ts';
import { verifyPassword } from './passwords.ts';
import { limit, type ProfileLimiters } from './profile-common.ts';
import { revokeChallenges } from './two-factor.repository.ts';

type Refusal = { error: string; message: string };
const refuse = (status: number, refusal: Refusal) => new HttpError(status, refusal.error, refusal.message);

function passkeyJson(row: repo.PasskeyRow): PasskeyBody {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

/** The challenge the browser signed, read from its client data; undefined when that is not what a browser writes. */
function signedChallenge(clientDataJSON: string): string | undefined {
  try {
    const data: unknown = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'));
    const challenge = (data as { challenge?: unknown } | null)?.challenge;
    return typeof challenge === 'string' && challenge.length > 0 ? challenge : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Passkeys (WebAuthn) with @simplewebauthn/server: registration in Settings, and sign-in (docs/api-auth.md,
 * "Passkeys"). The relying party is PUBLIC_URL: its host is the RP ID, its origin the only origin accepted.
 * Every ceremony's challenge is kept server-side as a SHA-256, bound to its purpose (and user, when known), spent
 * on first use and good for `PASSKEY_LIMITS.ceremonyTtlMs`.
 */
export function createPasskeysService(deps: Deps, limits: ProfileLimiters) {
  const { db, clock, config } = deps;
  const publicUrl = new URL(config.publicUrl);
  const rpID = publicUrl.hostname;
  const expectedOrigin = publicUrl.origin;
  const keys = serverKeys(db);

  /** An opaque, stable WebAuthn user handle: no e-mail or database id leaves the server in it. */
  async function userHandle(userId: number): Promise<Uint8Array<ArrayBuffer>> {
    const digest = createHmac('sha256', await keys('passkey-user'))
      .update(String(userId))
      .digest();
    return new Uint8Array(digest.subarray(0, 16));
  }

  async function checkPassword(caller: Caller, password: string) {
    const user = await findUserById(db, caller.userId);
    if (!user) throw badRequest('unknown_user', 'Unknown user');
    await limit(limits.passwordCheck, user.id);
    if (!(await verifyPassword(user.passwordHash, password)))
      throw refuse(400, PASSKEY_ERRORS.incorrectPassword);
    return user;
  }

  async function startCeremony(challenge: string, purpose: repo.CeremonyPurpose, userId: number | null) {
    const now = clock.now();
    const expiresAt = new Date(now.getTime() + PASSKEY_LIMITS.ceremonyTtlMs);
    await repo.insertCeremony(db, {
      challengeHash: hashToken(challenge),
      purpose,
      userId,
      createdAt: now,
      expiresAt,
    });
  }

  /** The live ceremony the answer's challenge belongs to, spent now whatever the verification says. */
  async function spendCeremony(clientDataJSON: string, purpose: repo.CeremonyPurpose) {
    const challenge = signedChallenge(clientDataJSON);
    if (!challenge) return undefined;
    const ceremony = await repo.spendCeremony(db, hashToken(challenge), purpose, clock.now());
    return ceremony && { ...ceremony, challenge };
  }

  return {
    /** GET v1/passkeys */
    async list(caller: Caller): Promise<PasskeyBody[]> {
      return (await repo.passkeysOf(db, caller.userId)).map(passkeyJson);
    },

    /** POST v1/passkeys/options: the password first, so a session left open cannot add a way in. */
    async registrationOptions(
      caller: Caller,
      password: string,
    ): Promise<PublicKeyCredentialCreationOptionsJSON> {
      const user = await checkPassword(caller, password);
      const existing = await repo.passkeysOf(db, user.id);
      if (existing.length >= PASSKEY_LIMITS.perUser) throw refuse(409, PASSKEY_ERRORS.tooMany);
      const options = await generateRegistrationOptions({
        rpName: 'NODR Dashboard',
        rpID,
        userName: user.email,
        userID: await userHandle(user.id),
        attestationType: 'none',
        timeout: PASSKEY_LIMITS.browserTimeoutMs,
        excludeCredentials: existing.map((row) => ({ id: row.credentialId })),
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      });
      await startCeremony(options.challenge, 'registration', user.id);
      return options;
    },

    /** POST v1/passkeys: the browser's answer to the caller's own, live registration ceremony. */
    async add(
      caller: Caller,
      body: { name: string; response: RegistrationResponseJSON },
    ): Promise<PasskeyBody> {
      const name = body.name.trim();
      const problem = passkeyNameProblem(name);
      if (problem) throw refuse(400, problem);
      const ceremony = await spendCeremony(body.response.response.clientDataJSON, 'registration');
      if (!ceremony || ceremony.userId !== caller.userId) throw refuse(400, PASSKEY_ERRORS.notAdded);
      const verification = await verifyRegistrationResponse({
        response: body.response,
        expectedChallenge: ceremony.challenge,
        expectedOrigin,
        expectedRPID: rpID,
        requireUserVerification: true,
      }).catch(() => undefined);
      if (!verification?.verified) throw refuse(400, PASSKEY_ERRORS.notAdded);
      const { credential } = verification.registrationInfo;
      const now = clock.now();
      const row = await db.transaction(async (tx) => {
        await lockUser(tx, caller.userId);
        if ((await repo.countPasskeys(tx, caller.userId)) >= PASSKEY_LIMITS.perUser)
          throw refuse(409, PASSKEY_ERRORS.tooMany);
        const inserted = await repo.insertPasskey(tx, {
          userId: caller.userId,
          credentialId: credential.id,
          publicKey: Buffer.from(credential.publicKey).toString('base64url'),
          counter: credential.counter,
          transports: (credential.transports ?? []).join(','),
          name,
          createdAt: now,
        });
        if (!inserted) throw conflict(PASSKEY_ERRORS.alreadyAdded.error, PASSKEY_ERRORS.alreadyAdded.message);
        await recordActivity(tx, {
          userId: caller.userId,
          kind: ACTIVITY.passkeyAdded,
          at: now,
          ...caller.client,
        });
        return inserted;
      });
      return passkeyJson(row);
    },

    /** DELETE v1/passkeys/{id}: with the password; another's passkey or an unknown one is the same 404. */
    async remove(caller: Caller, id: number, password: string): Promise<void> {
      await checkPassword(caller, password);
      const now = clock.now();
      await db.transaction(async (tx) => {
        if (!(await repo.deletePasskey(tx, caller.userId, id))) throw refuse(404, PASSKEY_ERRORS.notFound);
        await recordActivity(tx, {
          userId: caller.userId,
          kind: ACTIVITY.passkeyRemoved,
          at: now,
          ...caller.client,
        });
      });
    },

    /**
     * POST guest/passkeys/options: with no challenge, any passkey of this site (the browser lists them, or offers
     * them in the e-mail field's autofill); with the two-factor step's challenge, only that account's.
     */
    async signInOptions(input: { challenge?: string }): Promise<PublicKeyCredentialRequestOptionsJSON> {
      let userId: number | null = null;
      let allowCredentials: { id: string; transports?: string[] }[] | undefined;
      if (input.challenge !== undefined) {
        userId = (await repo.liveChallengeUser(db, hashToken(input.challenge), clock.now())) ?? null;
        if (userId === null) throw badRequest('challenge_expired', twoFactorMessages.challengeExpired);
        allowCredentials = (await repo.passkeysOf(db, userId)).map((row) => ({
          id: row.credentialId,
          ...(row.transports && { transports: row.transports.split(',') }),
        }));
      }
      const options = await generateAuthenticationOptions({
        rpID,
        allowCredentials,
        userVerification: 'required',
        timeout: PASSKEY_LIMITS.browserTimeoutMs,
      });
      await startCeremony(options.challenge, 'authentication', userId);
      return options;
    },

    /**
     * POST guest/passkeys/auth: the user id of a verified assertion. A passkey is possession and user
     * verification at once, so it completes a sign-in on its own; for a ceremony of the two-factor step it must be
     * that account's, and the step's challenge is spent with it. Never counted against the code limits.
     */
    async signIn(response: AuthenticationResponseJSON): Promise<number> {
      const failed = () => refuse(400, PASSKEY_ERRORS.signInFailed);
      const ceremony = await spendCeremony(response.response.clientDataJSON, 'authentication');
      if (!ceremony) throw failed();
      const passkey = await repo.findByCredentialId(db, response.id);
      if (!passkey || (ceremony.userId !== null && ceremony.userId !== passkey.userId)) throw failed();
      if (response.response.userHandle !== undefined) {
        const expected = Buffer.from(await userHandle(passkey.userId)).toString('base64url');
        if (response.response.userHandle !== expected) throw failed();
      }
      const verification = await verifyAuthenticationResponse({
        response,
        expectedChallenge: ceremony.challenge,
        expectedOrigin,
        expectedRPID: rpID,
        credential: {
          id: passkey.credentialId,
          publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
          counter: passkey.counter,
        },
        requireUserVerification: true,
      }).catch(() => undefined);
      if (!verification?.verified) throw failed();
      const now = clock.now();
      await db.transaction(async (tx) => {
        // The library refuses a counter that goes back; the update refuses one that another request moved first.
        if (!(await repo.recordUse(tx, passkey, verification.authenticationInfo.newCounter, now)))
          throw failed();
        if (ceremony.userId !== null) await revokeChallenges(tx, passkey.userId, now);
      });
      return passkey.userId;
    },
  };
}
