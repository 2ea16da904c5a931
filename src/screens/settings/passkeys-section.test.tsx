import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PasskeyBody } from '../../../contracts/passkeys.schema.ts';
import { PASSKEY_ERRORS, PASSKEY_TEXTS } from '../../../contracts/passkeys.ts';
import { renderSettings, settingsApi } from '../../../tests/fakes/settings-screens.tsx';
import { settingsUser } from '../../../tests/fixtures/settings-fixtures.ts';

afterEach(() => vi.unstubAllGlobals());

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

const passkeys: PasskeyBody[] = [
  { id: 1, name: 'Work laptop', createdAt: '2026-03-02T10:00:00.000Z', lastUsedAt: minutesAgo(5) },
  { id: 2, name: 'Phone', createdAt: '2026-04-01T10:00:00.000Z', lastUsedAt: null },
];

const section = () => screen.getByRole('region', { name: 'Passkeys' });
const incorrect = { status: 400, body: PASSKEY_ERRORS.incorrectPassword };

describe('Settings, Passkeys', () => {
  it('lists each passkey with the day it was added and its last use, or says there are none', async () => {
    settingsApi({ 'GET /auth/v1/passkeys': () => ({ status: 200, body: passkeys }) });
    renderSettings(settingsUser, 'security');
    expect(await within(section()).findByText('Work laptop')).toBeInTheDocument();
    const [laptop, phone] = within(section()).getAllByRole('listitem');
    expect(laptop).toHaveTextContent('Added 2 March 2026');
    expect(laptop).toHaveTextContent('Last used 5 minutes ago');
    expect(phone).toHaveTextContent('Never used');
  });

  it('asks for the password first, says when it is wrong, then asks for a name in a dialog that takes the focus', async () => {
    let answer = incorrect;
    const api = settingsApi({
      'POST /auth/v1/passkeys/options': () => answer,
    });
    renderSettings(settingsUser, 'security');
    const user = userEvent.setup();
    await within(section()).findByText('You have no passkeys yet.');
    await user.click(within(section()).getByRole('button', { name: 'Add a passkey' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a passkey' });
    const password = within(dialog).getByLabelText('Current password');
    expect(password).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(within(dialog).getByText(PASSKEY_TEXTS.passwordRequired)).toBeInTheDocument();
    expect(api.calls).toEqual([]);

    await user.type(password, 'wrong');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText('Incorrect password')).toBeInTheDocument();

    answer = { status: 200, body: { challenge: 'abc', rp: { name: 'NODR Dashboard' }, user: {} } } as never;
    await user.type(password, '-but-now-right');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    const naming = await screen.findByRole('dialog', { name: 'Name your passkey' });
    expect(within(naming).getByLabelText('Passkey name')).toHaveFocus();
    expect(api.calls.at(-1)).toMatchObject({ json: { password: 'wrong-but-now-right' } });

    await user.click(within(naming).getByRole('button', { name: 'Create passkey' }));
    expect(within(naming).getByText(PASSKEY_ERRORS.nameRequired.message)).toBeInTheDocument();
    // jsdom has no WebAuthn: the browser step fails and the dialog says so, and stays.
    await user.type(within(naming).getByLabelText('Passkey name'), 'Laptop');
    await user.click(within(naming).getByRole('button', { name: 'Create passkey' }));
    expect(await within(naming).findByText(PASSKEY_TEXTS.unsupported)).toBeInTheDocument();
  });

  it('removes a passkey after the password, in a dialog', async () => {
    let answer: { status: number; body: unknown } = incorrect;
    const api = settingsApi({
      'GET /auth/v1/passkeys': () => ({ status: 200, body: passkeys }),
      'DELETE /auth/v1/passkeys/2': () => answer,
    });
    renderSettings(settingsUser, 'security');
    const user = userEvent.setup();
    await user.click(await within(section()).findByRole('button', { name: 'Remove Phone' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove “Phone”?' });
    const password = within(dialog).getByLabelText('Current password');
    expect(password).toHaveFocus();
    await user.type(password, 'nope');
    await user.click(within(dialog).getByRole('button', { name: 'Remove passkey' }));
    expect(await within(dialog).findByText('Incorrect password')).toBeInTheDocument();

    answer = { status: 200, body: { ok: true } };
    await user.click(within(dialog).getByRole('button', { name: 'Remove passkey' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(section()).queryByText('Phone')).not.toBeInTheDocument();
    expect(within(section()).getByText('Work laptop')).toBeInTheDocument();
    expect(api.calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'DELETE /auth/v1/passkeys/2',
      'DELETE /auth/v1/passkeys/2',
    ]);
  });
});
