import { act, screen } from '@testing-library/react';
import { describe, expect, vi } from 'vitest';
import { NetworkError } from '../../src/api/client.ts';
import { createAccountMachine } from '../../src/machines/auth/create-account.machine.ts';
import { CreateAccountScreen } from '../../src/screens/auth/create-account-screen.tsx';
import { SessionProvider } from '../../src/shared/session-context.tsx';
import { renderAt, testUser } from '../fakes/auth-screens.tsx';
import { actorDone, actorError } from './machine-model.ts';
import { answerFor } from './pending-network.ts';
import { describeScreenModel, type View } from './screen-model.ts';

/** spec 2 and 5: Create account, the last form of the registration path: name, last name, workspace, Start. */

const USER = `PUT /auth/v1/user/${testUser.id}`;
const TEAM = 'PUT /auth/v1/teams/3';
const valid = { type: 'account.submit', name: ' Ada ', surname: 'Lovelace', workspace: 'Engines' };
const empty = { type: 'account.submit', name: '', surname: '', workspace: '' };
const noSurname = { type: 'account.submit', name: 'Ada', surname: '', workspace: 'Engines' };

const events = [
  valid,
  empty,
  noSurname,
  { type: 'account.edit', field: 'surname' },
  actorDone('saveAccount'),
  actorError('saveAccount', new NetworkError(new TypeError('Failed to fetch'))),
];

const labels = { name: 'Name', surname: 'Last name', workspace: 'Workspace name' } as const;
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const start = () => screen.getByRole('button', { name: 'Start' });

async function fill(view: View, label: string, value: string) {
  if (field(label).value === value) return;
  await view.user.clear(field(label));
  if (value) await view.user.paste(value);
}

async function answer(view: View, route: string, reply: Parameters<View['network']['answer']>[1]) {
  await vi.waitFor(() => expect(view.network.pending(route)).toHaveLength(1));
  await act(async () => {
    view.network.answer(route, reply);
  });
}

describe('create account screen (model)', () => {
  describeScreenModel({
    name: 'create account',
    machine: createAccountMachine,
    input: { userId: testUser.id, teamId: 3 },
    events,
    serializeState: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.errors]),
    answers: {
      // Two calls save the account: the person's names, then the workspace's.
      saveAccount: async (view) => {
        if (view.event.type.startsWith('xstate.error.')) return answer(view, USER, answerFor(view.event));
        await answer(view, USER, { status: 200, body: { ...testUser, name: 'Ada', surname: 'Lovelace' } });
        await answer(view, TEAM, { status: 200, body: { id: 3, name: 'Engines' } });
      },
    },
    render: () => {
      const session = { user: testUser, teamId: 3, recheck: vi.fn(async () => {}), logout: vi.fn() };
      renderAt(<CreateAccountScreen />, '/createAccount', {
        wrap: (children) => <SessionProvider session={session}>{children}</SessionProvider>,
      });
    },
    act: {
      'account.submit': async (view) => {
        for (const [key, label] of Object.entries(labels)) await fill(view, label, view.event[key]);
        await view.user.click(start());
      },
      'account.edit': async (view) => {
        await view.user.type(field('Last name'), 'x');
      },
    },
    rules: (view) => {
      const { event } = view;
      // spec 5: all three empty say so; one empty field says 'Required field'; nothing is sent.
      if (event === empty) expect(screen.getByRole('alert')).toHaveTextContent('All fields are required');
      if (event === noSurname) expect(field('Last name')).toHaveAccessibleDescription('Required field');
      if (event === empty || event === noSurname) expect(view.network.calls).toEqual([]);
      if (event.type === 'account.edit') expect(screen.queryByText('Required field')).toBeNull();
      // spec 2: on success the person goes to My NODR.
      if (event.type === 'xstate.done.actor.saveAccount') {
        expect(screen.getByTestId('landed')).toHaveTextContent('/myNodr');
        const team = view.network.calls.find((call) => `${call.method} ${call.path}` === TEAM);
        expect(team?.form).toMatchObject({ name: 'Engines' });
      }
    },
    sees: {
      editing: (view) => {
        expect(screen.getByRole('heading', { name: 'Create account' })).toBeInTheDocument();
        expect(start()).toBeEnabled();
        if (view.event.type === 'xstate.error.actor.saveAccount')
          expect(screen.getByRole('alert')).toHaveTextContent(
            'Cannot reach the server. Check your connection and try again.',
          );
      },
      saving: (view) => {
        expect(start()).toBeDisabled();
        // spec 5: trimmed.
        expect(view.network.pending(USER)[0]?.form).toMatchObject({ name: 'Ada', surname: 'Lovelace' });
      },
      done: () => expect(screen.getByTestId('landed')).toHaveTextContent('/myNodr'),
    },
  });
});
