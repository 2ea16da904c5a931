import { describe, expect, it, vi } from 'vitest';
import { type AnyMachineSnapshot, createActor, fromPromise } from 'xstate';
import type {
  ApiTokenBody,
  CreateApiTokenBody,
  CreatedApiTokenBody,
} from '../../../contracts/api-tokens.schema.ts';
import { API_TOKEN_ERRORS } from '../../../contracts/api-tokens.ts';
import { actorDone, actorError, createMachineModel } from '../../../tests/model/machine-model.ts';
import { ApiError } from '../../api/client.ts';
import { apiTokensMachine } from './api-tokens.machine.ts';

const token = (id: number): ApiTokenBody => ({
  id,
  name: `Token ${id}`,
  teamId: 7,
  scope: 'read',
  createdAt: '2026-11-22T10:00:00.000Z',
  lastUsedAt: null,
  lastUsedIp: null,
  expiresAt: null,
});
const created: CreatedApiTokenBody = { ...token(3), name: 'CI', token: `nodr_${'a'.repeat(43)}` };

// Each creation adds a row: the graph counts a list by the ids it holds, or traversal never ends (STACK.md).
const serializeState = (snapshot: AnyMachineSnapshot) => {
  const { tokens, ...rest } = snapshot.context as Record<string, unknown> & { tokens: ApiTokenBody[] };
  const ids = [...new Set(tokens.map((row) => row.id))];
  return JSON.stringify([snapshot.value, ids, rest]);
};

describe('API tokens machine, model', () => {
  const model = createMachineModel(apiTokensMachine, {
    input: { teamId: 7 },
    serializeState,
    events: [
      { type: 'tokens.retry' },
      { type: 'tokens.edit', draft: { name: 'CI', password: 'secret1' } },
      { type: 'tokens.create' },
      { type: 'tokens.hide' },
      { type: 'tokens.ask', id: 1 },
      { type: 'tokens.confirm' },
      { type: 'tokens.dismiss' },
      actorDone('listTokens', [token(1), token(2)]),
      actorError('listTokens'),
      actorDone('createToken', created),
      actorError('createToken', new ApiError(409, 'token_limit', API_TOKEN_ERRORS.tooMany.message)),
      actorError('createToken', new ApiError(400, 'incorrect_password', 'Incorrect password')),
      actorDone('revokeToken', { ok: true }),
      actorError('revokeToken', new ApiError(404, 'not_found', API_TOKEN_ERRORS.notFound.message)),
    ],
  });
  it.each(model.paths)('$description', (path) => model.run(path));
  it('reaches every state and transition', () => model.expectFullCoverage());
});

describe('API tokens machine, behaviour', () => {
  function start(create: (body: CreateApiTokenBody) => Promise<CreatedApiTokenBody>) {
    const revoked: number[] = [];
    const machine = apiTokensMachine.provide({
      actors: {
        listTokens: fromPromise(async () => [token(1), token(2)]),
        createToken: fromPromise(({ input }: { input: CreateApiTokenBody }) => create(input)),
        revokeToken: fromPromise<unknown, { id: number }>(async ({ input }) => {
          revoked.push(input.id);
          return { ok: true };
        }),
      },
    });
    return { actor: createActor(machine, { input: { teamId: 7 } }).start(), revoked };
  }

  const reached = (actor: ReturnType<typeof start>['actor'], state: 'ready' | 'shown') =>
    new Promise<void>((resolve) => {
      const check = () => {
        if (actor.getSnapshot().matches(state)) resolve();
      };
      actor.subscribe(check);
      check();
    });

  it('refuses an empty or too long name without calling the server, and says why', async () => {
    const calls: CreateApiTokenBody[] = [];
    const { actor } = start(async (body) => {
      calls.push(body);
      return created;
    });
    await reached(actor, 'ready');
    actor.send({ type: 'tokens.edit', draft: { name: '   ', password: 'secret1' } });
    actor.send({ type: 'tokens.create' });
    expect(actor.getSnapshot().context.nameError).toBe(API_TOKEN_ERRORS.nameRequired.message);
    actor.send({ type: 'tokens.edit', draft: { name: 'x'.repeat(101) } });
    expect(actor.getSnapshot().context.nameError).toBeNull();
    actor.send({ type: 'tokens.create' });
    expect(actor.getSnapshot().context.nameError).toBe(API_TOKEN_ERRORS.nameTooLong.message);
    expect(calls).toEqual([]);
    // 100 characters is the longest name the server takes.
    actor.send({ type: 'tokens.edit', draft: { name: ` ${'x'.repeat(100)} ` } });
    actor.send({ type: 'tokens.create' });
    expect(actor.getSnapshot().context.nameError).toBeNull();
    await vi.waitFor(() => expect(calls.map((body) => body.name)).toEqual(['x'.repeat(100)]));
  });

  it('sends the trimmed draft for the workspace team, shows the secret once, then forgets it', async () => {
    const calls: CreateApiTokenBody[] = [];
    const { actor } = start(async (body) => {
      calls.push(body);
      return created;
    });
    await reached(actor, 'ready');
    actor.send({
      type: 'tokens.edit',
      draft: { name: '  CI  ', scope: 'write', expiresInDays: null, password: 'secret1' },
    });
    actor.send({ type: 'tokens.create' });
    await reached(actor, 'shown');
    expect(calls).toEqual([{ name: 'CI', teamId: 7, scope: 'write', password: 'secret1' }]);
    const shown = actor.getSnapshot().context;
    expect(shown.created?.token).toBe(created.token);
    expect(shown.tokens.map((row) => row.id)).toEqual([1, 2, 3]);
    expect(JSON.stringify(shown.tokens)).not.toContain(created.token);
    expect(shown.draft).toMatchObject({ name: '', password: '' });
    actor.send({ type: 'tokens.hide' });
    expect(JSON.stringify(actor.getSnapshot().context)).not.toContain(created.token);
  });

  it('sends the expiry in days when one is chosen', async () => {
    const calls: CreateApiTokenBody[] = [];
    const { actor } = start(async (body) => {
      calls.push(body);
      return created;
    });
    await reached(actor, 'ready');
    actor.send({ type: 'tokens.edit', draft: { name: 'Grafana', expiresInDays: 30, password: 'secret1' } });
    actor.send({ type: 'tokens.create' });
    await reached(actor, 'shown');
    expect(calls).toEqual([
      { name: 'Grafana', teamId: 7, scope: 'read', expiresInDays: 30, password: 'secret1' },
    ]);
  });

  it('keeps the draft and shows the server refusal when creation fails', async () => {
    const { actor } = start(async () => {
      throw new ApiError(409, 'token_limit', API_TOKEN_ERRORS.tooMany.message);
    });
    await reached(actor, 'ready');
    actor.send({ type: 'tokens.edit', draft: { name: 'CI', password: 'secret1' } });
    actor.send({ type: 'tokens.create' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    const context = actor.getSnapshot().context;
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(context.error?.message).toBe(API_TOKEN_ERRORS.tooMany.message);
    expect(context.draft.name).toBe('CI');
  });

  it('asks for the password before calling, and shows a wrong one under its field, emptied', async () => {
    const calls: CreateApiTokenBody[] = [];
    const { actor } = start(async (body) => {
      calls.push(body);
      throw new ApiError(400, 'incorrect_password', 'Incorrect password');
    });
    await reached(actor, 'ready');
    actor.send({ type: 'tokens.edit', draft: { name: 'CI' } });
    actor.send({ type: 'tokens.create' });
    expect(actor.getSnapshot().context.passwordError).toBe('Required field');
    expect(calls).toEqual([]);
    actor.send({ type: 'tokens.edit', draft: { password: 'wrong' } });
    expect(actor.getSnapshot().context.passwordError).toBeNull();
    actor.send({ type: 'tokens.create' });
    await vi.waitFor(() => expect(actor.getSnapshot().context.passwordError).toBe('Incorrect password'));
    const context = actor.getSnapshot().context;
    expect(context.draft).toMatchObject({ name: 'CI', password: '' });
    expect(context.error).toBeNull();
  });

  it('revokes only the confirmed token, and only after the confirmation', async () => {
    const { actor, revoked } = start(async () => created);
    await reached(actor, 'ready');
    actor.send({ type: 'tokens.ask', id: 1 });
    actor.send({ type: 'tokens.ask', id: 2 });
    expect(revoked).toEqual([]);
    actor.send({ type: 'tokens.confirm' });
    await reached(actor, 'ready');
    expect(revoked).toEqual([2]);
    expect(actor.getSnapshot().context.tokens.map((row) => row.id)).toEqual([1]);
  });
});
