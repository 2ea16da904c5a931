import { screen } from '@testing-library/react';
import { describe, expect } from 'vitest';
import { LINK_GONE } from '../../contracts/password-link.ts';
import { ApiError, NetworkError } from '../../src/api/client.ts';
import { tokenStore } from '../../src/api/token-store.ts';
import { setPasswordMachine } from '../../src/machines/auth/set-password.machine.ts';
import { CreatePasswordScreen } from '../../src/screens/auth/create-password-screen.tsx';
import { LoginScreen } from '../../src/screens/auth/login-screen.tsx';
import { renderAt, sessionToken } from '../fakes/auth-screens.tsx';
import { actorDone, actorError } from './machine-model.ts';
import { describeScreenModel, type View } from './screen-model.ts';

/** spec 2 and 5: Create password from the registration e-mail: new password and confirm, Submit, then createAccount. */

const SAVE = 'POST /auth/guest/set-new-password';
const CHECK = 'POST /auth/guest/link/check';
const SUBTITLE = 'Your e-mail is confirmed. Choose the password for your account.';
const valid = { type: 'password.submit', password: ' secret-1 ', confirm: 'secret-1' };
const empty = { type: 'password.submit', password: '', confirm: '' };
const short = { type: 'password.submit', password: 'abc', confirm: 'abd' };
const challenge = {
  two_factor_required: true,
  challenge: 'challenge-1',
  expires_at: '2030-01-01T00:00:00.000Z',
};
const expired = 'This link is expired';

const events = [
  actorDone('checkLink', { ok: true }),
  actorError('checkLink', new ApiError(410, LINK_GONE.error, LINK_GONE.message)),
  actorError('checkLink', new NetworkError(new TypeError('Failed to fetch'))),
  { type: 'link.retry' },
  valid,
  empty,
  short,
  { type: 'password.edit', field: 'confirm' },
  actorDone('savePassword', sessionToken),
  actorDone('savePassword', challenge),
  actorError('savePassword', new ApiError(400, 'link_expired', expired)),
];

const field = (label: string) => screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;
const submit = () => screen.getByRole('button', { name: 'Submit' });

async function fill(view: View, label: string, value: string) {
  if (field(label).value === value) return;
  await view.user.clear(field(label));
  if (value) await view.user.paste(value);
}

describe('create password screen (model)', () => {
  describeScreenModel({
    name: 'create password',
    machine: setPasswordMachine,
    input: { hash: 'link-hash', purpose: 'create_password' },
    events,
    serializeState: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.errors]),
    requests: { checkLink: CHECK, savePassword: SAVE },
    render: () => {
      tokenStore.clear();
      renderAt(<CreatePasswordScreen />, '/createPassword/link-hash', {
        route: '/createPassword/:hash',
        routes: { '/': <LoginScreen /> },
      });
    },
    act: {
      'password.submit': async (view) => {
        await fill(view, 'New password', view.event.password);
        await fill(view, 'Confirm password', view.event.confirm);
        await view.user.click(submit());
      },
      'password.edit': async (view) => {
        await view.user.type(field('Confirm password'), 'x');
      },
      'link.retry': async (view) => {
        await view.user.click(screen.getByRole('button', { name: 'Try again' }));
      },
    },
    rules: (view) => {
      const { event } = view;
      // spec 5: the checks and their texts; nothing is sent.
      if (event === empty) expect(screen.getByRole('alert')).toHaveTextContent('All fields are required');
      if (event === short) {
        expect(field('New password')).toHaveAccessibleDescription(/Minimum 6 symbols are required/);
        expect(field('Confirm password')).toHaveAccessibleDescription('Passwords do not match');
      }
      const saves = view.network.calls.filter((call) => `${call.method} ${call.path}` === SAVE);
      if (event === empty || event === short) expect(saves).toEqual([]);
      if (event.type === 'password.edit') expect(screen.queryByText('Passwords do not match')).toBeNull();
      // spec 2: signed in, on to createAccount; with two-factor sign-in on, to the sign-in page with a notice.
      if (event.type === 'xstate.done.actor.savePassword' && event.output === sessionToken) {
        expect(screen.getByTestId('landed')).toHaveTextContent('/createAccount');
        expect(tokenStore.get()).toBe(sessionToken.access_token);
      }
      if (event.type === 'xstate.done.actor.savePassword' && event.output === challenge) {
        expect(screen.getByRole('heading', { name: 'Sign in to NODR' })).toBeInTheDocument();
        expect(tokenStore.get()).toBeNull();
      }
      if (event.type === 'xstate.error.actor.savePassword')
        expect(screen.getByRole('alert')).toHaveTextContent(expired);
    },
    sees: {
      // spec 2: nothing is confirmed, and no password asked for, until the link is known to work.
      checking: (view) => {
        expect(screen.getByRole('status')).toHaveTextContent('Checking your link');
        expect(screen.queryByText(SUBTITLE)).toBeNull();
        expect(view.network.pending(CHECK)[0]?.form).toEqual({
          hash: 'link-hash',
          purpose: 'create_password',
        });
      },
      checkFailed: () => {
        expect(screen.getByRole('alert')).toBeInTheDocument();
        expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
        expect(screen.queryByText(SUBTITLE)).toBeNull();
      },
      expired: () => {
        expect(screen.getByRole('heading', { name: 'This link is expired' })).toBeInTheDocument();
        expect(screen.queryByText(SUBTITLE)).toBeNull();
        expect(screen.queryByLabelText('New password')).toBeNull();
      },
      editing: () => {
        expect(screen.getByRole('heading', { name: 'Create password' })).toBeInTheDocument();
        expect(screen.getByText(SUBTITLE)).toBeInTheDocument();
        expect(submit()).toBeEnabled();
      },
      saving: (view) => {
        expect(submit()).toBeDisabled();
        // spec 5 and 7: trimmed, with the link's hash.
        expect(view.network.pending(SAVE)[0]?.form).toEqual({
          hash: 'link-hash',
          password: 'secret-1',
          confirm: 'secret-1',
        });
      },
      signedIn: () => expect(screen.getByTestId('landed')).toHaveTextContent('/createAccount'),
      codeNeeded: () =>
        expect(screen.getByRole('status')).toHaveTextContent(
          'Your new password is saved. Sign in with it and a code from your authenticator app.',
        ),
    },
  });
});
