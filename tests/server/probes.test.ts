import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shippedMigrations } from '../../server/db/readiness.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

/** A built web app of one page, so that a path the server does not know could be answered with it. */
function webRootWithPage(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'nodr-web-'));
  fs.writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>NODR Dashboard</title>');
  return root;
}

describe('probes: /healthz and /readyz', () => {
  let server: TestServer;
  let webRoot: string;

  beforeAll(async () => {
    webRoot = webRootWithPage();
    server = await startTestServer({}, { webRoot });
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(webRoot, { recursive: true, force: true });
  });

  it('says the process is alive, uncached', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('says ready with every migration of this build applied', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/readyz?probe=%00' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready', migrations: shippedMigrations() });
    expect(shippedMigrations()).toBeGreaterThanOrEqual(3);
  });

  it('answers a method it does not take with 405 and Allow, in JSON', async () => {
    const response = await server.app.inject({ method: 'POST', url: '/readyz', payload: {} });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toContain('GET');
    expect(response.json()).toMatchObject({ error: 'method_not_allowed' });
  });

  it.each([
    '/metrics',
    '/metrics?format=prometheus',
    '/healthz/deep',
    '/api/no-such-call',
    '/auth/v1/nothing',
    '/stats/x',
  ])('answers the unknown tool or API path %s with a JSON 404, never the web page', async (url) => {
    const response = await server.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toMatchObject({ error: 'not_found' });
  });

  it('still answers a page path with the web app (the control for the 404s above)', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/metricsboard' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('NODR Dashboard');
  });

  it('is not ready while a migration of this build is missing from the database', async () => {
    const { rows } = (await server.db.execute(
      sql`select id, hash, created_at from drizzle.__drizzle_migrations order by id desc limit 1`,
    )) as unknown as { rows: { id: number; hash: string; created_at: string }[] };
    const last = rows[0]!;
    await server.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${last.id}`);
    try {
      const response = await server.app.inject({ method: 'GET', url: '/readyz' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        error: 'migrations_pending',
        message: `1 of ${shippedMigrations()} migrations are not applied.`,
      });
    } finally {
      await server.db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${last.id}, ${last.hash}, ${last.created_at})`,
      );
    }
    const again = await server.app.inject({ method: 'GET', url: '/readyz' });
    expect(again.statusCode).toBe(200);
  });
});

describe('probes: the database gone', () => {
  it('is not ready, with a clear 503, when the database does not answer; alive all the same', async () => {
    const server = await startTestServer();
    await server.database.close();
    try {
      const ready = await server.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({
        error: 'database_unreachable',
        message: 'The database does not answer.',
      });
      const alive = await server.app.inject({ method: 'GET', url: '/healthz' });
      expect(alive.statusCode).toBe(200);
    } finally {
      await server.app.close();
    }
  });
});
