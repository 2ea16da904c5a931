import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderSettings, settingsApi } from '../../../tests/fakes/settings-screens.tsx';
import { pendingEmailUser, settingsUser } from '../../../tests/fixtures/settings-fixtures.ts';

afterEach(() => vi.unstubAllGlobals());

const settings = '/auth/v1/profile_settings/user/7';
const section = () => screen.getByRole('region', { name: 'Change e-mail' });

describe('Settings, change e-mail', () => {
  it("shows the form at status 0 and words the spec 5 checks: 'All fields are required', 'Invalid e-mail'", async () => {
    const api = settingsApi({});
    renderSettings(settingsUser, 'account');
    const user = userEvent.setup();
    await user.click(within(section()).getByRole('button', { name: 'Change e-mail' }));
    expect(within(section()).getByText('All fields are required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('New e-mail'), 'ada@');
    await user.type(within(section()).getByLabelText('Current password'), 'secret1');
    await user.click(within(section()).getByRole('button', { name: 'Change e-mail' }));
    expect(within(section()).getByText('Invalid e-mail')).toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });

  it("sends trimmed fields, then shows 'Request in progress' with the new address and rechecks the session", async () => {
    const api = settingsApi({
      [`POST ${settings}/team/11/change_email`]: () => ({ status: 200, body: pendingEmailUser }),
    });
    const session = renderSettings(settingsUser, 'account');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('New e-mail'), '  ada@new.example ');
    await user.type(within(section()).getByLabelText('Current password'), ' secret1 ');
    await user.click(within(section()).getByRole('button', { name: 'Change e-mail' }));
    expect(await within(section()).findByText('Request in progress')).toBeInTheDocument();
    expect(within(section()).getByText('ada@new.example')).toBeInTheDocument();
    expect(api.calls[0]?.form).toMatchObject({
      userId: '7',
      user_id: '7',
      team_id: '11',
      email: 'ada@new.example',
      password: 'secret1',
      url: 'http://localhost:3000/changeEmail',
    });
    expect(session.recheck).toHaveBeenCalledOnce();
  });

  it('shows the server message under the password field', async () => {
    const message = 'This e-mail is already used by another account. Please choose a different one.';
    settingsApi({
      [`POST ${settings}/team/11/change_email`]: () => ({
        status: 409,
        body: { error: 'email_taken', message },
      }),
    });
    renderSettings(settingsUser, 'account');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('New e-mail'), 'taken@example.com');
    const password = within(section()).getByLabelText('Current password');
    await user.type(password, 'secret1');
    await user.click(within(section()).getByRole('button', { name: 'Change e-mail' }));
    expect(await within(section()).findByText(message)).toBeInTheDocument();
    expect(password).toHaveAccessibleDescription(message);
  });

  it('at status 10 offers Resend and Revoke, each followed by a session recheck', async () => {
    const api = settingsApi({
      [`POST ${settings}/change_email/resend`]: () => ({ status: 200, body: pendingEmailUser }),
      [`POST ${settings}/change_email/revoke`]: () => ({
        status: 200,
        body: { ...pendingEmailUser, statusChangeEmail: 0 },
      }),
    });
    const session = renderSettings(pendingEmailUser, 'account');
    const user = userEvent.setup();
    expect(within(section()).getByText('Request in progress')).toBeInTheDocument();
    await user.click(within(section()).getByRole('button', { name: 'Resend' }));
    expect(await within(section()).findByText(/A new confirmation link has been sent/)).toBeInTheDocument();
    await user.click(within(section()).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByLabelText('New e-mail')).toHaveValue('');
    expect(api.calls.map((call) => call.path)).toEqual([
      `${settings}/change_email/resend`,
      `${settings}/change_email/revoke`,
    ]);
    expect(session.recheck).toHaveBeenCalledTimes(2);
  });
});
