import { screen } from '@testing-library/react';
import { describe, expect } from 'vitest';
import { ApiError, NetworkError } from '../../src/api/client.ts';
import { registrationMachine } from '../../src/machines/auth/registration.machine.ts';
import { PendingRegistrationScreen } from '../../src/screens/auth/pending-registration-screen.tsx';
import { RegisterScreen } from '../../src/screens/auth/register-screen.tsx';
import { renderAt } from '../fakes/auth-screens.tsx';
import { actorDone, actorError } from './machine-model.ts';
import { describeScreenModel, type View } from './screen-model.ts';

/** spec 2, 4 and 5: Register ('Join network'), the first step of the registration path, to pendingRegistration. */

const valid = { type: 'registration.submit', email: ' ada@example.com ', offer: false, subscription: true };
const empty = { type: 'registration.submit', email: '', offer: true, subscription: true };
const badEmail = { type: 'registration.submit', email: 'ada.example.com', offer: true, subscription: true };
const busy = 'Too many attempts. Try again in a minute.';

// The terms stay checked in every submit: with them unchecked the screen disables Create account (spec 2).
const events = [
  valid,
  empty,
  badEmail,
  { type: 'registration.edit', field: 'email' },
  actorDone('registerAccount', { ok: true }),
  actorError('registerAccount', new ApiError(429, 'rate_limited', busy)),
  actorError('registerAccount', new NetworkError(new TypeError('Failed to fetch'))),
];

const emailField = () => screen.getByLabelText('E-mail') as HTMLInputElement;
const offers = () => screen.getByRole('checkbox', { name: 'I agree to receive updates and offers' });
const createAccount = () => screen.getByRole('button', { name: 'Create account' });

async function fill(view: View, value: string) {
  if (emailField().value === value) return;
  await view.user.clear(emailField());
  if (value) await view.user.paste(value);
}

describe('register screen (model)', () => {
  describeScreenModel({
    name: 'registration',
    machine: registrationMachine,
    events,
    serializeState: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.errors]),
    requests: { registerAccount: 'POST /auth/guest/register' },
    render: () => {
      renderAt(<RegisterScreen />, '/register', {
        routes: { '/pendingRegistration': <PendingRegistrationScreen /> },
      });
    },
    act: {
      'registration.submit': async (view) => {
        await fill(view, view.event.email);
        if ((offers() as HTMLInputElement).checked !== view.event.offer) await view.user.click(offers());
        await view.user.click(createAccount());
      },
      'registration.edit': async (view) => {
        await view.user.type(emailField(), 'x');
      },
    },
    rules: (view) => {
      const { event } = view;
      // spec 5: 'Required field' and 'invalid email', and nothing is sent.
      if (event === empty) expect(screen.getByText('Required field')).toBeInTheDocument();
      if (event === badEmail) expect(screen.getByText('invalid email')).toBeInTheDocument();
      if (event === empty || event === badEmail)
        expect(view.network.pending('POST /auth/guest/register')).toEqual([]);
      if (event.type === 'registration.edit') {
        expect(screen.queryByText('Required field')).not.toBeInTheDocument();
        expect(screen.queryByText('invalid email')).not.toBeInTheDocument();
      }
      // spec 2: on success the person goes to pendingRegistration, which asks to confirm the e-mail.
      if (event.type === 'xstate.done.actor.registerAccount')
        expect(screen.getByRole('heading', { name: 'Confirm your e-mail' })).toBeInTheDocument();
    },
    sees: {
      editing: (view) => {
        expect(screen.getByRole('heading', { name: 'Join network' })).toBeInTheDocument();
        expect(createAccount()).toBeEnabled();
        const failed =
          view.event.type === 'xstate.error.actor.registerAccount' ? view.event.error : undefined;
        if (failed instanceof ApiError) expect(screen.getByRole('alert')).toHaveTextContent(busy);
        else if (failed)
          expect(screen.getByRole('alert')).toHaveTextContent(
            'Cannot reach the server. Check your connection and try again.',
          );
      },
      sending: (view) => {
        expect(createAccount()).toBeDisabled();
        // spec 5 and 7: the address is sent trimmed, with both choices.
        const [call] = view.network.pending('POST /auth/guest/register');
        expect(call?.form).toMatchObject({ login: 'ada@example.com', offer: 'false', subscription: 'true' });
      },
      pending: () => {
        expect(screen.getByRole('heading', { name: 'Confirm your e-mail' })).toBeInTheDocument();
        expect(screen.getByText('ada@example.com')).toBeInTheDocument();
      },
    },
  });
});
