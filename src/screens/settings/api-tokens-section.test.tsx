import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiTokenBody } from '../../../contracts/api-tokens.schema.ts';
import { API_TOKEN_ERRORS, API_TOKEN_SHOWN_ONCE } from '../../../contracts/api-tokens.ts';
import { renderSettings, settingsApi } from '../../../tests/fakes/settings-screens.tsx';
import { settingsUser } from '../../../tests/fixtures/settings-fixtures.ts';

afterEach(() => vi.unstubAllGlobals());

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
const SECRET = `nodr_${'Q'.repeat(43)}`;

const tokens: ApiTokenBody[] = [
  {
    id: 1,
    name: 'Grafana',
    teamId: 11,
    scope: 'read',
    createdAt: minutesAgo(3 * 24 * 60),
    lastUsedAt: minutesAgo(5),
    lastUsedIp: '203.0.113.7',
    expiresAt: '2099-01-01T00:00:00.000Z',
  },
  {
    id: 2,
    name: 'Old backup',
    teamId: 11,
    scope: 'write',
    createdAt: minutesAgo(400 * 24 * 60),
    lastUsedAt: null,
    lastUsedIp: null,
    expiresAt: '2020-01-01T00:00:00.000Z',
  },
];

const section = () => screen.getByRole('region', { name: 'API tokens' });
const rows = () => within(section()).queryAllByRole('listitem');

// The journeys below click through several steps; on a busy 2-core machine they get more than the default 5 s.
describe('Settings, API tokens', () => {
  it('lists each token with its scope, last use and expiry', async () => {
    settingsApi({ 'GET /auth/v1/tokens': () => ({ status: 200, body: tokens }) });
    renderSettings(settingsUser, 'api-tokens');
    expect(await within(section()).findByText('Grafana')).toBeInTheDocument();
    const [grafana, backup] = rows();
    expect(grafana).toHaveTextContent('Read-only');
    expect(grafana).toHaveTextContent('Last used 5 minutes ago from 203.0.113.7');
    expect(grafana).toHaveTextContent('Expires 1 January 2099');
    expect(backup).toHaveTextContent('Read and write');
    expect(backup).toHaveTextContent('Never used');
    expect(backup).toHaveTextContent('Expired 1 January 2020');
  });

  it('creates a token for the workspace team and shows its secret once, with the warning and a copy button', async () => {
    const api = settingsApi({
      'POST /auth/v1/tokens': (call) => {
        const body = call.json as { name: string; scope: 'read' | 'write' };
        return {
          status: 201,
          body: { ...tokens[0], id: 3, name: body.name, scope: body.scope, lastUsedAt: null, token: SECRET },
        };
      },
    });
    renderSettings(settingsUser, 'api-tokens');
    const user = userEvent.setup();
    await within(section()).findByText('You have no API tokens.');
    await user.click(within(section()).getByRole('button', { name: 'Create token' }));
    expect(within(section()).getByLabelText('Token name')).toHaveAccessibleDescription(
      API_TOKEN_ERRORS.nameRequired.message,
    );
    expect(within(section()).getByLabelText('Current password')).toHaveAccessibleDescription(
      'Required field',
    );
    expect(api.calls).toEqual([]);

    await user.type(within(section()).getByLabelText('Token name'), 'CI script');
    await user.selectOptions(within(section()).getByLabelText('Access'), 'Read and write');
    await user.selectOptions(within(section()).getByLabelText('Expires'), 'Never');
    await user.type(within(section()).getByLabelText('Current password'), 'secret1');
    await user.click(within(section()).getByRole('button', { name: 'Create token' }));

    const secret = await within(section()).findByLabelText('New API token');
    expect(secret).toHaveValue(SECRET);
    expect(within(section()).getByText(API_TOKEN_SHOWN_ONCE)).toBeInTheDocument();
    expect(within(section()).getByRole('button', { name: 'Copy token' })).toBeInTheDocument();
    expect(api.calls).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/auth/v1/tokens',
        json: {
          name: 'CI script',
          teamId: settingsUser.TeamsRender[0]?.id,
          scope: 'write',
          password: 'secret1',
        },
      }),
    ]);
    expect(within(section()).queryByLabelText('Token name')).not.toBeInTheDocument();

    await user.click(within(section()).getByRole('button', { name: 'I have copied it' }));
    expect(within(section()).queryByLabelText('New API token')).not.toBeInTheDocument();
    expect(section()).not.toHaveTextContent(SECRET);
    expect(rows()).toHaveLength(1);
    expect(rows()[0]).toHaveTextContent('CI script');
    expect(within(section()).getByLabelText('Token name')).toHaveValue('');
  }, 15_000);

  it('revokes a token only after the confirmation; Cancel keeps it', async () => {
    const api = settingsApi({
      'GET /auth/v1/tokens': () => ({ status: 200, body: tokens }),
      'DELETE /auth/v1/tokens/1': () => ({ status: 200, body: { ok: true } }),
    });
    renderSettings(settingsUser, 'api-tokens');
    const user = userEvent.setup();
    await within(section()).findByText('Grafana');
    await user.click(within(section()).getByRole('button', { name: 'Revoke Grafana' }));
    await user.click(within(section()).getByRole('button', { name: 'Cancel' }));
    expect(api.calls).toEqual([]);
    await user.click(within(section()).getByRole('button', { name: 'Revoke Grafana' }));
    expect(within(section()).getByText(/Every script using it gets 401/)).toBeInTheDocument();
    await user.click(within(section()).getByRole('button', { name: 'Revoke token' }));
    await vi.waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]).toHaveTextContent('Old backup');
    expect(api.calls).toEqual([expect.objectContaining({ method: 'DELETE', path: '/auth/v1/tokens/1' })]);
  }, 15_000);

  it('shows the server refusal and keeps the form', async () => {
    settingsApi({
      'POST /auth/v1/tokens': () => ({ status: 409, body: API_TOKEN_ERRORS.tooMany }),
    });
    renderSettings(settingsUser, 'api-tokens');
    const user = userEvent.setup();
    await within(section()).findByText('You have no API tokens.');
    await user.type(within(section()).getByLabelText('Token name'), 'One more');
    await user.type(within(section()).getByLabelText('Current password'), 'secret1');
    await user.click(within(section()).getByRole('button', { name: 'Create token' }));
    expect(await within(section()).findByText(API_TOKEN_ERRORS.tooMany.message)).toBeInTheDocument();
    expect(within(section()).getByLabelText('Token name')).toHaveValue('One more');
  });

  it('shows a wrong password under the password field and keeps the name', async () => {
    settingsApi({
      'POST /auth/v1/tokens': () => ({
        status: 400,
        body: { error: 'incorrect_password', message: 'Incorrect password' },
      }),
    });
    renderSettings(settingsUser, 'api-tokens');
    const user = userEvent.setup();
    await within(section()).findByText('You have no API tokens.');
    await user.type(within(section()).getByLabelText('Token name'), 'One more');
    await user.type(within(section()).getByLabelText('Current password'), 'wrong');
    await user.click(within(section()).getByRole('button', { name: 'Create token' }));
    const password = within(section()).getByLabelText('Current password');
    await vi.waitFor(() => expect(password).toHaveAccessibleDescription('Incorrect password'));
    expect(password).toHaveValue('');
    expect(within(section()).getByLabelText('Token name')).toHaveValue('One more');
  });

  it('tells a Viewer that their tokens can only read', async () => {
    settingsApi({});
    renderSettings(
      { ...settingsUser, TeamsRender: [{ id: 12, name: 'Difference Engines', role: 20 }] },
      'api-tokens',
    );
    expect(await within(section()).findByText(/your tokens can only read/)).toBeInTheDocument();
  });
});
