import { screen } from '@testing-library/react';
import { describe, expect } from 'vitest';
import { ApiError, NetworkError } from '../../src/api/client.ts';
import { passwordRecoveryMachine } from '../../src/machines/auth/password-recovery.machine.ts';
import { ForgotPasswordScreen } from '../../src/screens/auth/forgot-password-screen.tsx';
import { PasswordRecoveryScreen } from '../../src/screens/auth/password-recovery-screen.tsx';
import { renderAt } from '../fakes/auth-screens.tsx';
import { actorDone, actorError } from './machine-model.ts';
import { describeScreenModel, type View } from './screen-model.ts';

/** spec 2 and 5: Forgot password, then passwordRecovery ("instructions will be sent if an account is found"). */

const valid = { type: 'recovery.submit', email: ' ada@example.com ' };
const empty = { type: 'recovery.submit', email: '' };
const badEmail = { type: 'recovery.submit', email: 'ada.example.com' };
const busy = 'Too many attempts. Try again in a minute.';

const events = [
  valid,
  empty,
  badEmail,
  { type: 'recovery.edit', field: 'email' },
  actorDone('requestRecovery', { ok: true }),
  actorError('requestRecovery', new ApiError(429, 'rate_limited', busy)),
  actorError('requestRecovery', new NetworkError(new TypeError('Failed to fetch'))),
];

const emailField = () => screen.getByLabelText('E-mail') as HTMLInputElement;
const submit = () => screen.getByRole('button', { name: 'Submit' });

async function fill(view: View, value: string) {
  if (emailField().value === value) return;
  await view.user.clear(emailField());
  if (value) await view.user.paste(value);
}

describe('forgot password screen (model)', () => {
  describeScreenModel({
    name: 'password recovery',
    machine: passwordRecoveryMachine,
    events,
    serializeState: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.errors]),
    requests: { requestRecovery: 'POST /auth/guest/recovery-password' },
    render: () => {
      renderAt(<ForgotPasswordScreen />, '/forgotPassword', {
        routes: { '/passwordRecovery': <PasswordRecoveryScreen /> },
      });
    },
    act: {
      'recovery.submit': async (view) => {
        await fill(view, view.event.email);
        await view.user.click(submit());
      },
      'recovery.edit': async (view) => {
        await view.user.type(emailField(), 'x');
      },
    },
    rules: (view) => {
      const { event } = view;
      // spec 5: 'Required field' and 'invalid email', and nothing is sent.
      if (event === empty) expect(screen.getByText('Required field')).toBeInTheDocument();
      if (event === badEmail) expect(screen.getByText('invalid email')).toBeInTheDocument();
      if (event === empty || event === badEmail)
        expect(view.network.pending('POST /auth/guest/recovery-password')).toEqual([]);
      if (event.type === 'recovery.edit') {
        expect(screen.queryByText('Required field')).not.toBeInTheDocument();
        expect(screen.queryByText('invalid email')).not.toBeInTheDocument();
      }
      // spec 2: on success the person goes to passwordRecovery.
      if (event.type === 'xstate.done.actor.requestRecovery')
        expect(screen.getByText(/If an account is found for this e-mail, instructions/)).toBeInTheDocument();
    },
    sees: {
      editing: (view) => {
        expect(screen.getByRole('heading', { name: 'Forgot password' })).toBeInTheDocument();
        // spec 2: a link returns to login.
        expect(screen.getByRole('link', { name: /login/i })).toHaveAttribute('href', '/');
        expect(submit()).toBeEnabled();
        const failed =
          view.event.type === 'xstate.error.actor.requestRecovery' ? view.event.error : undefined;
        if (failed instanceof ApiError) expect(screen.getByRole('alert')).toHaveTextContent(busy);
        else if (failed)
          expect(screen.getByRole('alert')).toHaveTextContent(
            'Cannot reach the server. Check your connection and try again.',
          );
      },
      sending: (view) => {
        expect(submit()).toBeDisabled();
        const [call] = view.network.pending('POST /auth/guest/recovery-password');
        expect(call?.form).toEqual({ login: 'ada@example.com', url: 'http://localhost:3000/resPassword' });
      },
      sent: () => {
        expect(screen.getByRole('heading', { name: 'Check your e-mail' })).toBeInTheDocument();
        expect(screen.getByRole('link', { name: 'help@nodr.test' })).toHaveAttribute(
          'href',
          'mailto:help@nodr.test',
        );
      },
    },
  });
});
