import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../tests/fakes/auth-screens.tsx';
import { OkStruct } from './auth.ts';
import { ApiError, configureApi, request } from './client.ts';

afterEach(() => vi.unstubAllGlobals());

function spies() {
  const onForbidden = vi.fn();
  const onReadOnly = vi.fn();
  configureApi({ onForbidden, onReadOnly });
  return { onForbidden, onReadOnly };
}

const refusal = (error: string) => () => ({ status: 403, body: { error, message: `refused: ${error}` } });

describe('request: the 403 rules (spec 7)', () => {
  it('sends the browser to the root on a 403 (spec 7)', async () => {
    fakeApi({ 'GET /auth/v1/x': refusal('forbidden') });
    const { onForbidden, onReadOnly } = spies();
    await expect(request('auth', 'GET', 'v1/x', { struct: OkStruct })).rejects.toBeInstanceOf(ApiError);
    expect(onForbidden).toHaveBeenCalledOnce();
    expect(onReadOnly).not.toHaveBeenCalled();
  });

  it("has the session checked again on 403 'read_only' (a role changed elsewhere), without leaving", async () => {
    fakeApi({ 'PUT /api/v1/x': refusal('read_only') });
    const { onForbidden, onReadOnly } = spies();
    await expect(request('api', 'PUT', 'v1/x', { struct: OkStruct })).rejects.toMatchObject({
      status: 403,
      code: 'read_only',
    });
    expect(onReadOnly).toHaveBeenCalledOnce();
    expect(onForbidden).not.toHaveBeenCalled();
  });

  it('leaves a 403 to the caller when it is an answer to show (forbiddenIsAnswer)', async () => {
    fakeApi({ 'POST /auth/v1/x': refusal('other_address') });
    const { onForbidden, onReadOnly } = spies();
    await expect(
      request('auth', 'POST', 'v1/x', { struct: OkStruct, forbiddenIsAnswer: true }),
    ).rejects.toMatchObject({ code: 'other_address' });
    expect(onForbidden).not.toHaveBeenCalled();
    expect(onReadOnly).not.toHaveBeenCalled();
  });
});
