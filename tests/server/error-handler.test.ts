import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorHandler } from '../../server/plugins/error-handler.ts';

/**
 * The net under validation: a database refusal that input can cause is a 4xx without the
 * driver's text, whether the driver's error arrives as it is (pg, PGlite) or wrapped by drizzle (`cause`).
 */
const app = Fastify({ logger: false });
const failures: Record<string, () => unknown> = {
  'invalid-byte-sequence': () =>
    Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' }),
  'out-of-range': () =>
    Object.assign(new Error('value "2147483648" is out of range for type integer'), { code: '22003' }),
  'too-long': () =>
    Object.assign(new Error('value too long for type character varying(320)'), { code: '22001' }),
  'wrapped-by-drizzle': () =>
    Object.assign(new Error('Failed query: update "teams" set "name" = $1'), {
      cause: Object.assign(new Error('invalid input syntax for type integer: "abc"'), { code: '22P02' }),
    }),
  duplicate: () =>
    Object.assign(new Error('duplicate key value violates unique constraint "users_email"'), {
      code: '23505',
    }),
  'connection-lost': () =>
    Object.assign(new Error('Connection terminated unexpectedly at /srv/pg.js:1'), { code: '08006' }),
};

beforeAll(async () => {
  app.setErrorHandler(errorHandler);
  app.get('/fail/:kind', async (request) => {
    throw failures[(request.params as { kind: string }).kind]!();
  });
  await app.ready();
});
afterAll(() => app.close());

async function fail(kind: string) {
  const response = await app.inject({ method: 'GET', url: `/fail/${kind}` });
  return {
    status: response.statusCode,
    body: response.json<{ error: string; message: string }>(),
    raw: response.body,
  };
}

describe('database refusals', () => {
  it.each(['invalid-byte-sequence', 'out-of-range', 'too-long', 'wrapped-by-drizzle'])(
    'answers %s as 400',
    async (kind) => {
      const { status, body, raw } = await fail(kind);
      expect(status).toBe(400);
      expect(body.error).toBe('invalid_request');
      expect(raw).not.toMatch(/UTF8|integer|varying|Failed query|teams/);
    },
  );

  it('answers a duplicate as 409 without naming the constraint', async () => {
    const { status, body, raw } = await fail('duplicate');
    expect(status).toBe(409);
    expect(body.error).toBe('conflict');
    expect(raw).not.toContain('users_email');
  });

  it('keeps a failure input cannot cause a 500 without details', async () => {
    const { status, body, raw } = await fail('connection-lost');
    expect(status).toBe(500);
    expect(body).toEqual({ error: 'internal', message: 'Something went wrong on our side.' });
    expect(raw).not.toContain('/srv/');
  });
});
