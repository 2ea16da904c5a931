import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SSE_COOKIE } from '../../server/lib/authenticate.ts';
import { newNodeKeys, postCreateNode } from '../helpers/nodes.ts';
import {
  createSignedInUser,
  type SignedInUser,
  startTestServer,
  type TestServer,
} from '../helpers/server.ts';

/**
 * A web root shaped like the build output: each file with the .br and .gz copies the Vite compression plugin
 * writes. The brotli copies use a quality the server's own compression never picks, so equal bytes prove the
 * file was sent as it is.
 */
function fixtureWebRoot(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'nodr-web-'));
  fs.mkdirSync(path.join(root, 'assets'));
  const files: Record<string, string> = {
    'index.html': `<!doctype html><html lang="en"><head><title>NODR Dashboard</title>${'<meta name="x" content="y" />'.repeat(40)}</head><body><div id="root"></div></body></html>`,
    'assets/index-AbC123.js': `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word${i}`))};`,
  };
  for (const [name, text] of Object.entries(files)) {
    const file = path.join(root, name);
    fs.writeFileSync(file, text);
    fs.writeFileSync(
      `${file}.br`,
      brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 7 } }),
    );
    fs.writeFileSync(`${file}.gz`, gzipSync(text, { level: 3 }));
  }
  return root;
}

describe('delivery: pre-compressed files, compressed answers, cache headers', () => {
  let server: TestServer;
  let webRoot: string;
  let user: SignedInUser;
  const read = (name: string, suffix = '') => fs.readFileSync(path.join(webRoot, `${name}${suffix}`));

  beforeAll(async () => {
    webRoot = fixtureWebRoot();
    server = await startTestServer({}, { webRoot });
    user = await createSignedInUser(server);
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(webRoot, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    server.app.inject({ method: 'GET', url, headers });

  it('sends the .br copy of an asset to a client that takes brotli, immutable', async () => {
    const response = await get('/assets/index-AbC123.js', { 'accept-encoding': 'br, gzip' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.rawPayload.equals(read('assets/index-AbC123.js', '.br'))).toBe(true);
    expect(brotliDecompressSync(response.rawPayload).equals(read('assets/index-AbC123.js'))).toBe(true);
  });

  it('sends the .gz copy to a client that takes only gzip', async () => {
    const response = await get('/assets/index-AbC123.js', { 'accept-encoding': 'gzip' });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.rawPayload.equals(read('assets/index-AbC123.js', '.gz'))).toBe(true);
    expect(gunzipSync(response.rawPayload).equals(read('assets/index-AbC123.js'))).toBe(true);
  });

  it('sends the file as it is to a client that names no encoding', async () => {
    const response = await get('/assets/index-AbC123.js');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.rawPayload.equals(read('assets/index-AbC123.js'))).toBe(true);
  });

  it('honours a refused encoding, and answers a missing asset with a 404, not the app page', async () => {
    const refused = await get('/assets/index-AbC123.js', { 'accept-encoding': 'br;q=0, gzip' });
    expect(refused.headers['content-encoding']).toBe('gzip');
    const identity = await get('/assets/index-AbC123.js', { 'accept-encoding': 'identity' });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.rawPayload.equals(read('assets/index-AbC123.js'))).toBe(true);

    // A tab left open across a deploy asks for chunks that are gone: HTML in their place would fail to run.
    const missing = await get('/assets/index-Gone99.js', { 'accept-encoding': 'br' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: 'not_found' });
  });

  it('answers every page path with the compressed index.html, revalidated by its ETag', async () => {
    for (const url of ['/', '/myNodr', '/index.html']) {
      const response = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-encoding'], url).toBe('br');
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.rawPayload.equals(read('index.html', '.br')), url).toBe(true);
      const etag = String(response.headers.etag);
      expect(etag, url).toMatch(/^(W\/)?"/);

      const again = await get(url, { 'accept-encoding': 'gzip, deflate, br', 'if-none-match': etag });
      expect(again.statusCode, url).toBe(304);
      expect(again.rawPayload.length, url).toBe(0);
    }
    const plain = await get('/settings');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect(plain.body).toContain('<div id="root">');
    // Each encoding is its own representation: a tag of one never validates another.
    const brTag = String((await get('/', { 'accept-encoding': 'br' })).headers.etag);
    expect(plain.headers.etag).not.toBe(brTag);
    expect((await get('/settings', { 'if-none-match': brTag })).statusCode).toBe(200);
  });

  it('compresses a JSON answer over 1 KB with brotli, or gzip, and leaves a smaller one alone', async () => {
    const dictionaries = (encoding?: string) =>
      get('/api/dictionaries/45', { ...user.headers, ...(encoding ? { 'accept-encoding': encoding } : {}) });
    const identity = await dictionaries();
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.rawPayload.length).toBeGreaterThan(1024);

    const br = await dictionaries('gzip, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(identity.rawPayload.length);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(identity.json());

    const gzip = await dictionaries('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(identity.json());

    const small = await get('/app-config.json', { 'accept-encoding': 'br, gzip' });
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toMatchObject({ apiBase: '/api/' });
  });

  it('never buffers the event stream: an event reaches a client that takes br and gzip at once', async () => {
    const base = await server.app.listen({ port: 0, host: '127.0.0.1' });
    let received = '';
    let arrived: () => void = () => {};
    const request = http.get(`${base}/api/v1/sse/handle`, {
      headers: { cookie: `${SSE_COOKIE}=${user.token}`, 'accept-encoding': 'br, gzip' },
    });
    try {
      const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
        request.on('response', resolve).on('error', reject);
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/event-stream/);
      expect(response.headers['content-encoding']).toBeUndefined();
      const event = new Promise<void>((resolve) => {
        arrived = resolve;
      });
      response.on('data', (chunk: Buffer) => {
        received += chunk.toString();
        if (/data: 10\n\n/.test(received)) arrived();
      });

      const started = performance.now();
      const created = await postCreateNode(server, user, newNodeKeys().publicKey);
      expect(created.statusCode).toBe(201);
      await Promise.race([
        event,
        new Promise((_, reject) => setTimeout(() => reject(new Error(`no event: ${received}`)), 1000)),
      ]);
      expect(performance.now() - started).toBeLessThan(1000);
      expect(received).toMatch(/^retry: 1000\n\n/);
    } finally {
      request.destroy();
    }
  });
});
