import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderAt, testUser } from '../../../tests/fakes/auth-screens.tsx';
import { SessionProvider } from '../../shared/session-context.tsx';
import { CreateAccountScreen } from './create-account-screen.tsx';

afterEach(() => vi.unstubAllGlobals());

function setup(handlers: Parameters<typeof fakeApi>[0] = {}, user = testUser) {
  const api = fakeApi(handlers);
  const session = { user, teamId: 3, recheck: vi.fn(async () => {}), logout: vi.fn() };
  renderAt(<CreateAccountScreen />, '/createAccount', {
    wrap: (children) => <SessionProvider session={session}>{children}</SessionProvider>,
  });
  return { api, user: userEvent.setup() };
}

const start = () => screen.getByRole('button', { name: 'Start' });

describe('CreateAccountScreen', () => {
  it("says 'All fields are required', then 'Required field' per empty field, cleared on edit", async () => {
    const { api, user } = setup();
    await user.click(start());
    expect(screen.getByRole('alert')).toHaveTextContent('All fields are required');
    await user.type(screen.getByLabelText('Name'), 'Ada');
    expect(screen.queryByText('All fields are required')).not.toBeInTheDocument();
    await user.click(start());
    expect(screen.getAllByText('Required field')).toHaveLength(2);
    await user.type(screen.getByLabelText('Last name'), 'L');
    expect(screen.getAllByText('Required field')).toHaveLength(1);
    expect(api.calls).toEqual([]);
  });

  it('saves the user and the workspace, then goes to /myNodr', async () => {
    const { api, user } = setup({
      'PUT /auth/v1/user/7': () => ({ status: 200, body: { ...testUser, name: 'Ada' } }),
      'PUT /auth/v1/teams/3': () => ({ status: 200, body: { id: 3, name: 'Engines' } }),
    });
    await user.type(screen.getByLabelText('Name'), ' Ada ');
    await user.type(screen.getByLabelText('Last name'), 'Lovelace');
    await user.type(screen.getByLabelText('Workspace name'), 'Engines');
    await user.click(start());
    expect(await screen.findByTestId('landed')).toHaveTextContent('/myNodr');
    expect(api.calls.map((call) => [call.method, call.path, call.form])).toEqual([
      ['PUT', '/auth/v1/user/7', { id: '7', name: 'Ada', surname: 'Lovelace' }],
      ['PUT', '/auth/v1/teams/3', { id: '3', name: 'Engines' }],
    ]);
  });

  it('sends a user who finished onboarding to /myNodr, so a second submit cannot rename anything', async () => {
    const onboarded = {
      ...testUser,
      name: 'Ada',
      surname: 'Lovelace',
      TeamsRender: [{ id: 3, name: 'Engines', role: 10 }],
    };
    const { api } = setup({}, onboarded);
    expect(await screen.findByTestId('landed')).toHaveTextContent(/^\/myNodr$/);
    expect(screen.queryByRole('button', { name: 'Start' })).not.toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });

  it('limits name and last name to 30 characters (spec 5)', () => {
    setup();
    expect(screen.getByLabelText('Name')).toHaveAttribute('maxlength', '30');
    expect(screen.getByLabelText('Last name')).toHaveAttribute('maxlength', '30');
  });
});
