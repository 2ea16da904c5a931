import { generateKeyPairSync } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasPublicKeyShape } from '../../../contracts/public-key.ts';
import {
  DAMAGED_KEY_REASON,
  NOT_PEM_REASON,
  PRIVATE_KEY_REASON,
  publicKeyProblem,
  wrongKeyTypeReason,
} from '../../../contracts/public-key-diagnosis.ts';

const p256 = () => generateKeyPairSync('ec', { namedCurve: 'P-256' });
const spki = (key: { export: (options: { type: 'spki'; format: 'pem' }) => string | Buffer }) =>
  String(key.export({ type: 'spki', format: 'pem' }));

describe('public key diagnosis', () => {
  it('accepts a real key whose lines carry stray spaces and tabs, with LF or CRLF line ends', () => {
    const pems = Array.from({ length: 8 }, () => spki(p256().publicKey).trim());
    const blank = fc.stringMatching(/^[ \t]{0,4}$/);
    fc.assert(
      fc.property(
        fc.constantFrom(...pems),
        fc.array(fc.tuple(blank, blank), { minLength: 4, maxLength: 4 }),
        fc.constantFrom('\n', '\r\n'),
        (pem, pads, eol) => {
          const pasted = pem
            .split('\n')
            .map((line, index) => `${pads[index]![0]}${line}${pads[index]![1]}`)
            .join(eol);
          expect(hasPublicKeyShape(pasted)).toBe(true);
        },
      ),
    );
  });

  it('says a private key is private, whatever its type and armour', () => {
    for (const pair of [
      p256(),
      generateKeyPairSync('ec', { namedCurve: 'P-384' }),
      generateKeyPairSync('ed25519'),
    ]) {
      for (const type of ['pkcs8', 'sec1'] as const) {
        if (type === 'sec1' && pair.privateKey.asymmetricKeyType !== 'ec') continue;
        const pem = String(pair.privateKey.export({ type, format: 'pem' }));
        expect(hasPublicKeyShape(pem)).toBe(false);
        expect(publicKeyProblem(pem)).toBe(PRIVATE_KEY_REASON);
      }
    }
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 });
    expect(publicKeyProblem(String(rsa.privateKey.export({ type: 'pkcs1', format: 'pem' })))).toBe(
      PRIVATE_KEY_REASON,
    );
  });

  it.each([
    ['an RSA key', () => spki(generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey)],
    [
      'an RSA key',
      () =>
        String(
          generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey.export({
            type: 'pkcs1',
            format: 'pem',
          }),
        ),
    ],
    ['an ECDSA P-384 key', () => spki(generateKeyPairSync('ec', { namedCurve: 'P-384' }).publicKey)],
    ['an ECDSA P-521 key', () => spki(generateKeyPairSync('ec', { namedCurve: 'P-521' }).publicKey)],
    ['an ECDSA secp256k1 key', () => spki(generateKeyPairSync('ec', { namedCurve: 'secp256k1' }).publicKey)],
    ['an Ed25519 key', () => spki(generateKeyPairSync('ed25519').publicKey)],
    ['an OpenSSH key (ssh-ed25519)', () => 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIG0= root@node'],
  ])('names %s and what is wanted', (name, make) => {
    const pasted = make();
    expect(hasPublicKeyShape(pasted)).toBe(false);
    const reason = publicKeyProblem(pasted);
    expect(reason).toBe(wrongKeyTypeReason(name));
    expect(reason).toContain('ECDSA P-256');
  });

  it('tells a cut key from text that is no key at all, and says nothing more for an empty field', () => {
    const pem = spki(p256().publicKey).trim();
    expect(
      publicKeyProblem(pem.replace(/\n(\S{60})\n/, (_, line: string) => `\n${line.slice(0, 40)}\n`)),
    ).toBe(DAMAGED_KEY_REASON);
    expect(publicKeyProblem('hello')).toBe(NOT_PEM_REASON);
    expect(publicKeyProblem('  \n ')).toBeUndefined();
  });

  it('never throws, and gives a reason for anything refused that is not blank', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (text) => {
        const reason = publicKeyProblem(text);
        if (text.trim() !== '') expect(typeof reason).toBe('string');
      }),
    );
  });
});
