import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  actorDone,
  actorError,
  createMachineModel,
  expectCombinedCoverage,
} from '../../../tests/model/machine-model.ts';
import type { User } from '../../api/auth.ts';
import { ApiError, NetworkError } from '../../api/client.ts';
import { sessionMachine } from './session.machine.ts';

const user: User = {
  id: 7,
  email: 'ada@example.com',
  name: 'Ada',
  surname: 'Lovelace',
  phone: '',
  image: null,
  changePasswordAt: null,
  statusChangeEmail: 0,
  newChangeEmail: null,
  deleteProgress: false,
  TeamsRender: [{ id: 3, name: 'Engines', role: 10 }],
};
const renamed: User = { ...user, name: 'Augusta' };
const unauthorized = new ApiError(401, 'unauthorized', 'Please sign in.');

describe('session machine, model', () => {
  const events = [
    { type: 'session.recheck' },
    { type: 'session.logout' },
    actorDone('checkSession', user),
    actorError('checkSession', unauthorized),
    actorDone('recheckSession', renamed),
    actorError('recheckSession', unauthorized),
    actorError('recheckSession', new NetworkError(new TypeError('Failed to fetch'))),
    actorDone('endSession', { ok: true }),
    actorError('endSession', new TypeError('offline')),
  ];
  // The start depends on the stored token: one model with a token, one without.
  const withToken = createMachineModel(sessionMachine, { events });
  const withoutToken = createMachineModel(sessionMachine.provide({ guards: { hasToken: () => false } }), {
    events,
  });
  for (const path of withToken.paths) it(`with a token: ${path.description}`, () => withToken.run(path));
  for (const path of withoutToken.paths)
    it(`without a token: ${path.description}`, () => withoutToken.run(path));
  it('reaches every state and transition', () => expectCombinedCoverage([withToken, withoutToken]));
});

describe('session machine, behaviour', () => {
  it('checks, keeps the user, and on logout revokes, clears the token and reloads', async () => {
    const logout = vi.fn(async (_input?: unknown) => ({ ok: true }));
    const app = { clearToken: vi.fn(), reloadPage: vi.fn() };
    const machine = sessionMachine.provide({
      actors: {
        checkSession: fromPromise(async () => user),
        endSession: fromPromise<unknown>(async () => logout()),
      },
      actions: app,
    });
    const actor = createActor(machine).start();
    await vi.waitFor(() => expect(actor.getSnapshot().matches('authenticated')).toBe(true));
    expect(actor.getSnapshot().context.user).toEqual(user);
    actor.send({ type: 'session.logout' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('loggedOut'));
    expect(logout).toHaveBeenCalledOnce();
    expect(app.clearToken).toHaveBeenCalledOnce();
    expect(app.reloadPage).toHaveBeenCalledOnce();
  });

  it('does not call the server without a token', () => {
    const check = vi.fn(async () => user);
    const machine = sessionMachine.provide({
      actors: { checkSession: fromPromise(check) },
      guards: { hasToken: () => false },
    });
    const actor = createActor(machine).start();
    expect(actor.getSnapshot().value).toBe('unauthenticated');
    expect(check).not.toHaveBeenCalled();
  });
});

describe('session machine, an outage', () => {
  it('keeps the user signed in when a recheck cannot reach the server or it drains, and signs out on a 401', async () => {
    const answers: (() => Promise<User>)[] = [
      async () => user,
      async () => Promise.reject(new NetworkError(new TypeError('Failed to fetch'))),
      async () => Promise.reject(new ApiError(503, 'shutting_down', 'The server is restarting.')),
      async () => Promise.reject(unauthorized),
    ];
    const machine = sessionMachine.provide({
      actors: { checkSession: fromPromise(() => answers.shift()!()) },
    });
    const actor = createActor(machine).start();
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ authenticated: 'idle' })).toBe(true));
    for (const _outage of [1, 2]) {
      actor.send({ type: 'session.recheck' });
      await vi.waitFor(() => expect(actor.getSnapshot().matches({ authenticated: 'idle' })).toBe(true));
      expect(actor.getSnapshot().context.user).toEqual(user);
    }
    actor.send({ type: 'session.recheck' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('unauthenticated'));
    expect(actor.getSnapshot().context.user).toBeNull();
  });
});
