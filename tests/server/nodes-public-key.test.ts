import { generateKeyPairSync, randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasPublicKeyShape } from '../../contracts/public-key.ts';
import {
  PRIVATE_KEY_REASON,
  publicKeyProblem,
  wrongKeyTypeReason,
} from '../../contracts/public-key-diagnosis.ts';
import { parsePublicKey } from '../../server/nodes/public-key.ts';
import { newNodeKeys, postCreateNode, registerNode } from '../helpers/nodes.ts';
import {
  createSignedInUser,
  type SignedInUser,
  startTestServer,
  type TestServer,
} from '../helpers/server.ts';

const KEY_FORMAT = 'Incorrect format public key. Please check your key and try again';
const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const BEGIN = '-----BEGIN PUBLIC KEY-----';
const END = '-----END PUBLIC KEY-----';

function wrap(base64: string, split = 64, newline = '\n'): string {
  return [BEGIN, base64.slice(0, split), base64.slice(split), END].join(newline);
}

function spki(key: { export(options: { type: 'spki'; format: 'pem' }): string | Buffer }): string {
  return String(key.export({ type: 'spki', format: 'pem' }));
}

/** Keys that are not ECDSA P-256, some of them in exactly the spec 5 shape (brainpool, SM2). */
function otherKeys(): string[] {
  const curves = [
    'secp384r1',
    'secp521r1',
    'secp256k1',
    'brainpoolP256r1',
    'brainpoolP256t1',
    'SM2',
    'prime192v1',
  ];
  const keys = curves.map((namedCurve) => spki(generateKeyPairSync('ec', { namedCurve }).publicKey));
  keys.push(spki(generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey));
  keys.push(spki(generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey));
  keys.push(spki(generateKeyPairSync('ed25519').publicKey));
  keys.push(spki(generateKeyPairSync('x25519').publicKey));
  keys.push(spki(generateKeyPairSync('ed448').publicKey));
  const p256 = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  keys.push(String(p256.privateKey.export({ type: 'pkcs8', format: 'pem' })));
  keys.push(String(p256.privateKey.export({ type: 'sec1', format: 'pem' })));
  keys.push(JSON.stringify(p256.publicKey.export({ format: 'jwk' })));
  keys.push(p256.publicKey.export({ type: 'spki', format: 'der' }).toString('base64'));
  // The compressed point form of a P-256 key is 59 bytes: not the spec shape.
  const der = p256.publicKey.export({ type: 'spki', format: 'der' });
  const x = der.subarray(27, 59);
  const y = der.subarray(59, 91);
  const compressed = Buffer.concat([
    Buffer.from('3039301306072a8648ce3d020106082a8648ce3d030107032200', 'hex'),
    Buffer.from([y[31]! & 1 ? 3 : 2]),
    x,
  ]);
  keys.push(wrap(compressed.toString('base64')));
  return keys;
}

/** More than a thousand broken variants of a valid key: characters, lines, labels, other keys, garbage. */
function mutations(pem: string): string[] {
  const [, first = '', second = ''] = pem.split('\n');
  const body = first + second;
  const out: string[] = [];
  for (let i = 0; i < body.length; i++) {
    const at = BASE64.indexOf(body[i]!);
    for (const step of [1, 17, 33]) {
      const swapped = BASE64[(at + step) % 64]!;
      out.push(wrap(body.slice(0, i) + swapped + body.slice(i + 1)));
    }
    out.push(wrap(body.slice(0, i) + '!-. *é\u0000'[i % 7] + body.slice(i + 1)));
    out.push(wrap(body.slice(0, i) + body.slice(i + 1), i < 64 ? 63 : 64));
    if (i + 1 < body.length && body[i] !== body[i + 1]) {
      out.push(wrap(body.slice(0, i) + body[i + 1] + body[i] + body.slice(i + 2)));
    }
    out.push(wrap(body.slice(0, i) + BASE64[i % 64] + body.slice(i), i < 64 ? 65 : 64));
  }
  const lines = [BEGIN, first, second, END];
  for (let i = 0; i < 4; i++) {
    out.push(lines.filter((_, j) => j !== i).join('\n'));
    out.push([...lines.slice(0, i + 1), lines[i], ...lines.slice(i + 1)].join('\n'));
    for (let j = i + 1; j < 4; j++) {
      const swapped = [...lines];
      [swapped[i], swapped[j]] = [swapped[j]!, swapped[i]!];
      out.push(swapped.join('\n'));
    }
  }
  for (const split of [0, 1, 32, 60, 62, 63, 65, 66, 100, 124]) out.push(wrap(body, split));
  out.push(
    lines.join(''),
    lines.join(' '),
    lines.join('\n\n'),
    lines.join('\r'),
    `${BEGIN}\n${body}\n${END}`,
  );
  out.push(lines.join('\n').replace('\n', '\n\n'), [BEGIN, first, second, 'extra', END].join('\n'));
  for (const [from, to] of [
    [BEGIN, '-----BEGIN EC PUBLIC KEY-----'],
    [BEGIN, '-----BEGIN RSA PUBLIC KEY-----'],
    [BEGIN, BEGIN.toLowerCase()],
    [BEGIN, `-${BEGIN}`],
    [BEGIN, BEGIN.slice(1)],
    [BEGIN, ` ${BEGIN}`.replace(' -', '-- ')],
    [END, '-----END EC PUBLIC KEY-----'],
    [END, END.toLowerCase()],
    [END, `${END}-`],
    [END, BEGIN],
  ] as const) {
    out.push(lines.join('\n').replace(from, to));
  }
  out.push(
    `${BEGIN}\n${first}\n${second.slice(0, 58)}=A\n${END}`,
    `${BEGIN}\n${first}\n${second.slice(0, 57)}===\n${END}`,
  );
  out.push(pem.replace(/\n/g, '\n '), pem.replace(/\n/g, ' \n'), `${pem}\n${pem}`);
  out.push(...otherKeys());
  // Random bytes in exactly the right shape: parses as no key at all.
  for (let i = 0; i < 150; i++) out.push(wrap(randomBytes(91).toString('base64')));
  out.push(
    '',
    ' ',
    '\n',
    'null',
    'undefined',
    '[object Object]',
    'A'.repeat(20_000),
    BEGIN,
    END,
    `${BEGIN}\n${END}`,
  );
  return out;
}

describe('public key rules (spec 5) on create', () => {
  let server: TestServer;
  let user: SignedInUser;
  let registered: string;

  beforeAll(async () => {
    server = await startTestServer();
    user = await createSignedInUser(server);
    registered = (await registerNode(server, user)).node.publicKey;
  });
  afterAll(() => server.close());

  it('accepts every freshly generated P-256 key in the installer PEM shape', () => {
    for (let i = 0; i < 300; i++) {
      const { publicKey } = newNodeKeys();
      expect(parsePublicKey(publicKey).pem).toBe(publicKey);
    }
  });

  it('rejects more than 1,000 mutated keys with the spec message, never accepting one and never a 5xx', async () => {
    const candidates = mutations(registered);
    expect(candidates.length).toBeGreaterThanOrEqual(1000);
    const outcomes = new Map<number, number>();
    // Ten at a time: the requests overlap in the server as they would from many browsers.
    for (let offset = 0; offset < candidates.length; offset += 10) {
      const batch = candidates.slice(offset, offset + 10);
      const responses = await Promise.all(batch.map((candidate) => postCreateNode(server, user, candidate)));
      for (const [index, response] of responses.entries()) {
        const candidate = batch[index]!;
        outcomes.set(response.statusCode, (outcomes.get(response.statusCode) ?? 0) + 1);
        if (response.statusCode === 409) {
          // Only a re-encoding of the registered key itself (unused base64 bits) may get this far.
          expect(parsePublicKey(candidate).pem, candidate).toBe(registered);
          expect(response.json()).toMatchObject({ error: 'public_key_taken' });
          continue;
        }
        expect(response.statusCode, candidate).toBe(400);
        expect(response.json()).toEqual({
          error: 'invalid_public_key',
          message: KEY_FORMAT,
          reason: publicKeyProblem(candidate),
        });
      }
    }
    expect([...outcomes.keys()].sort()).toEqual(outcomes.has(409) ? [400, 409] : [400]);
  }, 180_000);

  it('never parses a key that fails the shared spec 5 shape check the web app applies', () => {
    const texts = [...mutations(registered), registered, newNodeKeys().publicKey.replace(/\n/g, '\r\n')];
    for (const text of texts) {
      if (!hasPublicKeyShape(text)) expect(() => parsePublicKey(text), text).toThrow(KEY_FORMAT);
    }
    expect(hasPublicKeyShape(registered)).toBe(true);
  });

  it('answers why a key is refused: a private key, another key type', async () => {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const privatePem = String(pair.privateKey.export({ type: 'pkcs8', format: 'pem' }));
    const rsa = spki(generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey);
    for (const [pasted, reason] of [
      [privatePem, PRIVATE_KEY_REASON],
      [rsa, wrongKeyTypeReason('an RSA key')],
    ] as const) {
      const response = await postCreateNode(server, user, pasted);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'invalid_public_key', message: KEY_FORMAT, reason });
    }
  });

  it('accepts a key with stray spaces and tabs on its lines and Windows line ends, stored as the clean key', async () => {
    const other = await createSignedInUser(server);
    const { publicKey } = newNodeKeys();
    const pasted = publicKey
      .split('\n')
      .map((line) => ` \t${line}  `)
      .join('\r\n');
    const response = await postCreateNode(server, other, `${pasted}\t\r\n`);
    expect(response.statusCode).toBe(201);
    expect(response.json().publicKey).toBe(publicKey);
  });

  it('rejects arbitrary mutations found by fast-check without a 5xx', async () => {
    const edit = fc.record({
      position: fc.nat({ max: 200 }),
      cut: fc.nat({ max: 3 }),
      insert: fc.string({ maxLength: 3, unit: 'binary' }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(edit, { minLength: 1, maxLength: 4 }), async (edits) => {
        let text = registered;
        for (const { position, cut, insert } of edits) {
          const at = position % (text.length + 1);
          text = text.slice(0, at) + insert + text.slice(at + cut);
        }
        const response = await postCreateNode(server, user, text);
        expect(response.statusCode).toBeLessThan(500);
        expect(response.statusCode).not.toBe(201);
      }),
      { numRuns: 300 },
    );
  }, 180_000);
});
