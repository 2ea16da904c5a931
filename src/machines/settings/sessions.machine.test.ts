import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { actorDone, actorError, createMachineModel } from '../../../tests/model/machine-model.ts';
import { ApiError } from '../../api/client.ts';
import type { SignedInBrowser } from '../../api/sessions.ts';
import { sessionsMachine } from './sessions.machine.ts';

const browser = (id: number, current = false): SignedInBrowser => ({
  id,
  device: 'Firefox on Linux',
  ip: '192.0.2.1',
  createdAt: '2026-11-22T10:00:00.000Z',
  lastActiveAt: '2026-11-22T11:00:00.000Z',
  current,
});
const browsers = [browser(1, true), browser(2), browser(3)];

describe('sessions machine, model', () => {
  const model = createMachineModel(sessionsMachine, {
    events: [
      { type: 'sessions.retry' },
      { type: 'sessions.ask', target: { kind: 'one', id: 2 } },
      { type: 'sessions.ask', target: { kind: 'others' } },
      { type: 'sessions.confirm' },
      { type: 'sessions.dismiss' },
      actorDone('listSessions', browsers),
      actorError('listSessions'),
      actorDone('revokeSession', { ok: true }),
      actorError('revokeSession', new ApiError(404, 'not_found', 'No such session.')),
      actorDone('revokeOthers', { ok: true, revoked: 2 }),
      actorError('revokeOthers'),
    ],
  });
  it.each(model.paths)('$description', (path) => model.run(path));
  it('reaches every state and transition', () => model.expectFullCoverage());
});

describe('sessions machine, behaviour', () => {
  function start(revoke: (id: number) => Promise<unknown>) {
    const machine = sessionsMachine.provide({
      actors: {
        listSessions: fromPromise(async () => browsers),
        revokeSession: fromPromise(({ input }: { input: { id: number } }) => revoke(input.id)),
        revokeOthers: fromPromise<unknown>(async () => ({ ok: true })),
      },
    });
    return createActor(machine).start();
  }

  const settled = (actor: ReturnType<typeof start>) =>
    new Promise<void>((resolve) => {
      const check = () => {
        if (actor.getSnapshot().matches('ready')) resolve();
      };
      actor.subscribe(check);
      check();
    });

  it('signs out only the browser that was confirmed, and only after the confirmation', async () => {
    const revoked: number[] = [];
    const actor = start(async (id) => revoked.push(id));
    await settled(actor);
    actor.send({ type: 'sessions.ask', target: { kind: 'one', id: 3 } });
    actor.send({ type: 'sessions.ask', target: { kind: 'one', id: 2 } });
    expect(revoked).toEqual([]);
    actor.send({ type: 'sessions.confirm' });
    await settled(actor);
    expect(revoked).toEqual([2]);
    expect(actor.getSnapshot().context.browsers.map((b) => b.id)).toEqual([1, 3]);
    expect(actor.getSnapshot().context.target).toBeNull();
  });

  it('keeps only this browser after signing out all others', async () => {
    const actor = start(async () => ({}));
    await settled(actor);
    actor.send({ type: 'sessions.ask', target: { kind: 'others' } });
    actor.send({ type: 'sessions.confirm' });
    await settled(actor);
    expect(actor.getSnapshot().context.browsers.map((b) => b.id)).toEqual([1]);
  });

  it('keeps the list and the reason when a sign-out fails', async () => {
    const actor = start(async () => {
      throw new ApiError(404, 'not_found', 'No such session.');
    });
    await settled(actor);
    actor.send({ type: 'sessions.ask', target: { kind: 'one', id: 2 } });
    actor.send({ type: 'sessions.confirm' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    await settled(actor);
    expect(actor.getSnapshot().context.browsers).toHaveLength(3);
    expect(actor.getSnapshot().context.error).toEqual({ code: 'not_found', message: 'No such session.' });
  });
});
