import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueLink } from '../../server/accounts/links.ts';
import { linkIn, type SignedInUser, startTestServer, type TestServer } from '../helpers/server.ts';
import { call, createAccount, hashOf, PASSWORD, paths } from './profile-fixtures.ts';

const HOUR = 3_600_000;

interface LinkKind {
  name: string;
  ttlMs: number;
  /** Starts the flow and returns the hash from the mail. */
  start: (server: TestServer, user: SignedInUser) => Promise<string>;
  resend: (server: TestServer, user: SignedInUser) => Promise<string>;
  /** The resend call as it is answered, and the code of its refusal when nothing waits. */
  resendCall: (server: TestServer, user: SignedInUser) => ReturnType<typeof call>;
  notPending: string;
  revoke: (server: TestServer, user: SignedInUser) => Promise<void>;
  accept: (server: TestServer, hash: string) => ReturnType<typeof call>;
}

let n = 0;

const emailChange: LinkKind = {
  name: 'e-mail change',
  ttlMs: 24 * HOUR,
  async start(server, user) {
    const address = `links-${++n}-${Date.now()}@example.net`;
    const response = await call(
      server,
      'POST',
      paths.changeEmail(user),
      { password: PASSWORD, email: address },
      user,
    );
    expect(response.statusCode).toBe(200);
    return hashOf(linkIn(await server.lastMailTo(address), '/changeEmail/'));
  },
  resendCall: (server, user) => call(server, 'POST', paths.resendEmail(user), { userId: user.userId }, user),
  notPending: 'no_pending_change',
  async resend(server, user) {
    const response = await emailChange.resendCall(server, user);
    expect(response.statusCode).toBe(200);
    const address = response.json().newChangeEmail as string;
    return hashOf(linkIn(await server.lastMailTo(address), '/changeEmail/'));
  },
  async revoke(server, user) {
    expect(
      (await call(server, 'POST', paths.revokeEmail(user), { user_id: user.userId }, user)).statusCode,
    ).toBe(200);
  },
  accept: (server, hash) => call(server, 'POST', paths.acceptEmail, { hash }),
};

const deletion: LinkKind = {
  name: 'account deletion',
  ttlMs: HOUR,
  async start(server, user) {
    const response = await call(server, 'DELETE', paths.deleteUser(user), { password: PASSWORD }, user);
    expect(response.statusCode).toBe(200);
    return hashOf(linkIn(await server.lastMailTo(user.email), '/deleteUserAccount/'));
  },
  resendCall: (server, user) =>
    call(server, 'POST', paths.resendDeletion(user), { user_id: user.userId }, user),
  notPending: 'no_pending_deletion',
  async resend(server, user) {
    const response = await deletion.resendCall(server, user);
    expect(response.statusCode).toBe(200);
    return hashOf(linkIn(await server.lastMailTo(user.email), '/deleteUserAccount/'));
  },
  async revoke(server, user) {
    expect((await call(server, 'POST', paths.revokeDeletion(user), {}, user)).statusCode).toBe(200);
  },
  accept: (server, hash) => call(server, 'DELETE', paths.acceptDeletion, { hash }),
};

describe.each([emailChange, deletion])('$name links', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  const expectInvalid = async (hash: string) => {
    const response = await kind.accept(server, hash);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('invalid_link');
  };

  it('works 1 ms before its expiry', async () => {
    const user = await createAccount(server);
    const hash = await kind.start(server, user);
    server.clock.advance(kind.ttlMs - 1);
    expect((await kind.accept(server, hash)).statusCode).toBe(200);
  });

  it('has expired at its expiry moment', async () => {
    const user = await createAccount(server);
    const hash = await kind.start(server, user);
    server.clock.advance(kind.ttlMs);
    await expectInvalid(hash);
  });

  it('is used exactly once under 20 concurrent accepts', async () => {
    const user = await createAccount(server);
    const hash = await kind.start(server, user);
    const answers = await Promise.all(Array.from({ length: 20 }, () => kind.accept(server, hash)));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 400)).toHaveLength(19);
  });

  it('stops working once revoked', async () => {
    const user = await createAccount(server);
    const hash = await kind.start(server, user);
    await kind.revoke(server, user);
    await expectInvalid(hash);
  });

  it('is superseded by a resent link', async () => {
    const user = await createAccount(server);
    const first = await kind.start(server, user);
    // One e-mail-change confirmation a minute; the deletion resend has its own minute.
    server.clock.advance(60_000);
    const second = await kind.resend(server, user);
    await expectInvalid(first);
    expect((await kind.accept(server, second)).statusCode).toBe(200);
  });

  it('refuses a link of another purpose, and an unknown hash', async () => {
    const user = await createAccount(server);
    const other = kind === emailChange ? deletion : emailChange;
    const foreign = await other.start(server, user);
    await expectInvalid(foreign);
    const reset = await server.db.transaction((tx) =>
      issueLink(tx, { userId: user.userId, purpose: 'reset_password', ttlMs: HOUR, now: server.clock.now() }),
    );
    await expectInvalid(reset);
    await expectInvalid('no-such-hash-at-all');
    // The foreign link was only looked at, never used: it still works for its own purpose.
    expect((await other.accept(server, foreign)).statusCode).toBe(200);
  });

  it('refuses a resend while nothing waits: before any request and after a revoke', async () => {
    const user = await createAccount(server);
    const before = await kind.resendCall(server, user);
    expect(before.statusCode).toBe(400);
    expect(before.json()).toEqual({ error: kind.notPending, message: expect.any(String) });
    await kind.start(server, user);
    await kind.revoke(server, user);
    server.clock.advance(60_000);
    const after = await kind.resendCall(server, user);
    expect(after.statusCode).toBe(400);
    expect(after.json().error).toBe(kind.notPending);
  });

  it('keeps the link of a revoked request dead when a new request is made', async () => {
    const user = await createAccount(server);
    const first = await kind.start(server, user);
    await kind.revoke(server, user);
    server.clock.advance(60_000);
    const second = await kind.start(server, user);
    await expectInvalid(first);
    expect((await kind.accept(server, second)).statusCode).toBe(200);
  });
});
