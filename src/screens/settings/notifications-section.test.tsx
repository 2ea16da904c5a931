import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { NotificationSettings } from '../../../contracts/notifications.schema.ts';
import { renderSettings, settingsApi } from '../../../tests/fakes/settings-screens.tsx';
import { settingsUser } from '../../../tests/fixtures/settings-fixtures.ts';
import { UNREACHABLE } from '../../lib/connection-messages.ts';

afterEach(() => vi.unstubAllGlobals());

const section = async () => screen.findByRole('region', { name: 'Notifications' });

describe('Settings > Notifications', () => {
  it('shows the defaults, saves a change with both fields, disables the controls meanwhile and says Saved', async () => {
    let release: () => void = () => {};
    const api = settingsApi({
      'PUT /auth/v1/notifications': async ({ json }) => {
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return { status: 200, body: json };
      },
    });
    renderSettings(settingsUser, 'alerts');
    const region = await section();
    const alerts = await within(region).findByRole('switch', { name: /E-mail alerts/ });
    const delay = within(region).getByRole('combobox', { name: 'Offline alert' });
    expect(alerts).toBeChecked();
    expect(delay).toHaveValue('0');
    expect(
      within(delay)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Immediately', 'After 5 minutes', 'After 15 minutes', 'After 1 hour']);

    const user = userEvent.setup();
    await user.selectOptions(delay, 'After 15 minutes');
    expect(await within(region).findByText('Saving…')).toBeInTheDocument();
    expect(alerts).toBeDisabled();
    expect(delay).toBeDisabled();
    release();
    expect(await within(region).findByText('Saved')).toBeInTheDocument();
    expect(delay).toHaveValue('15');
    expect(api.calls).toEqual([
      expect.objectContaining({ method: 'PUT', json: { alerts: true, offlineDelayMin: 15 } }),
    ]);
  });

  it('turns alerts off (the delay is then not asked) and keeps what the server holds after a failure', async () => {
    const held: NotificationSettings = { alerts: true, offlineDelayMin: 5 };
    let reachable = true;
    const api = settingsApi({
      'GET /auth/v1/notifications': () => ({ status: 200, body: held }),
      'PUT /auth/v1/notifications': ({ json }) => {
        if (!reachable) throw new TypeError('Failed to fetch');
        return { status: 200, body: json };
      },
    });
    renderSettings(settingsUser, 'alerts');
    const region = await section();
    const alerts = await within(region).findByRole('switch', { name: /E-mail alerts/ });
    expect(within(region).getByRole('combobox', { name: 'Offline alert' })).toHaveValue('5');
    const user = userEvent.setup();
    await user.click(alerts);
    expect(await within(region).findByText('Saved')).toBeInTheDocument();
    expect(alerts).not.toBeChecked();
    expect(within(region).getByRole('combobox', { name: 'Offline alert' })).toBeDisabled();
    expect(api.calls.at(-1)).toMatchObject({ json: { alerts: false, offlineDelayMin: 5 } });

    reachable = false;
    await user.click(alerts);
    expect(await within(region).findByText(UNREACHABLE)).toBeInTheDocument();
    expect(alerts).not.toBeChecked();
    expect(within(region).queryByText('Saved')).not.toBeInTheDocument();
  });

  it('says when the settings cannot be loaded, and tries again', async () => {
    let fail = true;
    settingsApi({
      'GET /auth/v1/notifications': () =>
        fail
          ? { status: 500, body: { error: 'internal', message: 'Something went wrong on our side.' } }
          : { status: 200, body: { alerts: false, offlineDelayMin: 60 } },
    });
    renderSettings(settingsUser, 'alerts');
    const region = await section();
    expect(await within(region).findByText('Something went wrong on our side.')).toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(within(region).getByRole('button', { name: 'Try again' }));
    expect(await within(region).findByRole('switch', { name: /E-mail alerts/ })).not.toBeChecked();
    expect(within(region).getByRole('combobox', { name: 'Offline alert' })).toHaveValue('60');
  });
});
