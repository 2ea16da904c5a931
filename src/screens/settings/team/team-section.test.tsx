import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderSettings, settingsApi, settingsTeam } from '../../../../tests/fakes/settings-screens.tsx';
import { settingsUser } from '../../../../tests/fixtures/settings-fixtures.ts';

afterEach(() => vi.unstubAllGlobals());

/** contracts/team-body.ts texts, written out so a changed text fails. */
const LAST_ADMIN =
  'You are the only admin of this team. Make another member an admin before you leave or step down.';
const READ_ONLY = 'Viewers can look but not change anything in this team.';

const viewer = {
  userId: 8,
  name: 'Grace',
  surname: 'Hopper',
  email: 'grace@example.com',
  role: 20,
  joinedAt: '2026-02-03T10:00:00.000Z',
};
const invitation = {
  id: 5,
  email: 'new@example.com',
  role: 20,
  createdAt: '2026-03-01T10:00:00.000Z',
  expiresAt: '2026-03-08T10:00:00.000Z',
  sentAt: '2026-03-01T10:00:00.000Z',
};
const team = { ...settingsTeam, members: [...settingsTeam.members, viewer], invitations: [invitation] };
const MEMBERS = 'GET /auth/v1/teams/11/members';
const twoAdmins = { ...team, members: [...settingsTeam.members, { ...viewer, role: 10 }] };

const teamSection = async () => {
  const heading = await screen.findByRole('heading', { level: 2, name: 'Team' });
  return heading.closest('section') as HTMLElement;
};

describe('Settings > Team', () => {
  it('lists the members with e-mail, role and joining date, and the pending invitations', async () => {
    settingsApi({ [MEMBERS]: () => ({ status: 200, body: team }) });
    renderSettings(settingsUser, 'team');
    const section = await teamSection();
    const members = await within(section).findByRole('list', { name: 'Members' });
    expect(within(members).getByText('Grace Hopper')).toBeInTheDocument();
    expect(within(members).getByText('grace@example.com')).toBeInTheDocument();
    expect(within(members).getByText('Joined 3 February 2026')).toBeInTheDocument();
    expect(within(members).getByRole('combobox', { name: 'Role of Grace Hopper' })).toHaveValue('20');
    const pending = within(section).getByRole('list', { name: 'Pending invitations' });
    expect(within(pending).getByText('new@example.com')).toBeInTheDocument();
  });

  it('invites by e-mail with the chosen role, as JSON, and lists the invitation', async () => {
    const api = settingsApi({
      [MEMBERS]: () => ({ status: 200, body: settingsTeam }),
      'POST /auth/v1/teams/11/invitations': (call) => ({
        status: 201,
        body: { ...invitation, id: 6, email: (call.json as { email: string }).email, role: 10 },
      }),
    });
    renderSettings(settingsUser, 'team');
    const section = await teamSection();
    const form = await within(section).findByRole('form', { name: 'Invite a member' });
    const user = userEvent.setup();
    await user.type(within(form).getByLabelText('E-mail'), ' bob@example.com ');
    await user.selectOptions(within(form).getByLabelText('Role'), 'Admin');
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    const pending = await within(section).findByRole('list', { name: 'Pending invitations' });
    expect(within(pending).getByText('bob@example.com')).toBeInTheDocument();
    expect(api.calls).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/auth/v1/teams/11/invitations',
        json: { email: 'bob@example.com', role: 10 },
      }),
    ]);
    expect(within(form).getByLabelText('E-mail')).toHaveValue('');
  });

  it('sends nothing for an address that is no address', async () => {
    const api = settingsApi({});
    renderSettings(settingsUser, 'team');
    const section = await teamSection();
    const form = await within(section).findByRole('form', { name: 'Invite a member' });
    const user = userEvent.setup();
    await user.type(within(form).getByLabelText('E-mail'), 'bob');
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(within(form).getByLabelText('E-mail')).toHaveAccessibleDescription('invalid email');
    expect(api.calls).toEqual([]);
  });

  it("shows the contract's last-admin message when the server refuses a step-down, and keeps the role", async () => {
    // Two admins on screen, but the other stepped down meanwhile: the server still refuses.
    settingsApi({
      [MEMBERS]: () => ({ status: 200, body: twoAdmins }),
      'PUT /auth/v1/teams/11/members/7': () => ({
        status: 409,
        body: { error: 'last_admin', message: 'server wording' },
      }),
    });
    const session = renderSettings(settingsUser, 'team');
    const section = await teamSection();
    const role = await within(section).findByRole('combobox', { name: 'Role of Ada Lovelace' });
    await userEvent.setup().selectOptions(role, 'Viewer');
    expect(await within(section).findByText(LAST_ADMIN)).toBeInTheDocument();
    expect(role).toHaveValue('10');
    expect(session.recheck).not.toHaveBeenCalled();
  });

  it('removes a member after the confirm, and revokes and resends invitations', async () => {
    const api = settingsApi({
      [MEMBERS]: () => ({ status: 200, body: team }),
      'DELETE /auth/v1/teams/11/members/8': () => ({ status: 200, body: { ok: true } }),
      'POST /auth/v1/teams/11/invitations/5/resend': () => ({
        status: 429,
        body: { error: 'resend_too_soon', message: 'Too soon' },
      }),
      'DELETE /auth/v1/teams/11/invitations/5': () => ({ status: 200, body: { ok: true } }),
    });
    renderSettings(settingsUser, 'team');
    const section = await teamSection();
    const user = userEvent.setup();
    await user.click(await within(section).findByRole('button', { name: 'Remove Grace Hopper' }));
    await user.click(within(section).getByRole('button', { name: 'Remove' }));
    expect(await within(section).findByRole('list', { name: 'Members' })).not.toHaveTextContent('Grace');
    await user.click(
      within(section).getByRole('button', { name: 'Resend the invitation to new@example.com' }),
    );
    expect(
      await within(section).findByText('You can resend this invitation once a minute.'),
    ).toBeInTheDocument();
    await user.click(
      within(section).getByRole('button', { name: 'Revoke the invitation to new@example.com' }),
    );
    expect(await within(section).findByText('No pending invitations.')).toBeInTheDocument();
    expect(api.calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'DELETE /auth/v1/teams/11/members/8',
      'POST /auth/v1/teams/11/invitations/5/resend',
      'DELETE /auth/v1/teams/11/invitations/5',
    ]);
  });

  it('leaves the team after the confirm and checks the session again', async () => {
    settingsApi({
      [MEMBERS]: () => ({ status: 200, body: twoAdmins }),
      'DELETE /auth/v1/teams/11/members/7': () => ({ status: 200, body: { ok: true } }),
    });
    const session = renderSettings(settingsUser, 'team');
    const section = await teamSection();
    const user = userEvent.setup();
    await user.click(await within(section).findByRole('button', { name: 'Leave the team' }));
    expect(within(section).getByRole('group', { name: /Leave Analytical Engines\?/ })).toBeInTheDocument();
    await user.click(within(section).getAllByRole('button', { name: 'Leave the team' })[0]!);
    expect(await within(section).findByText('You left the team.')).toBeInTheDocument();
    expect(session.recheck).toHaveBeenCalled();
  });

  it("shows the only admin their role and 'Leave the team' disabled, with the reason beside them", async () => {
    const api = settingsApi({ [MEMBERS]: () => ({ status: 200, body: team }) });
    renderSettings(settingsUser, 'team');
    const section = await teamSection();
    const ownRole = await within(section).findByRole('combobox', { name: 'Role of Ada Lovelace' });
    expect(ownRole).toBeDisabled();
    expect(ownRole).toHaveAccessibleDescription(LAST_ADMIN);
    const leave = within(section).getByRole('button', { name: 'Leave the team' });
    expect(leave).toBeDisabled();
    expect(leave).toHaveAccessibleDescription(LAST_ADMIN);
    // The viewer's role stays the admin's to change.
    expect(within(section).getByRole('combobox', { name: 'Role of Grace Hopper' })).toBeEnabled();
    expect(api.calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it('shows a viewer the team read-only: no invite form, role pickers, removal or rename', async () => {
    const asViewer = { ...settingsUser, TeamsRender: [{ id: 11, name: 'Analytical Engines', role: 20 }] };
    settingsApi({
      [MEMBERS]: () => ({
        status: 200,
        body: {
          ...team,
          members: [
            { ...team.members[0]!, userId: 1 },
            { ...viewer, userId: 7 },
          ],
          invitations: [],
        },
      }),
    });
    renderSettings(asViewer, 'team');
    const section = await teamSection();
    await within(section).findByRole('list', { name: 'Members' });
    expect(within(section).getByText(READ_ONLY)).toBeInTheDocument();
    expect(within(section).queryByRole('combobox')).toBeNull();
    expect(within(section).queryByRole('form', { name: 'Invite a member' })).toBeNull();
    expect(within(section).queryByRole('textbox', { name: 'Team name' })).toBeNull();
    expect(within(section).queryByRole('button', { name: /Remove|Resend|Revoke|Rename/ })).toBeNull();
    expect(within(section).getAllByText('Viewer').length).toBeGreaterThan(0);
    // Leaving is one's own choice, viewers included.
    expect(within(section).getByRole('button', { name: 'Leave the team' })).toBeEnabled();
  });

  it('renames the team; a refusal (403) is shown in place, not sent to the root', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const pending =
      'An account deletion is pending in this team: settings, invitations and roles cannot change until it is confirmed or revoked.';
    const api = settingsApi({
      'PUT /auth/v1/teams/11': () => ({ status: 403, body: { error: 'deletion_pending', message: pending } }),
    });
    renderSettings(settingsUser, 'team');
    const section = await teamSection();
    const name = await within(section).findByRole('textbox', { name: 'Team name' });
    const user = userEvent.setup();
    const rename = within(section).getByRole('button', { name: 'Rename' });
    expect(rename).toBeDisabled();
    await user.clear(name);
    await user.type(name, ' Engines B ');
    await user.click(rename);
    expect(await within(section).findByText(pending)).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
    expect(api.calls).toEqual([
      expect.objectContaining({
        method: 'PUT',
        path: '/auth/v1/teams/11',
        form: { id: '11', name: 'Engines B' },
      }),
    ]);
  });

  it('offers no change while my account deletion is pending, and says why (spec 2)', async () => {
    settingsApi({});
    renderSettings({ ...settingsUser, deleteProgress: true }, 'team');
    const section = await teamSection();
    await within(section).findByRole('list', { name: 'Members' });
    expect(
      within(section).getByText(
        'While deletion is pending, the team cannot change settings, invite users or assign roles.',
      ),
    ).toBeInTheDocument();
    expect(within(section).queryByRole('form', { name: 'Invite a member' })).toBeNull();
    expect(within(section).queryByRole('combobox')).toBeNull();
  });
});
