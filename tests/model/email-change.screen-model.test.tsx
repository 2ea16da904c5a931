import { act, screen, within } from '@testing-library/react';
import { describe, expect, vi } from 'vitest';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { User } from '../../src/api/auth.ts';
import { ApiError } from '../../src/api/client.ts';
import { emailChangeMachine } from '../../src/machines/settings/email-change.machine.ts';
import { EmailSection } from '../../src/screens/settings/email-section.tsx';
import { SessionProvider } from '../../src/shared/session-context.tsx';
import { renderAt } from '../fakes/auth-screens.tsx';
import { pendingEmailUser, settingsUser } from '../fixtures/settings-fixtures.ts';
import { actorDone, actorError } from './machine-model.ts';
import { describeScreenModel, type View } from './screen-model.ts';

/** spec 2, 4 and 5: Settings, Change e-mail: the form, then 'Request in progress' with Resend and Revoke. */

const teamId = settingsUser.TeamsRender[0]!.id;
const base = `POST /auth/v1/profile_settings/user/${settingsUser.id}`;
const CHANGE = `${base}/team/${teamId}/change_email`;
const RESEND = `${base}/change_email/resend`;
const REVOKE = `${base}/change_email/revoke`;
const NEW = pendingEmailUser.newChangeEmail!;

const valid = { type: 'email.submit', email: ` ${NEW} `, password: 'secret-1' };
const empty = { type: 'email.submit', email: '', password: '' };
const badEmail = { type: 'email.submit', email: 'ada@', password: 'secret-1' };
const refused = new ApiError(400, 'incorrect_password', 'The password is not right.');

const formEvents: AnyEventObject[] = [
  valid,
  empty,
  badEmail,
  { type: 'email.edit', field: 'email' },
  actorDone('requestChange', pendingEmailUser),
  actorError('requestChange', refused),
];
// In 'Request in progress' a person can resend the link (the child tells the machine) or revoke the request.
const pendingEvents: AnyEventObject[] = [{ type: 'request.resent' }, actorDone('pendingRequest')];
const events = (snapshot: AnyMachineSnapshot) => (snapshot.matches('pending') ? pendingEvents : formEvents);

const inputFor = (user: User) => ({
  userId: user.id,
  teamId,
  statusChangeEmail: user.statusChangeEmail,
  newChangeEmail: user.newChangeEmail,
});

const section = () => screen.getByRole('region', { name: 'Change e-mail' });
const field = (label: string) => within(section()).getByLabelText(label) as HTMLInputElement;
const button = (name: string) => within(section()).getByRole('button', { name });
const recheck = vi.fn(async () => {});
/** The signed-in user the path starts with. */
let startUser: User = settingsUser;

async function fill(view: View, label: string, value: string) {
  if (field(label).value === value) return;
  await view.user.clear(field(label));
  if (value) await view.user.paste(value);
}

async function answer(view: View, route: string, body: unknown) {
  await vi.waitFor(() => expect(view.network.pending(route)).toHaveLength(1));
  await act(async () => {
    view.network.answer(route, { status: 200, body });
  });
}

describe('change e-mail section (model)', () => {
  describeScreenModel({
    name: 'e-mail change',
    machine: emailChangeMachine,
    // spec 2: which view shows first depends on statusChangeEmail.
    inputs: [inputFor(settingsUser), inputFor(pendingEmailUser)],
    events,
    serializeState: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.errors]),
    requests: { requestChange: CHANGE },
    answers: {
      pendingRequest: async (view) => {
        await view.user.click(button('Revoke'));
        await answer(view, REVOKE, settingsUser);
      },
    },
    render: ({ input }) => {
      recheck.mockClear();
      const user = (input as { statusChangeEmail: number }).statusChangeEmail
        ? pendingEmailUser
        : settingsUser;
      startUser = user;
      const session = { user, teamId, recheck, logout: vi.fn() };
      renderAt(<EmailSection />, '/settings', {
        wrap: (children) => <SessionProvider session={session}>{children}</SessionProvider>,
      });
    },
    act: {
      'email.submit': async (view) => {
        await fill(view, 'New e-mail', view.event.email);
        await fill(view, 'Current password', view.event.password);
        await view.user.click(button('Change e-mail'));
      },
      'email.edit': async (view) => {
        await view.user.type(field('New e-mail'), 'x');
      },
      'request.resent': async (view) => {
        await view.user.click(button('Resend'));
        await answer(view, RESEND, pendingEmailUser);
      },
    },
    rules: (view) => {
      const { event } = view;
      // spec 2: with statusChangeEmail 10 the section opens on 'Request in progress'; otherwise on the form.
      if (event.type === 'start')
        expect(within(section()).queryByText('Request in progress') !== null).toBe(
          startUser.statusChangeEmail === 10,
        );
      // spec 5: both required, the address valid; nothing is sent then.
      if (event === empty)
        expect(within(section()).getByRole('alert')).toHaveTextContent('All fields are required');
      if (event === badEmail) expect(field('New e-mail')).toHaveAccessibleDescription('Invalid e-mail');
      if (event === empty || event === badEmail) expect(view.network.pending(CHANGE)).toEqual([]);
      if (event.type === 'email.edit') expect(within(section()).queryByText('Invalid e-mail')).toBeNull();
      // spec 5: the server's message goes under the password field.
      if (event.type === 'xstate.error.actor.requestChange')
        expect(field('Current password')).toHaveAccessibleDescription('The password is not right.');
      // spec 2 and 4: a request shows 'Request in progress'; submit, resend and revoke recheck the session.
      const rechecking = [
        'xstate.done.actor.requestChange',
        'request.resent',
        'xstate.done.actor.pendingRequest',
      ];
      expect(recheck).toHaveBeenCalledTimes(view.history.filter((e) => rechecking.includes(e.type)).length);
      if (event.type === 'request.resent')
        expect(within(section()).getByRole('status')).toHaveTextContent(
          `A new confirmation link has been sent to ${NEW}.`,
        );
      if (event.type === 'xstate.done.actor.pendingRequest') expect(field('New e-mail')).toHaveValue('');
    },
    sees: {
      form: () => {
        expect(button('Change e-mail')).toBeEnabled();
        expect(within(section()).queryByText('Request in progress')).toBeNull();
      },
      submitting: (view) => {
        expect(button('Change e-mail')).toBeDisabled();
        const [call] = view.network.pending(CHANGE);
        // spec 5: trimmed.
        expect(call?.form).toMatchObject({ email: NEW, password: 'secret-1' });
      },
      pending: () => {
        expect(within(section()).getByText('Request in progress')).toBeInTheDocument();
        expect(within(section()).getByText(NEW)).toBeInTheDocument();
        expect(button('Resend')).toBeEnabled();
        expect(button('Revoke')).toBeEnabled();
      },
    },
  });
});
