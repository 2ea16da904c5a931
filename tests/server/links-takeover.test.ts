import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueLink, LINK_TTL_MS } from '../../server/accounts/links.ts';
import { linkIn, startTestServer, type TestServer } from '../helpers/server.ts';
import { type Account, freshIp, get, send, signIn, signUp } from './auth-helpers.ts';
import { call, hashOf, paths } from './profile-fixtures.ts';

// A password change, a confirmed e-mail change and a deletion end every outstanding link.

const invalid = { error: 'invalid_link', message: 'This link is expired or has already been used.' };
const cancelPath = 'v1/profile_settings/change_email/cancel';
let n = 0;
const address = (label: string) => `${label}-${++n}-${Date.now()}@example.net`;

async function requestEmailChange(server: TestServer, who: Account, newEmail: string) {
  const response = await call(
    server,
    'POST',
    paths.changeEmail(who),
    { password: who.password, email: newEmail },
    who,
  );
  expect(response.statusCode).toBe(200);
  const confirm = hashOf(linkIn(await server.lastMailTo(newEmail), '/changeEmail/'));
  const cancel = hashOf(linkIn(await server.lastMailTo(who.email), '/cancelEmailChange/'));
  return { confirm, cancel };
}

async function requestReset(server: TestServer, email: string) {
  const response = await send(
    server,
    'POST',
    '/auth/guest/recovery-password',
    { login: email },
    { ip: freshIp() },
  );
  expect(response.statusCode).toBe(200);
  return hashOf(linkIn(await server.lastMailTo(email), '/resPassword/'));
}

function setPassword(server: TestServer, hash: string, password = 'fresh-pass-1') {
  return send(
    server,
    'POST',
    '/auth/guest/set-new-password',
    { hash, password, confirm: password },
    { ip: freshIp() },
  );
}

async function requestDeletion(server: TestServer, who: Account) {
  const response = await call(server, 'DELETE', paths.deleteUser(who), { password: who.password }, who);
  expect(response.statusCode).toBe(200);
  return hashOf(linkIn(await server.lastMailTo(who.email), '/deleteUserAccount/'));
}

type LinkKind = 'confirm' | 'cancel' | 'reset' | 'create' | 'delete';
type Change =
  | 'settings password'
  | 'password from reset link'
  | 'confirmed e-mail change'
  | 'account deletion';

/** Issues a live link of the kind for the account, the way the product does. */
async function obtain(server: TestServer, who: Account, kind: LinkKind): Promise<string> {
  switch (kind) {
    case 'confirm':
      return (await requestEmailChange(server, who, address('confirm'))).confirm;
    case 'cancel':
      return (await requestEmailChange(server, who, address('cancel'))).cancel;
    case 'reset':
      return requestReset(server, who.email);
    case 'delete':
      return requestDeletion(server, who);
    case 'create':
      // Only a passwordless account gets one through HTTP; the rule covers any outstanding link, so issue it here.
      return server.db.transaction((tx) =>
        issueLink(tx, {
          userId: who.userId,
          purpose: 'create_password',
          ttlMs: LINK_TTL_MS.create_password,
          now: server.clock.now(),
        }),
      );
  }
}

function redeem(server: TestServer, kind: LinkKind, hash: string) {
  switch (kind) {
    case 'confirm':
      return call(server, 'POST', paths.acceptEmail, { hash });
    case 'cancel':
      return call(server, 'POST', cancelPath, { hash });
    case 'reset':
    case 'create':
      return setPassword(server, hash, 'late-pass-1');
    case 'delete':
      return call(server, 'DELETE', paths.acceptDeletion, { hash });
  }
}

/** Makes the change; `prepare` runs first (before the link under test is issued), `apply` after. */
function changeOf(server: TestServer, who: Account, change: Change) {
  switch (change) {
    case 'settings password':
      return {
        prepare: async () => {},
        apply: async () => {
          const fields = {
            password: who.password,
            new_password: 'settings-pass-1',
            confirm: 'settings-pass-1',
          };
          const response = await call(server, 'POST', paths.changePassword(who), fields, who);
          expect(response.statusCode).toBe(200);
        },
      };
    case 'password from reset link': {
      let reset = '';
      return {
        prepare: async () => {
          reset = await requestReset(server, who.email);
        },
        apply: async () => expect((await setPassword(server, reset)).statusCode).toBe(200),
      };
    }
    case 'confirmed e-mail change': {
      let confirm = '';
      return {
        prepare: async () => {
          confirm = (await requestEmailChange(server, who, address('moved'))).confirm;
        },
        apply: async () =>
          expect((await call(server, 'POST', paths.acceptEmail, { hash: confirm })).statusCode).toBe(200),
      };
    }
    case 'account deletion':
      return {
        prepare: async () => {},
        apply: async () => {
          const hash = await requestDeletion(server, who);
          expect((await call(server, 'DELETE', paths.acceptDeletion, { hash })).statusCode).toBe(200);
        },
      };
  }
}

const kinds: LinkKind[] = ['confirm', 'cancel', 'reset', 'create', 'delete'];
const changes: Change[] = [
  'settings password',
  'password from reset link',
  'confirmed e-mail change',
  'account deletion',
];
// Pairs where the change itself must use or supersede the link under test say nothing about revocation.
const sameFlow = new Set([
  'confirm|confirmed e-mail change',
  'reset|password from reset link',
  'delete|account deletion',
]);
// A second e-mail change request supersedes the link under test: the cancel link is taken from the change itself.
const cases = kinds.flatMap((kind) =>
  changes.filter((change) => !sameFlow.has(`${kind}|${change}`)).map((change) => ({ kind, change })),
);

describe('account takeover through a pending e-mail change', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('ends with the owner signing in: the intruder loses the pending change when the owner changes the password', async () => {
    const ownerEmail = address('owner');
    const owner = await signUp(server, ownerEmail, 'owner-pass-1');
    const intruderToken = await signIn(server, ownerEmail, 'owner-pass-1');
    const intruder: Account = {
      ...owner,
      token: intruderToken,
      headers: { authorization: `Bearer ${intruderToken}` },
    };
    const intruderEmail = address('intruder');
    const { confirm, cancel } = await requestEmailChange(server, intruder, intruderEmail);
    expect(cancel).toMatch(/^[A-Za-z0-9_-]{43,}$/);

    const changed = await call(
      server,
      'POST',
      paths.changePassword(owner),
      { password: 'owner-pass-1', new_password: 'owner-pass-2', confirm: 'owner-pass-2' },
      owner,
    );
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ email: ownerEmail, statusChangeEmail: 0, newChangeEmail: null });
    expect((await get(server, '/auth/v1/check', intruder.headers)).statusCode).toBe(401);

    const accepted = await call(server, 'POST', paths.acceptEmail, { hash: confirm });
    expect(accepted.statusCode).toBe(400);
    expect(accepted.json()).toEqual(invalid);

    const mailsToIntruder = () => server.mails.filter((mail) => mail.to === intruderEmail).length;
    const before = mailsToIntruder();
    const recovery = await send(
      server,
      'POST',
      '/auth/guest/recovery-password',
      { login: intruderEmail },
      { ip: freshIp() },
    );
    expect(recovery.statusCode).toBe(200);
    await server.app.deps.mailer.drain();
    expect(mailsToIntruder()).toBe(before);

    const check = await get(server, '/auth/v1/check', owner.headers);
    expect(check.json()).toMatchObject({ email: ownerEmail, statusChangeEmail: 0 });
    expect(await signIn(server, ownerEmail, 'owner-pass-2')).toEqual(expect.any(String));
    const old = await send(
      server,
      'POST',
      '/auth/guest/auth',
      { login: ownerEmail, password: 'owner-pass-1' },
      { ip: freshIp() },
    );
    expect(old.statusCode).toBe(401);
  });

  it('also ends the pending change when the owner sets a password from a reset link', async () => {
    const owner = await signUp(server, address('owner'), 'owner-pass-1');
    const { confirm } = await requestEmailChange(server, owner, address('intruder'));
    expect((await setPassword(server, await requestReset(server, owner.email))).statusCode).toBe(200);
    const accepted = await call(server, 'POST', paths.acceptEmail, { hash: confirm });
    expect(accepted.statusCode).toBe(400);
    expect(accepted.json()).toEqual(invalid);
  });

  it.each(kinds)('a %s link works when nothing changed in between (control)', async (kind) => {
    const owner = await signUp(server, address('control'), 'owner-pass-1');
    const hash = await obtain(server, owner, kind);
    expect((await redeem(server, kind, hash)).statusCode).toBe(200);
  });

  it.each(cases)('a $kind link used after a $change answers 400 invalid_link', async ({ kind, change }) => {
    const owner = await signUp(server, address('table'), 'owner-pass-1');
    const steps = changeOf(server, owner, change);
    await steps.prepare();
    const hash =
      kind === 'cancel' && change === 'confirmed e-mail change'
        ? hashOf(linkIn(await server.lastMailTo(owner.email), '/cancelEmailChange/'))
        : await obtain(server, owner, kind);
    await steps.apply();
    const response = await redeem(server, kind, hash);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(invalid);
  });
});

describe('the cancel link mailed to the old address', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('ends the pending change in one click without sign-in; the confirm link then fails and the new address hears nothing more', async () => {
    const owner = await signUp(server, address('owner'), 'owner-pass-1');
    const newEmail = address('new');
    const notice = await (async () => {
      await requestEmailChange(server, owner, newEmail);
      return server.lastMailTo(owner.email);
    })();
    expect(notice?.text).toContain(newEmail);
    const { cancel, confirm } = {
      cancel: hashOf(linkIn(notice, '/cancelEmailChange/')),
      confirm: hashOf(linkIn(await server.lastMailTo(newEmail), '/changeEmail/')),
    };
    const mailsToNew = server.mails.filter((mail) => mail.to === newEmail).length;

    const cancelled = await call(server, 'POST', cancelPath, { hash: cancel });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toEqual({ ok: true });
    const user = await get(server, '/auth/v1/check', owner.headers);
    expect(user.json()).toMatchObject({ email: owner.email, statusChangeEmail: 0, newChangeEmail: null });

    expect((await call(server, 'POST', paths.acceptEmail, { hash: confirm })).json()).toEqual(invalid);
    const again = await call(server, 'POST', cancelPath, { hash: cancel });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(invalid);
    await server.app.deps.mailer.drain();
    expect(server.mails.filter((mail) => mail.to === newEmail).length).toBe(mailsToNew);
  });

  it('is used exactly once under 20 concurrent redemptions', async () => {
    const owner = await signUp(server, address('owner'), 'owner-pass-1');
    const { cancel } = await requestEmailChange(server, owner, address('new'));
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => call(server, 'POST', cancelPath, { hash: cancel })),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 400)).toHaveLength(19);
  });

  it('stops working when the change is revoked in Settings or superseded by a new request', async () => {
    const owner = await signUp(server, address('owner'), 'owner-pass-1');
    const first = await requestEmailChange(server, owner, address('first'));
    server.clock.advance(60_000);
    const second = await requestEmailChange(server, owner, address('second'));
    expect((await call(server, 'POST', cancelPath, { hash: first.cancel })).json()).toEqual(invalid);
    const revoked = await call(server, 'POST', paths.revokeEmail(owner), undefined, owner);
    expect(revoked.statusCode).toBe(200);
    expect((await call(server, 'POST', cancelPath, { hash: second.cancel })).json()).toEqual(invalid);
  });

  it('refuses a link of another purpose, an unknown hash, a NUL byte, unknown fields and a huge body with a 4xx', async () => {
    const owner = await signUp(server, address('owner'), 'owner-pass-1');
    const { confirm, cancel } = await requestEmailChange(server, owner, address('new'));
    expect((await call(server, 'POST', cancelPath, { hash: confirm })).json()).toEqual(invalid);
    expect((await call(server, 'POST', cancelPath, { hash: 'x'.repeat(43) })).json()).toEqual(invalid);
    for (const payload of [
      { hash: `${cancel}\u0000` },
      { hash: cancel, extra: 1 },
      {},
      { hash: 'x'.repeat(600) },
    ]) {
      const response = await server.app.inject({ method: 'POST', url: `/auth/${cancelPath}`, payload });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    }
    const huge = await server.app.inject({
      method: 'POST',
      url: `/auth/${cancelPath}`,
      payload: { hash: 'x'.repeat(2 * 1024 * 1024) },
    });
    expect(huge.statusCode).toBe(413);
    // None of the bad calls used the link.
    expect((await call(server, 'POST', cancelPath, { hash: cancel })).statusCode).toBe(200);
  });
});
