import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * A local HTTP receiver on 127.0.0.1 for alert channel tests: records every request and answers with `reply`
 * (200 by default, at once), which a test may change between calls.
 */
export async function startReceiver() {
  const received: Received[] = [];
  const state = { status: 200, body: 'ok', headers: {} as Record<string, string>, delayMs: 0 };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        path: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString(),
      });
      setTimeout(() => {
        response.writeHead(state.status, state.headers);
        response.end(state.body);
      }, state.delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    reply(status: number, body = '', headers: Record<string, string> = {}) {
      Object.assign(state, { status, body, headers });
    },
    /** Answers after this many milliseconds: keeps a delivery in flight while another process looks. */
    slow(delayMs: number) {
      state.delayMs = delayMs;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
