import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderAt } from '../../../tests/fakes/auth-screens.tsx';
import { seen } from '../../../tests/fixtures/team-fixtures.ts';
import { tokenStore } from '../../api/token-store.ts';
import { LoginScreen } from '../auth/login-screen.tsx';
import { RegisterScreen } from '../auth/register-screen.tsx';
import { InvitationScreen } from './invitation-screen.tsx';

afterEach(() => vi.unstubAllGlobals());

/** A signed-out person who follows an invitation starts Sign in or Create an account with its address. */
describe('invitation link, signed out: the invited address goes with the person', () => {
  function openInvitation() {
    tokenStore.clear();
    fakeApi({ 'POST /auth/v1/invitations/inspect': () => ({ status: 200, body: seen }) });
    renderAt(<InvitationScreen />, '/invitation?hash=h1', {
      route: '/invitation',
      routes: { '/register': <RegisterScreen />, '/': <LoginScreen /> },
    });
  }

  it('fills the e-mail of Create an account', async () => {
    openInvitation();
    await userEvent.click(await screen.findByRole('link', { name: 'Create an account' }));
    expect(await screen.findByLabelText('E-mail')).toHaveValue('grace@example.com');
  });

  it('fills the e-mail of Sign in, the password left to the person', async () => {
    openInvitation();
    await userEvent.click(await screen.findByRole('link', { name: 'Sign in' }));
    expect(await screen.findByLabelText('E-mail')).toHaveValue('grace@example.com');
    expect(screen.getByLabelText('Password')).toHaveValue('');
  });
});
