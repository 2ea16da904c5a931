import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderAt, testUser } from '../../tests/fakes/auth-screens.tsx';
import { tokenStore } from '../api/token-store.ts';
import { useSession } from '../shared/session-context.tsx';
import { RequireSession } from './require-session.tsx';

afterEach(() => vi.unstubAllGlobals());

function Guarded() {
  const { user, teamId, recheck } = useSession();
  return (
    <>
      <h1>
        {user.email} in team {teamId}
      </h1>
      <button type="button" onClick={() => void recheck()}>
        Check again
      </button>
      <Link to="/elsewhere">Elsewhere</Link>
    </>
  );
}

const guarded = (
  <RequireSession>
    <Guarded />
  </RequireSession>
);

describe('RequireSession', () => {
  it('sends a visitor without a token to / without asking the server', async () => {
    const api = fakeApi({});
    renderAt(guarded, '/myNodr');
    expect(await screen.findByTestId('landed')).toHaveTextContent(/^\/$/);
    expect(api.calls).toEqual([]);
  });

  it('runs the session check with the token and gives the session to its children', async () => {
    tokenStore.set('good-token');
    const api = fakeApi({ 'GET /auth/v1/check': () => ({ status: 200, body: testUser }) });
    renderAt(guarded, '/myNodr');
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'ada@example.com in team 3' })).toBeInTheDocument();
    expect(api.calls[0]).toMatchObject({ method: 'GET', authorization: 'Bearer good-token' });
  });

  it('checks again when the guarded path changes, keeping the screen meanwhile', async () => {
    tokenStore.set('good-token');
    let user = testUser;
    const api = fakeApi({ 'GET /auth/v1/check': () => ({ status: 200, body: user }) });
    renderAt(guarded, '/createAccount', { routes: { '/elsewhere': guarded } });
    await screen.findByRole('heading', { name: 'ada@example.com in team 3' });
    user = { ...testUser, TeamsRender: [{ id: 4, name: 'Renamed', role: 10 }] };
    await userEvent.setup().click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(await screen.findByRole('heading', { name: 'ada@example.com in team 4' })).toBeInTheDocument();
    expect(api.calls).toHaveLength(2);
  });

  it('sends the browser to / when the check fails, and clears the token', async () => {
    tokenStore.set('revoked-token');
    fakeApi({
      'GET /auth/v1/check': () => ({
        status: 401,
        body: { error: 'unauthorized', message: 'Please sign in.' },
      }),
    });
    renderAt(guarded, '/settings');
    expect(await screen.findByTestId('landed')).toHaveTextContent(/^\/$/);
    expect(tokenStore.get()).toBeNull();
  });

  it('checks again on recheck and leaves when the session has ended meanwhile', async () => {
    tokenStore.set('good-token');
    let answer = { status: 200, body: testUser as unknown };
    const api = fakeApi({ 'GET /auth/v1/check': () => answer });
    renderAt(guarded, '/myNodr');
    await screen.findByRole('heading', { name: 'ada@example.com in team 3' });
    answer = { status: 401, body: { error: 'unauthorized', message: 'Please sign in.' } };
    await act(() => userEvent.setup().click(screen.getByRole('button', { name: 'Check again' })));
    expect(await screen.findByTestId('landed')).toHaveTextContent(/^\/$/);
    expect(api.calls).toHaveLength(2);
  });
});
