import { describe, expect, it } from 'vitest';
import { type LinkTimes, linkStateAt } from '../../../server/accounts/link-state.ts';

const now = new Date('2026-03-01T12:00:00Z');
const at = (offsetMs: number) => new Date(now.getTime() + offsetMs);
const link = (times: Partial<LinkTimes>): LinkTimes => ({
  expiresAt: at(60_000),
  usedAt: null,
  revokedAt: null,
  ...times,
});

describe('the lifecycle of an e-mail link', () => {
  it('is valid before its expiry, unused and unrevoked', () => {
    expect(linkStateAt(link({}), now)).toBe('valid');
    expect(linkStateAt(link({ expiresAt: at(1) }), now)).toBe('valid');
  });

  it('is expired from its expiry time on', () => {
    expect(linkStateAt(link({ expiresAt: now }), now)).toBe('expired');
    expect(linkStateAt(link({ expiresAt: at(-1) }), now)).toBe('expired');
  });

  it('is used once used, even before its expiry or after a later revocation', () => {
    expect(linkStateAt(link({ usedAt: at(-1000) }), now)).toBe('used');
    expect(linkStateAt(link({ usedAt: at(-1000), revokedAt: at(-500) }), now)).toBe('used');
    expect(linkStateAt(link({ usedAt: at(-1000), expiresAt: at(-1) }), now)).toBe('used');
  });

  it('is revoked once revoked, even before its expiry or after it', () => {
    expect(linkStateAt(link({ revokedAt: at(-1000) }), now)).toBe('revoked');
    expect(linkStateAt(link({ revokedAt: at(-1000), expiresAt: at(-1) }), now)).toBe('revoked');
  });

  it('is decided by the time of the request, not the clock', () => {
    const stored = link({ expiresAt: new Date('2020-01-01T00:00:00Z') });
    expect(linkStateAt(stored, new Date('2019-12-31T23:59:59Z'))).toBe('valid');
    expect(linkStateAt(stored, new Date('2020-01-01T00:00:01Z'))).toBe('expired');
  });
});
