import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_LIMITS } from '../../server/accounts/rate-limits.ts';
import { loadConfig, type TrustProxy } from '../../server/config.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { send } from './auth-helpers.ts';

const { max } = AUTH_LIMITS.recoveryIp;

/** Sends max + 1 recoveries (unknown addresses, so only the per-IP limit can trip) and returns the statuses. */
async function recoveries(server: TestServer, peer: string, forwardedFor: (i: number) => string) {
  const statuses: number[] = [];
  for (let i = 0; i <= max; i += 1) {
    const response = await send(
      server,
      'POST',
      '/auth/guest/recovery-password',
      { login: `nobody-${peer}-${forwardedFor(i)}-${i}@example.com`.replace(/[ ,]/g, '') },
      { ip: peer, headers: { 'x-forwarded-for': forwardedFor(i) } },
    );
    statuses.push(response.statusCode);
  }
  return statuses;
}

const limited = [...Array<number>(max).fill(200), 429];
const allowed = Array<number>(max + 1).fill(200);
const rotating = (i: number) => `198.18.${i >> 8}.${i & 255}`;

describe('TRUST_PROXY: whose X-Forwarded-For the rate limits believe', () => {
  const servers: TestServer[] = [];
  const start = async (trustProxy: TrustProxy) => {
    const server = await startTestServer({ trustProxy });
    servers.push(server);
    return server;
  };
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.close()));
  });

  describe('a list of proxy addresses and CIDRs', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await start(['192.0.2.10', '10.20.0.0/16']);
    });

    it('ignores a forged header from a peer that is not a listed proxy: the per-IP limit still bites', async () => {
      expect(await recoveries(server, '203.0.113.50', rotating)).toEqual(limited);
    });

    it("honours a listed proxy's header: each client address has its own bucket", async () => {
      expect(await recoveries(server, '192.0.2.10', rotating)).toEqual(allowed);
      expect(await recoveries(server, '10.20.3.4', () => '198.51.100.7')).toEqual(limited);
    });

    it('takes the address before the last listed proxy, not a forged one further left', async () => {
      const forged = (i: number) => `${rotating(i)}, 198.51.100.8`;
      expect(await recoveries(server, '192.0.2.10', forged)).toEqual(limited);
    });
  });

  describe('a hop count', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await start(1);
    });

    it('TRUST_PROXY=1 believes exactly one hop: the entry the proxy appended, whatever the client wrote', async () => {
      const forged = (i: number) => `${rotating(i)}, 198.51.100.9`;
      expect(await recoveries(server, '192.0.2.99', forged)).toEqual(limited);
      expect(await recoveries(server, '192.0.2.99', rotating)).toEqual(allowed);
    });
  });

  describe('unset', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await start(loadConfig({}).trustProxy);
    });

    it('believes no header at all', async () => {
      expect(await recoveries(server, '203.0.113.60', rotating)).toEqual(limited);
    });
  });

  it('reads a hop count or a list, and refuses "trust every hop" and malformed entries', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.2 , 10.1.0.0/16,::1 ' }).trustProxy).toEqual([
      '10.0.0.2',
      '10.1.0.0/16',
      '::1',
    ]);
    for (const bad of [
      'true',
      '*',
      'all',
      '10.0.0.0/33',
      '10.0.0.1/8/1',
      'proxy.example',
      '1.5',
      '10.0.0.1,',
    ]) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/^TRUST_PROXY: /);
    }
  });
});
