import { array, assert } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ErrorStruct,
  OkStruct,
  SessionTokenStruct,
  TeamRenderStruct,
  TeamStruct,
  TeamUserStruct,
  UserStruct,
} from '../../src/api/auth.ts';
import { form, linkIn, startTestServer, type TestServer } from '../helpers/server.ts';

describe('auth journey: register, create password, create account, sign in, recover', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  const post = (url: string, fields: Record<string, string | boolean>, headers = {}) =>
    server.app.inject({
      method: 'POST',
      url,
      ...form(fields),
      headers: { ...form(fields).headers, ...headers },
    });

  it('walks the whole journey', async () => {
    const email = 'Journey@Example.com';
    const registered = await post('/auth/guest/register', {
      login: ` ${email} `,
      createPath: 'https://evil.example/createPassword',
      resetPath: 'https://evil.example/resPassword',
      loginPath: 'https://evil.example/',
      offer: true,
      subscription: true,
    });
    expect(registered.statusCode).toBe(200);
    assert(registered.json(), OkStruct);

    const mail = await server.lastMailTo('journey@example.com');
    const createLink = linkIn(mail, '/createPassword/');
    expect(createLink.startsWith(`${server.config.publicUrl}/createPassword/`)).toBe(true);
    expect(mail!.text).not.toContain('evil.example');
    const hash = createLink.split('/').at(-1)!;
    expect(hash).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const created = await post('/auth/guest/set-new-password', {
      hash,
      password: 'secret1',
      confirm: 'secret1',
    });
    expect(created.statusCode).toBe(200);
    const session = created.json();
    assert(session, SessionTokenStruct);
    expect(session.access_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const cookie = String(created.headers['set-cookie']);
    expect(cookie).toContain(`nodr_session=${session.access_token}`);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).toContain('Path=/api/v1/sse');
    const auth = { authorization: `Bearer ${session.access_token}` };

    const check = await server.app.inject({ method: 'GET', url: '/auth/v1/check', headers: auth });
    expect(check.statusCode).toBe(200);
    const user = check.json();
    assert(user, UserStruct);
    expect(user.email).toBe('journey@example.com');
    expect(user.TeamsRender).toHaveLength(1);
    expect(user.TeamsRender[0]).toMatchObject({ name: '', role: 10 });
    const teamId = user.TeamsRender[0]!.id;

    const named = await server.app.inject({
      method: 'PUT',
      url: `/auth/v1/user/${user.id}`,
      ...form({
        id: user.id,
        name: ' Ada ',
        surname: 'Lovelace',
        image: '3',
        TeamsRender: '[object Object]',
      }),
      headers: { ...form({}).headers, ...auth },
    });
    expect(named.statusCode).toBe(200);
    const namedUser = named.json();
    assert(namedUser, UserStruct);
    expect(namedUser).toMatchObject({ name: 'Ada', surname: 'Lovelace', image: '3' });

    const team = await server.app.inject({
      method: 'PUT',
      url: `/auth/v1/teams/${teamId}`,
      ...form({ id: teamId, name: ' Ada Labs ' }),
      headers: { ...form({}).headers, ...auth },
    });
    expect(team.statusCode).toBe(200);
    assert(team.json(), TeamStruct);
    expect(team.json()).toEqual({ id: teamId, name: 'Ada Labs' });

    const teams = await post('/auth/v1/teams', {}, auth);
    assert(teams.json(), array(TeamRenderStruct));
    expect(teams.json()).toEqual([{ id: teamId, name: 'Ada Labs', role: 10 }]);
    const users = await post('/auth/v1/user', {}, auth);
    assert(users.json(), array(TeamUserStruct));

    const logout = await server.app.inject({ method: 'GET', url: '/auth/v1/logout', headers: auth });
    expect(logout.statusCode).toBe(200);
    const after = await server.app.inject({ method: 'GET', url: '/auth/v1/check', headers: auth });
    expect(after.statusCode).toBe(401);
    assert(after.json(), ErrorStruct);

    const signedIn = await post('/auth/guest/auth', { login: email, password: 'secret1' });
    expect(signedIn.statusCode).toBe(200);
    assert(signedIn.json(), SessionTokenStruct);

    const recovery = await post('/auth/guest/recovery-password', {
      login: email,
      url: 'https://evil.example/x',
    });
    expect(recovery.json()).toEqual({ ok: true });
    const resetHash = linkIn(await server.lastMailTo(email), '/resPassword/')
      .split('/')
      .at(-1)!;
    const reset = await post('/auth/guest/set-new-password', {
      hash: resetHash,
      password: 'newpass',
      confirm: 'newpass',
    });
    expect(reset.statusCode).toBe(200);
    const old = await post('/auth/guest/auth', { login: email, password: 'secret1' });
    expect(old.statusCode).toBe(401);
    expect(old.json()).toEqual({ error: 'invalid_credentials', message: 'Incorrect e-mail or password' });
    const fresh = await post('/auth/guest/auth', { login: email, password: 'newpass' });
    expect(fresh.statusCode).toBe(200);
  });
});
