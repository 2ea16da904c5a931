import { generateKeyPairSync } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasPublicKeyShape } from '../../contracts/public-key.ts';
import { PUBLIC_KEY } from '../../tests/fixtures/node-fixtures.ts';
import { maskPublicKey } from './public-key.ts';

describe('public key shape (spec 5)', () => {
  it('accepts real P-256 keys, with CRLF line ends and surrounding space', () => {
    for (let i = 0; i < 20; i += 1) {
      const pem = String(
        generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({ type: 'spki', format: 'pem' }),
      );
      expect(hasPublicKeyShape(pem)).toBe(true);
      expect(hasPublicKeyShape(`  ${pem.replaceAll('\n', '\r\n')}  `)).toBe(true);
    }
  });

  it.each([
    ['an empty field', ''],
    ['a key on one line', PUBLIC_KEY.replaceAll('\n', '')],
    ['a missing end line', PUBLIC_KEY.split('\n').slice(0, 3).join('\n')],
    ['a private key header', PUBLIC_KEY.replace('BEGIN PUBLIC', 'BEGIN PRIVATE')],
    ['text before the begin line', `comment\n${PUBLIC_KEY}`],
    ['text after the end line', `${PUBLIC_KEY}\ncomment`],
    [
      'a second line of 59 characters without padding',
      PUBLIC_KEY.replace(/\n(\S{60})\n/, (_, line: string) => `\n${line.slice(0, 58)}A\n`),
    ],
    [
      'a second line one character long',
      PUBLIC_KEY.replace(/\n(\S{60})\n/, (_, line: string) => `\nA${line}\n`),
    ],
    [
      'an RSA key',
      String(
        generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey.export({ type: 'spki', format: 'pem' }),
      ),
    ],
  ])('refuses %s', (_, text) => expect(hasPublicKeyShape(text)).toBe(false));

  it('refuses any change of one character of the base64 lines to a non-base64 one', () => {
    const lines = PUBLIC_KEY.split('\n');
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 123 }),
        fc.constantFrom('-', ' ', '.', '_', '*', 'é'),
        (at, bad) => {
          const body = `${lines[1]}${lines[2]}`;
          const broken = `${body.slice(0, at)}${bad}${body.slice(at + 1)}`;
          const text = [lines[0], broken.slice(0, 64), broken.slice(64), lines[3]].join('\n');
          expect(hasPublicKeyShape(text)).toBe(false);
        },
      ),
    );
  });

  it('masks all but the ends of the key body', () => {
    expect(maskPublicKey(PUBLIC_KEY)).toBe('MFkwEwYH••••••••bzbiLw==');
  });

  it('takes a second line ending in two, one or no padding characters (spec 5)', () => {
    const ending = (tail: string) => PUBLIC_KEY.replace(/==\n-----END/, `${tail}\n-----END`);
    expect(hasPublicKeyShape(ending('=='))).toBe(true);
    expect(hasPublicKeyShape(ending('A='))).toBe(true);
    expect(hasPublicKeyShape(ending('AB'))).toBe(true);
    expect(hasPublicKeyShape(ending('=A'))).toBe(false);
  });

  it('looks at pastes of up to 1024 characters, surrounding space included, and refuses longer ones', () => {
    const padded = (length: number) => `${PUBLIC_KEY}${' '.repeat(length - PUBLIC_KEY.length)}`;
    expect(hasPublicKeyShape(padded(1024))).toBe(true);
    expect(hasPublicKeyShape(padded(1025))).toBe(false);
  });

  it('hides a short body completely, one dot per character', () => {
    const pem = (body: string) =>
      `-----BEGIN PUBLIC KEY-----\n${body.slice(0, 8)}\n${body.slice(8)}\n-----END PUBLIC KEY-----`;
    expect(maskPublicKey(pem('abcdefghijklmnop'))).toBe('•'.repeat(16));
    expect(maskPublicKey(pem('abcdefghijklmnopq'))).toBe('abcdefgh••••••••jklmnopq');
    expect(maskPublicKey(pem('abcdef'))).toBe('••••••');
  });
});
