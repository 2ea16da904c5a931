import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../tests/fakes/auth-screens.tsx';
import { ApiError } from './client.ts';
import { deletionPrecheck } from './settings.ts';

afterEach(() => vi.unstubAllGlobals());

const blocked = {
  status: 402,
  statusMessage: 'You are the only admin of a team with other members.',
  teams: [{ id: 7, name: 'Team', role: 10, permissionToDelete: 20, countAdmin: 1, countUser: 2 }],
};

describe('deletionPrecheck (spec 7, the account deletion pre-check)', () => {
  it('reads a 400 whose body is a pre-check as the blocked answer', async () => {
    fakeApi({ 'POST /auth/v1/user/5/info_delete': () => ({ status: 400, body: blocked }) });
    await expect(deletionPrecheck(5)).resolves.toEqual(blocked);
  });

  it('keeps any other 400 an ApiError with its code and message', async () => {
    fakeApi({
      'POST /auth/v1/user/5/info_delete': () => ({
        status: 400,
        body: { error: 'bad_request', message: 'The request could not be read.' },
      }),
    });
    const failure = await deletionPrecheck(5).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({
      status: 400,
      code: 'bad_request',
      message: 'The request could not be read.',
    });
  });

  it('reads a 200 pre-check as it is', async () => {
    const free = { status: 200, statusMessage: 'ok', teams: [] };
    fakeApi({ 'POST /auth/v1/user/5/info_delete': () => ({ status: 200, body: free }) });
    await expect(deletionPrecheck(5)).resolves.toEqual(free);
  });
});
