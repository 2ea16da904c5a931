import { screen, within } from '@testing-library/react';
import { describe, expect, vi } from 'vitest';
import { ApiError, NetworkError } from '../../src/api/client.ts';
import { passwordChangeMachine } from '../../src/machines/settings/password-change.machine.ts';
import { PasswordSection } from '../../src/screens/settings/password-section.tsx';
import { SessionProvider } from '../../src/shared/session-context.tsx';
import { renderAt } from '../fakes/auth-screens.tsx';
import { settingsUser } from '../fixtures/settings-fixtures.ts';
import { actorDone, actorError } from './machine-model.ts';
import { describeScreenModel, type View } from './screen-model.ts';

/** spec 2 and 5: Settings, Change password: behind an arrow, three fields, 'Password changed successfully'. */

const teamId = settingsUser.TeamsRender[0]!.id;
const changePath = `POST /auth/v1/profile_settings/user/${settingsUser.id}/team/${teamId}/change_password`;
const valid = {
  type: 'password.submit',
  password: ' old-secret ',
  newPassword: 'new-secret',
  confirm: 'new-secret',
};
const empty = { type: 'password.submit', password: '', newPassword: '', confirm: '' };
const mismatch = {
  type: 'password.submit',
  password: 'old-secret',
  newPassword: 'new-secret',
  confirm: 'other-one',
};

const events = [
  { type: 'password.toggle' },
  valid,
  empty,
  mismatch,
  { type: 'password.edit', field: 'confirm' },
  actorDone('changePassword', settingsUser),
  actorError(
    'changePassword',
    new ApiError(400, 'incorrect_password', 'The current password does not match.'),
  ),
  actorError('changePassword', new NetworkError(new TypeError('Failed to fetch'))),
];

const section = () => screen.getByRole('region', { name: 'Change password' });
const arrow = () => within(section()).getByRole('button', { name: /change password form/ });
const field = (label: string) => within(section()).getByLabelText(label) as HTMLInputElement;
const changeButton = () => within(section()).getByRole('button', { name: 'Change password' });
const labels = { password: 'Current password', newPassword: 'New password', confirm: 'Retype new password' };

async function fill(view: View, label: string, value: string) {
  if (field(label).value === value) return;
  await view.user.clear(field(label));
  if (value) await view.user.paste(value);
}

const recheck = vi.fn(async () => {});
/** Whether the form was open before the last click on the arrow. */
let wasOpen = false;

describe('change password section (model)', () => {
  describeScreenModel({
    name: 'password change',
    machine: passwordChangeMachine,
    input: { userId: settingsUser.id, teamId },
    events,
    serializeState: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.errors]),
    requests: { changePassword: changePath },
    render: () => {
      recheck.mockClear();
      const session = { user: settingsUser, teamId, recheck, logout: vi.fn() };
      renderAt(<PasswordSection />, '/settings', {
        wrap: (children) => <SessionProvider session={session}>{children}</SessionProvider>,
      });
    },
    act: {
      'password.toggle': async (view) => {
        wasOpen = arrow().getAttribute('aria-expanded') === 'true';
        await view.user.click(arrow());
      },
      'password.submit': async (view) => {
        for (const [key, label] of Object.entries(labels)) await fill(view, label, view.event[key]);
        await view.user.click(changeButton());
      },
      'password.edit': async (view) => {
        await view.user.type(field(labels[view.event.field as keyof typeof labels]), 'x');
      },
    },
    rules: (view) => {
      const { event } = view;
      // spec 5: the three checks, each with its text, and nothing is sent.
      if (event === empty)
        expect(within(section()).getByRole('alert')).toHaveTextContent('All fields are required');
      if (event === mismatch)
        expect(within(section()).getByText('Passwords do not match')).toBeInTheDocument();
      if (event === empty || event === mismatch) expect(view.network.pending(changePath)).toEqual([]);
      // spec 5: a rejection reads 'Incorrect password' and clears when the user edits any field.
      if (event.type === 'xstate.error.actor.changePassword' && event.error instanceof ApiError)
        expect(field('Current password')).toHaveAccessibleDescription('Incorrect password');
      if (event.type === 'password.edit') {
        expect(within(section()).queryByText('Incorrect password')).not.toBeInTheDocument();
        expect(within(section()).queryByText('Passwords do not match')).not.toBeInTheDocument();
      }
      // spec 2 and 4: the success text replaces the form and the session is rechecked.
      if (event.type === 'xstate.done.actor.changePassword') {
        expect(within(section()).getByRole('status')).toHaveTextContent('Password changed successfully');
        expect(recheck).toHaveBeenCalledTimes(1);
      }
      // spec 2: the arrow opens a closed form and closes an open one; opening shows empty fields.
      if (event.type === 'password.toggle') {
        expect(arrow()).toHaveAttribute('aria-expanded', String(!wasOpen));
        if (!wasOpen) for (const label of Object.values(labels)) expect(field(label)).toHaveValue('');
      }
    },
    sees: {
      collapsed: () => {
        expect(arrow()).toHaveAttribute('aria-expanded', 'false');
        expect(within(section()).queryByLabelText('Current password')).not.toBeInTheDocument();
      },
      editing: (view) => {
        expect(arrow()).toHaveAttribute('aria-expanded', 'true');
        expect(changeButton()).toBeEnabled();
        if (
          view.event.type === 'xstate.error.actor.changePassword' &&
          view.event.error instanceof NetworkError
        )
          expect(within(section()).getByRole('alert')).toHaveTextContent(
            'Cannot reach the server. Check your connection and try again.',
          );
      },
      submitting: (view) => {
        expect(changeButton()).toBeDisabled();
        // The arrow does nothing while the request runs.
        expect(arrow()).toBeDisabled();
        // spec 5: trimmed.
        const [call] = view.network.pending(changePath);
        expect(call?.form).toMatchObject({
          password: 'old-secret',
          new_password: 'new-secret',
          confirm: 'new-secret',
        });
      },
      success: () => {
        expect(within(section()).getByRole('status')).toHaveTextContent('Password changed successfully');
        expect(within(section()).queryByLabelText('Current password')).not.toBeInTheDocument();
      },
    },
  });
});
