import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderSettings, settingsApi } from '../../../tests/fakes/settings-screens.tsx';
import { settingsUser } from '../../../tests/fixtures/settings-fixtures.ts';

afterEach(() => vi.unstubAllGlobals());

const section = () => screen.getByRole('region', { name: 'Change password' });
const arrow = () => within(section()).getByRole('button', { name: /change password form/ });
const changePath = '/auth/v1/profile_settings/user/7/team/11/change_password';

async function fill(user: ReturnType<typeof userEvent.setup>, current: string, next: string, retype: string) {
  if (current) await user.type(within(section()).getByLabelText('Current password'), current);
  if (next) await user.type(within(section()).getByLabelText('New password'), next);
  if (retype) await user.type(within(section()).getByLabelText('Retype new password'), retype);
}

describe('Settings, change password', () => {
  it('shows the last change in en-GB long format with hour and minute, in UTC', () => {
    settingsApi({});
    renderSettings(settingsUser, 'security');
    expect(screen.getByText('4 March 2026, 15:06')).toBeInTheDocument();
  });

  it('is collapsed behind the arrow; toggling opens it and clears the fields', async () => {
    settingsApi({});
    renderSettings(settingsUser, 'security');
    const user = userEvent.setup();
    expect(within(section()).queryByLabelText('Current password')).not.toBeInTheDocument();
    expect(arrow()).toHaveAttribute('aria-expanded', 'false');
    await user.click(arrow());
    expect(arrow()).toHaveAttribute('aria-expanded', 'true');
    await fill(user, 'abc', 'def', '');
    await user.click(arrow());
    await user.click(arrow());
    expect(within(section()).getByLabelText('Current password')).toHaveValue('');
    expect(within(section()).getByLabelText('New password')).toHaveValue('');
  });

  it('has a show/hide toggle on each password field', async () => {
    settingsApi({});
    renderSettings(settingsUser, 'security');
    const user = userEvent.setup();
    await user.click(arrow());
    for (const label of ['current password', 'new password', 'retype new password']) {
      await user.click(within(section()).getByRole('button', { name: `Show ${label}` }));
    }
    expect(within(section()).getByLabelText('Current password')).toHaveAttribute('type', 'text');
  });

  it('words every spec 5 check and sends nothing until they pass', async () => {
    const api = settingsApi({});
    renderSettings(settingsUser, 'security');
    const user = userEvent.setup();
    await user.click(arrow());
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(screen.getByText('All fields are required')).toBeInTheDocument();
    await fill(user, 'old-secret', '12345', '12346');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(screen.getByText('Minimum 6 symbols are required')).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });

  it("shows 'Incorrect password' under the current password, cleared by editing any field", async () => {
    settingsApi({
      [`POST ${changePath}`]: () => ({
        status: 400,
        body: { error: 'incorrect_password', message: 'Incorrect password' },
      }),
    });
    renderSettings(settingsUser, 'security');
    const user = userEvent.setup();
    await user.click(arrow());
    await fill(user, 'wrong', 'new-secret', 'new-secret');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Incorrect password')).toBeInTheDocument();
    expect(within(section()).getByLabelText('Current password')).toHaveAccessibleDescription(
      'Incorrect password',
    );
    await user.type(within(section()).getByLabelText('Retype new password'), 'x');
    expect(screen.queryByText('Incorrect password')).not.toBeInTheDocument();
  });

  it("sends trimmed fields, then 'Password changed successfully' replaces the form and the session is rechecked", async () => {
    const api = settingsApi({ [`POST ${changePath}`]: () => ({ status: 200, body: settingsUser }) });
    const session = renderSettings(settingsUser, 'security');
    const user = userEvent.setup();
    await user.click(arrow());
    await fill(user, ' old-secret ', ' new-secret ', 'new-secret');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password changed successfully')).toBeInTheDocument();
    expect(within(section()).queryByLabelText('Current password')).not.toBeInTheDocument();
    expect(api.calls[0]?.form).toEqual({
      user_id: '7',
      team_id: '11',
      password: 'old-secret',
      new_password: 'new-secret',
      confirm: 'new-secret',
    });
    expect(session.recheck).toHaveBeenCalledOnce();
  });
});
