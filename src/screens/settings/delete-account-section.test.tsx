import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderSettings, settingsApi } from '../../../tests/fakes/settings-screens.tsx';
import { pendingDeletionUser, precheckOf, settingsUser } from '../../../tests/fixtures/settings-fixtures.ts';
import type { PrecheckStatus } from '../../api/settings.ts';
import { deletionStatements, precheckTexts } from './deletion-texts.ts';

afterEach(() => vi.unstubAllGlobals());

const precheckPath = 'POST /auth/v1/user/7/info_delete';
const section = () => screen.getByRole('region', { name: 'Delete account' });

/** The pre-check answers as the server sends them: HTTP 400 when blocked (spec 4 table). */
const answer = (code: PrecheckStatus) => () => ({ status: code >= 400 ? 400 : 200, body: precheckOf(code) });

async function startDeletion(code: PrecheckStatus, more: Parameters<typeof settingsApi>[0] = {}) {
  const api = settingsApi({ [precheckPath]: answer(code), ...more });
  const session = renderSettings(settingsUser, 'account');
  const user = userEvent.setup();
  await user.click(within(section()).getByRole('button', { name: 'Delete account' }));
  return { api, session, user };
}

describe('Settings, delete account', () => {
  it.each([401, 402] as const)(
    "pre-check %i opens 'Unable to delete account' with its wording and Ok",
    async (code) => {
      const { user } = await startDeletion(code);
      const dialog = await screen.findByRole('dialog', { name: 'Unable to delete account' });
      expect(within(dialog).getByText(precheckTexts[code])).toBeInTheDocument();
      expect(within(dialog).getAllByText('Only Admin, has other users')).toHaveLength(code === 401 ? 2 : 1);
      await user.click(within(dialog).getByRole('button', { name: 'Ok' }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    },
  );

  it.each([200, 201, 202, 203] as const)(
    'pre-check %i opens the confirm modal with its wording',
    async (code) => {
      await startDeletion(code);
      const dialog = await screen.findByRole('dialog', {
        name: 'Are you sure you want to delete your account?',
      });
      expect(within(dialog).getByText(precheckTexts[code])).toBeInTheDocument();
      for (const statement of deletionStatements)
        expect(within(dialog).getByText(statement)).toBeInTheDocument();
    },
  );

  it('words each pre-check code differently (spec 4)', () => {
    expect(new Set(Object.values(precheckTexts)).size).toBe(6);
  });

  it('lists the teams with their roles, Admin for 10 and Viewer otherwise', async () => {
    await startDeletion(202);
    const dialog = await screen.findByRole('dialog');
    const teams = within(within(dialog).getByRole('list', { name: 'Your teams and roles' })).getAllByRole(
      'listitem',
    );
    expect(teams.map((team) => team.textContent)).toEqual([
      'Analytical EnginesAdmin',
      'Difference EnginesViewer',
    ]);
  });

  it("asks for the password ('Required field'), shows a rejection, and Cancel closes", async () => {
    const { user } = await startDeletion(201, {
      'DELETE /auth/v1/user/7': () => ({
        status: 400,
        body: { error: 'incorrect_password', message: 'Incorrect password' },
      }),
    });
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    expect(within(dialog).getByText('Required field')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Password'), 'wrong');
    await user.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    expect(await within(dialog).findByText('Incorrect password')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Show password' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("sends the trimmed password, closes the modal, rechecks the session and shows 'Deleting in progress!'", async () => {
    const { api, session, user } = await startDeletion(203, {
      'DELETE /auth/v1/user/7': () => ({ status: 200, body: pendingDeletionUser }),
    });
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Password'), ' secret1 ');
    await user.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    expect(await within(section()).findByText('Deleting in progress!')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.calls.at(-1)).toMatchObject({
      method: 'DELETE',
      form: { user_id: '7', password: 'secret1', url: 'http://localhost:3000/deleteUserAccount' },
    });
    expect(session.recheck).toHaveBeenCalledOnce();
  });

  it('with deleteProgress offers Resend link and Revoke, each followed by a session recheck', async () => {
    const api = settingsApi({
      'POST /auth/v1/user/7/resend': () => ({ status: 200, body: pendingDeletionUser }),
      'POST /auth/v1/user/7/revoke': () => ({ status: 200, body: settingsUser }),
    });
    const session = renderSettings(pendingDeletionUser, 'account');
    const user = userEvent.setup();
    expect(within(section()).getByText('Deleting in progress!')).toBeInTheDocument();
    await user.click(within(section()).getByRole('button', { name: 'Resend link' }));
    expect(await within(section()).findByText(/A new confirmation link has been sent/)).toBeInTheDocument();
    await user.click(within(section()).getByRole('button', { name: 'Revoke' }));
    expect(await within(section()).findByRole('button', { name: 'Delete account' })).toBeInTheDocument();
    expect(api.calls.map((call) => call.path)).toEqual(['/auth/v1/user/7/resend', '/auth/v1/user/7/revoke']);
    expect(session.recheck).toHaveBeenCalledTimes(2);
  });

  it('says what went wrong when the pre-check fails', async () => {
    settingsApi({
      [precheckPath]: () => ({ status: 429, body: { error: 'rate_limited', message: 'Too many attempts.' } }),
    });
    renderSettings(settingsUser, 'account');
    const user = userEvent.setup();
    await user.click(within(section()).getByRole('button', { name: 'Delete account' }));
    expect(await within(section()).findByText('Too many attempts.')).toBeInTheDocument();
  });
});
