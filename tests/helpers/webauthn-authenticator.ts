import { createHash, createSign, generateKeyPairSync, type KeyObject, randomBytes } from 'node:crypto';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoCBOR } from '@simplewebauthn/server/helpers';

const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

// Authenticator data flags (WebAuthn Level 3, 6.1): user present, user verified, attested credential data.
const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

/**
 * A software passkey for server tests: one P-256 key (ES256), a discoverable credential, attestation `none`, and
 * assertions signed the way an authenticator signs them (authenticator data, then the SHA-256 of the client data).
 * The formats follow the WebAuthn spec and the SimpleWebAuthn repository's test fixtures.
 */
export class SoftwareAuthenticator {
  readonly credentialId = randomBytes(16);
  counter = 0;
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;
  /** The user handle the relying party gave at registration; an assertion hands it back. */
  private userHandle: string | undefined;

  constructor(readonly origin: string) {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = pair.privateKey;
    this.publicKey = pair.publicKey;
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  /** navigator.credentials.create(): answers creation options; `origin` pretends another site asked. */
  register(options: PublicKeyCredentialCreationOptionsJSON, origin = this.origin): RegistrationResponseJSON {
    this.userHandle = options.user.id;
    const jwk = this.publicKey.export({ format: 'jwk' });
    const coseKey = new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x ?? '', 'base64url')],
      [-3, Buffer.from(jwk.y ?? '', 'base64url')],
    ]);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([
      Buffer.alloc(16),
      idLength,
      this.credentialId,
      Buffer.from(isoCBOR.encode(coseKey)),
    ]);
    const authData = Buffer.concat([
      this.authData(options.rp.id ?? new URL(origin).hostname, UP | UV | AT),
      attested,
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Map<string, string> | Uint8Array>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', authData],
      ]),
    );
    const clientData = this.clientData('webauthn.create', options.challenge, origin);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(clientData),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
    };
  }

  /** navigator.credentials.get(): signs the challenge; the counter goes up by one unless `counter` is given. */
  assert(
    options: PublicKeyCredentialRequestOptionsJSON,
    { origin = this.origin, counter = this.counter + 1 }: { origin?: string; counter?: number } = {},
  ): AuthenticationResponseJSON {
    this.counter = counter;
    const authData = this.authData(options.rpId ?? new URL(origin).hostname, UP | UV);
    const clientData = this.clientData('webauthn.get', options.challenge, origin);
    const signer = createSign('sha256');
    signer.update(Buffer.concat([authData, sha256(clientData)]));
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(clientData),
        authenticatorData: b64url(authData),
        signature: b64url(signer.sign(this.privateKey)),
        ...(this.userHandle && { userHandle: this.userHandle }),
      },
    };
  }

  private authData(rpId: string, flags: number): Buffer {
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(this.counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), counter]);
  }

  private clientData(type: string, challenge: string, origin: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }
}
