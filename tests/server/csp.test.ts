import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';

describe("style-src without 'unsafe-inline'", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it("allows styles from the app's origin only, nothing inline, on every answer", async () => {
    for (const url of ['/app-config.json', '/api/no-such-route', '/']) {
      const response = await server.app.inject({ method: 'GET', url });
      const csp = String(response.headers['content-security-policy']);
      expect(csp, url).toContain("style-src 'self';");
      expect(csp, url).not.toContain('unsafe-inline');
    }
  });
});
