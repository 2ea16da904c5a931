import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { redactUrl } from '../../server/lib/log-options.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

describe('server foundation', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      maintenance: true,
      maintenanceUntil: loadConfig({ MAINTENANCE_UNTIL: '2026-11-27T15:30+01:00' }).maintenanceUntil,
      supportEmail: 'help@example.org',
    });
  });
  afterAll(() => server.close());

  it('serves the app configuration with the maintenance flag and service bases', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/app-config.json' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      maintenance: true,
      // MAINTENANCE_UNTIL, written back in UTC for the maintenance page.
      maintenanceUntil: '2026-11-27T14:30:00.000Z',
      supportEmail: 'help@example.org',
      authBase: '/auth/',
      apiBase: '/api/',
      statsBase: '/stats/',
    });
  });

  it('reads MAINTENANCE_UNTIL as an ISO 8601 moment: none by default, a typo stops the start', () => {
    expect(loadConfig({}).maintenanceUntil).toBeNull();
    expect(loadConfig({ MAINTENANCE_UNTIL: '2026-11-27T14:00Z' }).maintenanceUntil).toBe(
      '2026-11-27T14:00:00.000Z',
    );
    for (const typo of ['tomorrow', '27/11/2026 14:00', '2026-13-40T99:00Z']) {
      expect(() => loadConfig({ MAINTENANCE_UNTIL: typo }), typo).toThrow(/MAINTENANCE_UNTIL/);
    }
  });

  it('sends the security headers on every response', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/no-such-route' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("script-src 'self' 'unsafe-inline'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBeTruthy();
  });

  it('answers an unknown service route with a JSON 404', async () => {
    const response = await server.app.inject({ method: 'POST', url: '/stats/v9/nothing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: 'not_found' });
  });

  it('keeps e-mail link secrets out of logged URLs', () => {
    expect(redactUrl('/createPassword/abcDEF123')).toBe('/createPassword/[redacted]');
    expect(redactUrl('/deleteUserAccount/x?y=1')).toBe('/deleteUserAccount/[redacted]?y=1');
    expect(redactUrl('/cancelEmailChange/c4ncel')).toBe('/cancelEmailChange/[redacted]');
    expect(redactUrl('/unsubscribe/t0ken')).toBe('/unsubscribe/[redacted]');
    // RFC 8058's one-click POST carries the token in its path too.
    expect(redactUrl('/auth/v1/notifications/unsubscribe/t0ken')).toBe(
      '/auth/v1/notifications/unsubscribe/[redacted]',
    );
    expect(redactUrl('/myNodr')).toBe('/myNodr');
  });
});
