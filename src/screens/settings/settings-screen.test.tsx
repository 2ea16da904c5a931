import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderSettings, settingsApi } from '../../../tests/fakes/settings-screens.tsx';
import { settingsUser } from '../../../tests/fixtures/settings-fixtures.ts';

afterEach(() => vi.unstubAllGlobals());

describe('SettingsScreen', () => {
  it('opens the first page, Profile, at /settings, with a menu of every page marked at the current one', async () => {
    settingsApi({});
    renderSettings();
    expect(screen.getByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Profile details' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Profile image' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 2, name: 'Change password' })).not.toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: 'Settings' });
    const links = within(menu).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Profile', '/settings/profile'],
      ['Security', '/settings/security'],
      ['Team', '/settings/team'],
      ['Alerts', '/settings/alerts'],
      ['API tokens', '/settings/api-tokens'],
      ['Activity', '/settings/activity'],
      ['Account', '/settings/account'],
    ]);
    expect(within(menu).getByRole('link', { name: 'Profile' })).toHaveAttribute('aria-current', 'page');
    expect(within(menu).getByRole('link', { name: 'Security' })).not.toHaveAttribute('aria-current');
  });

  it('shows the sections of each page at its own address, and moves between pages by the menu and the select', async () => {
    settingsApi({});
    renderSettings(settingsUser, 'account');
    expect(screen.getByRole('heading', { level: 2, name: 'Change e-mail' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Delete account' })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('link', { name: 'Security' }));
    for (const name of ['Change password', 'Two-factor sign-in', 'Sessions']) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: 'Security' })).toHaveAttribute('aria-current', 'page');
    await user.selectOptions(screen.getByLabelText('Settings section'), 'Team');
    expect(screen.getByRole('heading', { level: 2, name: 'Team' })).toBeInTheDocument();
    expect(await screen.findByText(/Invitations to other teams will appear here/)).toBeInTheDocument();
    expect(screen.getByLabelText('Settings section')).toHaveValue('team');
  });

  it('sends an unknown page back to the first one', () => {
    settingsApi({});
    renderSettings(settingsUser, 'nonsense');
    expect(screen.getByRole('heading', { level: 2, name: 'Profile details' })).toBeInTheDocument();
  });

  it('saves trimmed profile details, rechecks the session and says so', async () => {
    const api = settingsApi({
      'PUT /auth/v1/user/7': (call) => ({ status: 200, body: { ...settingsUser, ...call.form, id: 7 } }),
    });
    const session = renderSettings();
    const user = userEvent.setup();
    const name = screen.getByLabelText('Name');
    await user.clear(name);
    await user.type(name, '  Augusta ');
    await user.clear(screen.getByLabelText('Phone'));
    await user.type(screen.getByLabelText('Phone'), ' 020 7946 0001 ');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Profile details saved')).toBeInTheDocument();
    // spec 7: the full user, the image (as a string) included.
    expect(api.calls[0]).toMatchObject({ method: 'PUT', path: '/auth/v1/user/7' });
    expect(api.calls[0]?.form).toEqual({
      id: '7',
      name: 'Augusta',
      surname: 'Lovelace',
      phone: '020 7946 0001',
      image: '3',
    });
    expect(session.recheck).toHaveBeenCalledOnce();
  });

  it('limits name, surname and phone to 30 characters, with a numeric hint on the phone (spec 5)', async () => {
    const api = settingsApi({});
    renderSettings();
    for (const label of ['Name', 'Surname', 'Phone']) {
      expect(screen.getByLabelText(label)).toHaveAttribute('maxlength', '30');
    }
    expect(screen.getByLabelText('Phone')).toHaveAttribute('inputmode', 'tel');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Phone'), 'abc');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(screen.getByText('Use digits, spaces and + ( ) - only')).toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });

  it("picks an avatar in the 'Default images' tab, saves its index as a string and closes", async () => {
    const api = settingsApi({
      'PUT /auth/v1/user/7': (call) => ({ status: 200, body: { ...settingsUser, image: call.form.image } }),
    });
    const session = renderSettings();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Change image' }));
    const dialog = screen.getByRole('dialog', { name: 'Profile image' });
    expect(within(dialog).getByRole('tab', { name: 'Default images' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const options = within(dialog).getAllByRole('radio');
    expect(options).toHaveLength(12);
    expect(within(dialog).getByRole('radio', { name: 'Wave' })).toBeChecked();
    await user.click(within(dialog).getByRole('radio', { name: 'Fox' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls.map((call) => [call.method, call.path])).toEqual([['PUT', '/auth/v1/user/7']]);
    // spec 7: the full user with the new image, as a string.
    expect(api.calls[0]?.form).toEqual({
      id: '7',
      name: 'Ada',
      surname: 'Lovelace',
      phone: '+44 20 7946 0000',
      image: '8',
    });
    expect(session.recheck).toHaveBeenCalledOnce();
  });

  it('closes the image modal on Cancel without saving', async () => {
    const api = settingsApi({});
    renderSettings();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Change image' }));
    await user.click(screen.getByRole('radio', { name: 'Owl' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });

  it('shows why a details save failed, keeps what was typed, and clears the message on the next edit', async () => {
    settingsApi({
      'PUT /auth/v1/user/7': () => ({
        status: 400,
        body: { error: 'invalid_request', message: 'The phone number is not valid.' },
      }),
    });
    const session = renderSettings();
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('Phone'));
    await user.type(screen.getByLabelText('Phone'), '020');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('The phone number is not valid.')).toBeInTheDocument();
    expect(screen.getByLabelText('Phone')).toHaveValue('020');
    expect(screen.queryByText('Profile details saved')).not.toBeInTheDocument();
    expect(session.recheck).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('Phone'), '1');
    expect(screen.queryByText('The phone number is not valid.')).not.toBeInTheDocument();
  });

  it('keeps the image modal open with the reason when the save fails', async () => {
    settingsApi({
      'PUT /auth/v1/user/7': () => ({
        status: 400,
        body: { error: 'invalid_request', message: 'Choose one of the images.' },
      }),
    });
    const session = renderSettings();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Change image' }));
    await user.click(screen.getByRole('radio', { name: 'Fox' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Profile image' });
    expect(await within(dialog).findByText('Choose one of the images.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeEnabled();
    expect(session.recheck).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
