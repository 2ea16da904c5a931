import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderAt, testUser } from '../../tests/fakes/auth-screens.tsx';
import { tokenStore } from '../api/token-store.ts';
import { RedirectSignedIn } from './redirect-signed-in.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  tokenStore.clear();
});

const login = (
  <RedirectSignedIn>
    <h1>Login form</h1>
  </RedirectSignedIn>
);
const onboarded = {
  ...testUser,
  name: 'Ada',
  surname: 'Lovelace',
  TeamsRender: [{ id: 3, name: 'Engines', role: 10 }],
};

describe('RedirectSignedIn', () => {
  it('shows the page at once, without asking the server, to a browser without a token', () => {
    const api = fakeApi({});
    renderAt(login, '/');
    expect(screen.getByRole('heading', { name: 'Login form' })).toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });

  it('sends a signed-in, onboarded user to My NODR', async () => {
    tokenStore.set('good-token');
    fakeApi({ 'GET /auth/v1/check': () => ({ status: 200, body: onboarded }) });
    renderAt(login, '/');
    expect(await screen.findByTestId('landed')).toHaveTextContent(/^\/myNodr$/);
  });

  it('sends a signed-in user who has not finished onboarding to /createAccount', async () => {
    tokenStore.set('good-token');
    fakeApi({ 'GET /auth/v1/check': () => ({ status: 200, body: testUser }) });
    renderAt(login, '/');
    expect(await screen.findByTestId('landed')).toHaveTextContent(/^\/createAccount$/);
  });

  it('shows the page when the token is no longer valid', async () => {
    tokenStore.set('stale-token');
    fakeApi({
      'GET /auth/v1/check': () => ({ status: 401, body: { error: 'unauthorized', message: 'No.' } }),
    });
    renderAt(login, '/');
    expect(await screen.findByRole('heading', { name: 'Login form' })).toBeInTheDocument();
  });
});
