import { act, screen, within } from '@testing-library/react';
import { describe, expect, vi } from 'vitest';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { User } from '../../src/api/auth.ts';
import { ApiError, NetworkError } from '../../src/api/client.ts';
import type { PrecheckStatus } from '../../src/api/settings.ts';
import { accountDeletionMachine } from '../../src/machines/settings/account-deletion.machine.ts';
import { DeleteAccountSection } from '../../src/screens/settings/delete-account-section.tsx';
import { SessionProvider } from '../../src/shared/session-context.tsx';
import { renderAt } from '../fakes/auth-screens.tsx';
import { pendingDeletionUser, precheckOf, settingsUser } from '../fixtures/settings-fixtures.ts';
import { actorDone, actorError } from './machine-model.ts';
import { answerFor } from './pending-network.ts';
import { describeScreenModel, type View } from './screen-model.ts';

/** spec 2 and 4: Settings, Delete account: the pre-check, its two modals, then 'Deleting in progress!'. */

const base = `/auth/v1/user/${settingsUser.id}`;
const PRECHECK = `POST ${base}/info_delete`;
const DELETE = `DELETE ${base}`;
const UNABLE = 'Unable to delete account';
const SURE = 'Are you sure you want to delete your account?';

const precheck = (status: PrecheckStatus) => actorDone('precheck', precheckOf(status));
const idleEvents: AnyEventObject[] = [{ type: 'deletion.start' }];
const checkingEvents: AnyEventObject[] = [
  ...([200, 201, 202, 203, 401, 402] as const).map(precheck),
  actorError('precheck', new NetworkError(new TypeError('Failed to fetch'))),
];
const confirmingEvents: AnyEventObject[] = [
  { type: 'deletion.cancel' },
  { type: 'deletion.edit' },
  { type: 'deletion.submit', password: ' secret-1 ' },
  { type: 'deletion.submit', password: '' },
];
const deletingEvents: AnyEventObject[] = [
  actorDone('requestDeletion', pendingDeletionUser),
  actorError('requestDeletion', new ApiError(400, 'incorrect_password', 'The password is not right.')),
];

/** What the section lets a person do, and what the server may say, in each state. */
function events(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  if (snapshot.matches('idle')) return idleEvents;
  if (snapshot.matches('checking')) return checkingEvents;
  if (snapshot.matches('blocked')) return [{ type: 'deletion.dismiss' }];
  if (snapshot.matches('confirming')) return confirmingEvents;
  if (snapshot.matches('deleting')) return deletingEvents;
  return [{ type: 'request.resent' }, actorDone('pendingRequest')];
}

const section = () => screen.getByRole('region', { name: 'Delete account' });
const dialog = () => screen.getByRole('dialog');
const recheck = vi.fn(async () => {});
let startUser: User = settingsUser;

async function answer(view: View, route: string, body: unknown) {
  await vi.waitFor(() => expect(view.network.pending(route)).toHaveLength(1));
  await act(async () => {
    view.network.answer(route, { status: 200, body });
  });
}

describe('delete account section (model)', () => {
  describeScreenModel({
    name: 'account deletion',
    machine: accountDeletionMachine,
    // spec 2: which view shows first depends on deleteProgress.
    inputs: [
      { userId: settingsUser.id, deleteProgress: false },
      { userId: settingsUser.id, deleteProgress: true },
    ],
    events,
    serializeState: (snapshot) =>
      JSON.stringify([snapshot.value, snapshot.context.errors, snapshot.context.precheck?.status ?? null]),
    requests: { requestDeletion: DELETE },
    answers: {
      // spec 4: a blocked pre-check answers HTTP 400 with the same body.
      precheck: async (view) => {
        await vi.waitFor(() => expect(view.network.pending(PRECHECK)).toHaveLength(1));
        const body = view.event.output as { status: number } | undefined;
        const reply = body && body.status >= 400 ? { status: 400, body } : answerFor(view.event);
        await act(async () => {
          view.network.answer(PRECHECK, reply);
        });
      },
      pendingRequest: async (view) => {
        await view.user.click(within(section()).getByRole('button', { name: 'Revoke' }));
        await answer(view, `POST ${base}/revoke`, settingsUser);
      },
    },
    render: ({ input }) => {
      recheck.mockClear();
      startUser = (input as { deleteProgress: boolean }).deleteProgress ? pendingDeletionUser : settingsUser;
      const session = { user: startUser, teamId: 11, recheck, logout: vi.fn() };
      renderAt(<DeleteAccountSection />, '/settings', {
        wrap: (children) => <SessionProvider session={session}>{children}</SessionProvider>,
      });
    },
    act: {
      'deletion.start': (view) =>
        view.user.click(within(section()).getByRole('button', { name: 'Delete account' })),
      'deletion.dismiss': (view) => view.user.click(within(dialog()).getByRole('button', { name: 'Ok' })),
      'deletion.cancel': (view) => view.user.click(within(dialog()).getByRole('button', { name: 'Cancel' })),
      'deletion.edit': (view) =>
        view.user.type(within(dialog()).getByLabelText('Password', { selector: 'input' }), 'x'),
      'deletion.submit': async (view) => {
        const field = within(dialog()).getByLabelText('Password', { selector: 'input' });
        await view.user.clear(field);
        if (view.event.password) await view.user.paste(view.event.password);
        await view.user.click(within(dialog()).getByRole('button', { name: 'Delete account' }));
      },
      'request.resent': async (view) => {
        await view.user.click(within(section()).getByRole('button', { name: 'Resend link' }));
        await answer(view, `POST ${base}/resend`, pendingDeletionUser);
      },
    },
    rules: (view) => {
      const { event } = view;
      // spec 2: with deleteProgress the section opens on 'Deleting in progress!'.
      if (event.type === 'start')
        expect(within(section()).queryByText('Deleting in progress!') !== null).toBe(
          startUser.deleteProgress,
        );
      // spec 4: 401 and 402 block; 200 to 203 ask for the password.
      if (event.type === 'xstate.done.actor.precheck') {
        const blocked = (event.output as { status: number }).status >= 400;
        expect(within(dialog()).getByRole('heading', { name: blocked ? UNABLE : SURE })).toBeInTheDocument();
        // spec 2: the teams with their roles (role 10 is Admin); a person with no team sees none.
        const status = (event.output as { status: number }).status;
        if (status !== 200) expect(dialog()).toHaveTextContent('Analytical Engines');
      }
      // spec 5: the password is required.
      if (event.type === 'deletion.submit' && event.password === '')
        expect(within(dialog()).getByText('Required field')).toBeInTheDocument();
      if (event.type === 'deletion.edit') expect(within(dialog()).queryByText('Required field')).toBeNull();
      if (event.type === 'xstate.error.actor.requestDeletion')
        expect(within(dialog()).getByText('The password is not right.')).toBeInTheDocument();
      // spec 4: a request, a resend and a revoke recheck the session.
      const rechecking = [
        'xstate.done.actor.requestDeletion',
        'request.resent',
        'xstate.done.actor.pendingRequest',
      ];
      expect(recheck).toHaveBeenCalledTimes(view.history.filter((e) => rechecking.includes(e.type)).length);
      if (['deletion.cancel', 'deletion.dismiss'].includes(event.type))
        expect(screen.queryByRole('dialog')).toBeNull();
      // spec 2: Revoke ends the pending deletion; the delete action is back.
      if (event.type === 'xstate.done.actor.pendingRequest') {
        expect(within(section()).queryByText('Deleting in progress!')).toBeNull();
        expect(within(section()).getByRole('button', { name: 'Delete account' })).toBeEnabled();
      }
    },
    sees: {
      idle: (view) => {
        expect(within(section()).getByRole('button', { name: 'Delete account' })).toBeEnabled();
        expect(screen.queryByRole('dialog')).toBeNull();
        if (view.event.type === 'xstate.error.actor.precheck')
          expect(within(section()).getByRole('alert')).toHaveTextContent(
            'Cannot reach the server. Check your connection and try again.',
          );
      },
      checking: () =>
        expect(within(section()).getByRole('button', { name: 'Delete account' })).toBeDisabled(),
      blocked: () => expect(within(dialog()).getByRole('heading', { name: UNABLE })).toBeInTheDocument(),
      confirming: () => {
        expect(within(dialog()).getByRole('heading', { name: SURE })).toBeInTheDocument();
        expect(within(dialog()).getByRole('button', { name: 'Delete account' })).toBeEnabled();
      },
      deleting: (view) => {
        expect(within(dialog()).getByRole('button', { name: 'Delete account' })).toBeDisabled();
        expect(view.network.pending(DELETE)[0]?.form).toMatchObject({ password: 'secret-1' });
      },
      pending: () => {
        expect(within(section()).getByText('Deleting in progress!')).toBeInTheDocument();
        expect(screen.queryByRole('dialog')).toBeNull();
      },
    },
  });
});
