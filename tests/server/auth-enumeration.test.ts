import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_LIMITS } from '../../server/lib/mail-limits.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { freshIp, send, signUp } from './auth-helpers.ts';

/** What an outsider can observe of an answer: status, body and the headers that could differ. */
function observable(response: LightMyRequestResponse) {
  return {
    status: response.statusCode,
    body: response.body,
    type: response.headers['content-type'],
    length: response.headers['content-length'],
    cookie: response.headers['set-cookie'],
  };
}

describe('no account enumeration', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
    await signUp(server, 'complete@example.com');
    await send(server, 'POST', '/auth/guest/register', { login: 'pending@example.com' }, { ip: freshIp() });
  });
  afterAll(() => server.close());

  const register = (login: string) =>
    send(
      server,
      'POST',
      '/auth/guest/register',
      { login, offer: true, subscription: true },
      { ip: freshIp() },
    );
  const recover = (login: string) =>
    send(
      server,
      'POST',
      '/auth/guest/recovery-password',
      { login, url: 'http://localhost/resPassword' },
      { ip: freshIp() },
    );

  it('answers register identically for a completed, a pending and an unknown address', async () => {
    const answers = [
      await register('complete@example.com'),
      await register('pending@example.com'),
      await register('nobody@example.com'),
    ].map(observable);
    expect(answers[0]).toEqual({
      status: 200,
      body: '{"ok":true}',
      type: 'application/json; charset=utf-8',
      length: '11',
      cookie: undefined,
    });
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
  });

  it('mails a completed account a sign-in and recovery hint instead of a new account', async () => {
    // Its sign-up mail went out less than a minute ago (one registration mail per address a minute).
    server.clock.advance(MAIL_LIMITS.addressMinute.windowMs);
    await register('Complete@Example.com');
    const mail = await server.lastMailTo('complete@example.com');
    expect(mail!.text).toContain(`\n${server.config.publicUrl}/\n`);
    expect(mail!.text).toContain(`\n${server.config.publicUrl}/forgotPassword\n`);
    expect(mail!.text).not.toContain('/createPassword/');
    const signIn = await send(
      server,
      'POST',
      '/auth/guest/auth',
      { login: 'complete@example.com', password: 'secret1' },
      { ip: freshIp() },
    );
    expect(signIn.statusCode).toBe(200);
  });

  it('mails a pending address a fresh create-password link', async () => {
    await register('pending@example.com');
    expect((await server.lastMailTo('pending@example.com'))!.text).toContain('/createPassword/');
  });

  it('answers recovery identically for a completed, a pending and an unknown address', async () => {
    const answers = [
      await recover('complete@example.com'),
      await recover('pending@example.com'),
      await recover('unknown-person@example.com'),
    ].map(observable);
    expect(answers[0]).toMatchObject({ status: 200, body: '{"ok":true}' });
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    expect((await server.lastMailTo('complete@example.com'))!.text).toContain('/resPassword/');
    expect(await server.lastMailTo('unknown-person@example.com')).toBeUndefined();
  });

  it('answers a wrong password and an unknown address with the same 401', async () => {
    const wrong = await send(
      server,
      'POST',
      '/auth/guest/auth',
      { login: 'complete@example.com', password: 'wrong-password' },
      { ip: freshIp() },
    );
    const unknown = await send(
      server,
      'POST',
      '/auth/guest/auth',
      { login: 'ghost@example.com', password: 'wrong-password' },
      { ip: freshIp() },
    );
    const pending = await send(
      server,
      'POST',
      '/auth/guest/auth',
      { login: 'pending@example.com', password: 'wrong-password' },
      { ip: freshIp() },
    );
    expect(observable(wrong)).toMatchObject({
      status: 401,
      body: '{"error":"invalid_credentials","message":"Incorrect e-mail or password"}',
    });
    expect(observable(unknown)).toEqual(observable(wrong));
    expect(observable(pending)).toEqual(observable(wrong));
  });
});
