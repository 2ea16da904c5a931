import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { oneClickUnsubscribePath, UNSUBSCRIBE_PAGE } from '../../contracts/notifications.ts';
import { INVITATION_PATH, VIEWER_ROLE } from '../../contracts/team-body.ts';
import { SSE_COOKIE } from '../../server/lib/authenticate.ts';
import { openStream } from '../helpers/event-stream.ts';
import { linkIn, startTestServer, type TestServer } from '../helpers/server.ts';
import { freshIp, send } from './auth-helpers.ts';
import { activeNode, pastThreshold, sweepAndMails, unsubscribeTokenIn } from './health-fixtures.ts';
import { call, createAccount, hashOf, PASSWORD, paths } from './profile-fixtures.ts';

/**
 * Every secret a person's journey meets (each e-mail link, the session, an API token, the event stream's cookie)
 * stays out of the request log, however it is sent: in a page's path, in a query parameter, in a header or a body.
 */
describe('the request log along a journey through every link and token', () => {
  const lines: string[] = [];
  const secrets = new Map<string, string>();
  let server: TestServer;

  beforeAll(async () => {
    // Without SMTP the mailer prints mail links for a person trying the product locally; that print is by design
    // and is not the request log checked here.
    vi.spyOn(console, 'info').mockImplementation(() => {});
    server = await startTestServer({}, { logStream: { write: (line: string) => void lines.push(line) } });
  });
  afterAll(async () => {
    await server.close();
    vi.restoreAllMocks();
  });

  const page = (url: string) => server.app.inject({ method: 'GET', url });
  const saw = (name: string, secret: string) => {
    expect(secret.length, name).toBeGreaterThan(10);
    secrets.set(name, secret);
  };

  it('writes none of the secrets it saw', async () => {
    // Sign-up confirmation and password reset.
    const email = 'journey@example.com';
    await send(server, 'POST', '/auth/guest/register', { login: email }, { ip: freshIp() });
    const confirmation = hashOf(linkIn(await server.lastMailTo(email), '/createPassword/'));
    saw('sign-up confirmation', confirmation);
    await page(`/createPassword/${confirmation}`);
    await send(server, 'POST', '/auth/guest/link/check', { hash: confirmation, purpose: 'create_password' });
    const created = await send(server, 'POST', '/auth/guest/set-new-password', {
      hash: confirmation,
      password: 'first-secret-1',
      confirm: 'first-secret-1',
    });
    saw('session', created.json().access_token);
    server.clock.advance(60_000);
    await send(server, 'POST', '/auth/guest/recovery-password', { login: email }, { ip: freshIp() });
    const reset = hashOf(linkIn(await server.lastMailTo(email), '/resPassword/'));
    saw('password reset', reset);
    await page(`/resPassword/${reset}`);
    await send(server, 'POST', '/auth/guest/link/check', { hash: reset, purpose: 'reset_password' });
    await send(server, 'POST', '/auth/guest/set-new-password', {
      hash: reset,
      password: 'second-secret-2',
      confirm: 'second-secret-2',
    });

    // E-mail change, accepted and cancelled.
    const owner = await createAccount(server);
    saw('owner session', owner.token);
    const newAddress = 'journey-new@example.com';
    await call(server, 'POST', paths.changeEmail(owner), { password: PASSWORD, email: newAddress }, owner);
    const accept = hashOf(linkIn(await server.lastMailTo(newAddress), '/changeEmail/'));
    const cancel = hashOf(linkIn(await server.lastMailTo(owner.email), '/cancelEmailChange/'));
    saw('e-mail change accept', accept);
    saw('e-mail change cancel', cancel);
    await page(`/changeEmail/${accept}`);
    await page(`/cancelEmailChange/${cancel}`);
    await call(server, 'POST', paths.acceptEmail, { hash: accept });

    // Account deletion.
    const leaving = await createAccount(server);
    await call(
      server,
      'DELETE',
      paths.deleteUser(leaving),
      { user_id: leaving.userId, password: PASSWORD, url: 'http://localhost/deleteUserAccount' },
      leaving,
    );
    const deletion = hashOf(linkIn(await server.lastMailTo(leaving.email), '/deleteUserAccount/'));
    saw('deletion accept', deletion);
    await page(`/deleteUserAccount/${deletion}`);

    // Invitation.
    const invitee = 'journey-invitee@example.com';
    await server.app.inject({
      method: 'POST',
      url: `/auth/v1/teams/${owner.teamId}/invitations`,
      headers: owner.headers,
      payload: { email: invitee, role: VIEWER_ROLE },
    });
    const invitation = new URL(linkIn(await server.lastMailTo(invitee), INVITATION_PATH)).searchParams.get(
      'hash',
    )!;
    saw('invitation', invitation);
    await page(`${INVITATION_PATH}?hash=${invitation}`);
    await page(`${INVITATION_PATH}?lang=en&hash=${invitation}#top`);
    await server.app.inject({
      method: 'POST',
      url: '/auth/v1/invitations/inspect',
      payload: { hash: invitation },
    });

    // Unsubscribe, from a real alert mail.
    await activeNode(server, owner);
    server.clock.advance(pastThreshold(server));
    const [alert] = await sweepAndMails(server, newAddress);
    const unsubscribe = unsubscribeTokenIn(alert);
    saw('unsubscribe', unsubscribe);
    await page(`${UNSUBSCRIBE_PAGE}/${unsubscribe}`);
    await server.app.inject({
      method: 'POST',
      url: `/auth/${oneClickUnsubscribePath(unsubscribe)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });

    // An API token, sent as a bearer and (wrongly) in the query string.
    const madeToken = await server.app.inject({
      method: 'POST',
      url: '/auth/v1/tokens',
      headers: owner.headers,
      payload: { name: 'Journey', teamId: owner.teamId, scope: 'read', password: PASSWORD },
    });
    const apiToken = madeToken.json().token as string;
    saw('API token', apiToken);
    await server.app.inject({
      method: 'POST',
      url: `/api/v1/nodres/team/${owner.teamId}`,
      headers: { authorization: `Bearer ${apiToken}` },
    });
    await page(`/api/v1/nodres/team/${owner.teamId}?access_token=${apiToken}`);

    // The event stream: the cookie, and a session token someone puts in the query string.
    await page(`/api/v1/sse/handle?token=${owner.token}`);
    const base = await server.app.listen({ port: 0, host: '127.0.0.1' });
    const stream = await openStream(base, { cookie: `${SSE_COOKIE}=${owner.token}` });
    await stream.waitFor(/retry: /);
    await stream.cancel();

    const log = lines.join('');
    expect(lines.length).toBeGreaterThan(30);
    expect(log).toContain(`"url":"${INVITATION_PATH}?hash=[redacted]"`);
    expect(log).toContain('access_token=[redacted]');
    for (const [name, secret] of secrets) expect(log.includes(secret), `${name} in the log`).toBe(false);
  });
});
