import { assertEvent, assign, setup } from 'xstate';
import { accountMessages, isPasswordTooShort } from '../../../contracts/account-rules.ts';
import { authMessages, type FieldErrors, hasErrors } from '../auth/auth-validation.ts';
import { type RequestFailure, toRequestFailure } from '../common/request-error.ts';
import { changePasswordActor } from './password-change.actors.ts';

export type PasswordField = 'password' | 'newPassword' | 'confirm';

export interface PasswordFields {
  password: string;
  newPassword: string;
  confirm: string;
}

export interface PasswordChangeContext {
  userId: number;
  teamId: number;
  /** Trimmed (spec 5), kept for the request. */
  fields: PasswordFields;
  errors: FieldErrors<PasswordField>;
  /** spec 8: the error code of the last failed change. */
  errorCode: string | null;
}

export type PasswordChangeEvent =
  | { type: 'password.toggle' }
  | { type: 'password.edit'; field: PasswordField }
  | ({ type: 'password.submit' } & PasswordFields);

export const passwordMessages = {
  allRequired: authMessages.allRequired,
  minPassword: authMessages.minPassword,
  mismatch: authMessages.mismatch,
  incorrect: accountMessages.incorrectPassword,
} as const;

const trimmed = (fields: PasswordFields): PasswordFields => ({
  password: fields.password.trim(),
  newPassword: fields.newPassword.trim(),
  confirm: fields.confirm.trim(),
});

/** spec 5, change password: all three required, the new one at least 6 symbols, the retype equal. Trimmed input. */
export function validatePasswordChange(input: PasswordFields): FieldErrors<PasswordField> {
  const fields = trimmed(input);
  if (fields.password === '' || fields.newPassword === '' || fields.confirm === '') {
    return { form: passwordMessages.allRequired };
  }
  const errors: FieldErrors<PasswordField> = {};
  if (isPasswordTooShort(fields.newPassword)) errors.newPassword = passwordMessages.minPassword;
  if (fields.confirm !== fields.newPassword) errors.confirm = passwordMessages.mismatch;
  return errors;
}

/** spec 8: a rejected current password reads 'Incorrect password' under that field; other failures say what happened. */
function failureErrors(failure: RequestFailure): FieldErrors<PasswordField> {
  if (failure.code === 'incorrect_password') return { password: passwordMessages.incorrect };
  return { form: failure.message };
}

const submitted = (event: PasswordChangeEvent): PasswordFields => {
  assertEvent(event, 'password.submit');
  return trimmed(event);
};

/**
 * The change-password section of Settings (spec 2): collapsed behind an arrow; opening or closing clears the form
 * (the screen unmounts the fields); on success 'Password changed successfully' replaces the form and the session is
 * rechecked, which brings the new changePasswordAt.
 */
export const passwordChangeMachine = setup({
  types: {
    context: {} as PasswordChangeContext,
    events: {} as PasswordChangeEvent,
    input: {} as { userId: number; teamId: number },
  },
  actors: { changePassword: changePasswordActor },
  actions: {
    /** Given by the screen: re-runs GET v1/check (spec 4). */
    recheckSession: () => {},
    reset: assign({ fields: { password: '', newPassword: '', confirm: '' }, errors: {}, errorCode: null }),
    keepFields: assign({ fields: ({ event }) => submitted(event), errors: {}, errorCode: null }),
    showErrors: assign({ errors: ({ event }) => validatePasswordChange(submitted(event)) }),
    // spec 5: a server rejection clears when any field is edited; a check message clears with its own field.
    clearError: assign(({ context, event }) => {
      if (context.errorCode !== null) return { errors: {}, errorCode: null };
      assertEvent(event, 'password.edit');
      const { [event.field]: _field, form: _form, ...rest } = context.errors;
      return { errors: rest };
    }),
    keepFailure: assign((_, failure: RequestFailure) => ({
      errors: failureErrors(failure),
      errorCode: failure.code,
    })),
  },
  guards: {
    formIsValid: ({ event }) =>
      event.type === 'password.submit' && !hasErrors(validatePasswordChange(submitted(event))),
  },
}).createMachine({
  id: 'passwordChange',
  context: ({ input }) => ({
    userId: input.userId,
    teamId: input.teamId,
    fields: { password: '', newPassword: '', confirm: '' },
    errors: {},
    errorCode: null,
  }),
  initial: 'collapsed',
  states: {
    collapsed: {
      on: { 'password.toggle': { target: 'editing', actions: 'reset' } },
    },
    editing: {
      on: {
        'password.toggle': { target: 'collapsed', actions: 'reset' },
        'password.edit': { actions: 'clearError' },
        'password.submit': [
          { guard: 'formIsValid', target: 'submitting', actions: 'keepFields' },
          { actions: 'showErrors' },
        ],
      },
    },
    // The arrow does nothing while the request runs: the password may already be changing on the server.
    submitting: {
      invoke: {
        id: 'changePassword',
        src: 'changePassword',
        input: ({ context }) => ({ userId: context.userId, teamId: context.teamId, ...context.fields }),
        onDone: { target: 'success', actions: ['reset', 'recheckSession'] },
        onError: {
          target: 'editing',
          actions: { type: 'keepFailure', params: ({ event }) => toRequestFailure(event.error) },
        },
      },
    },
    success: {
      on: { 'password.toggle': { target: 'collapsed', actions: 'reset' } },
    },
  },
});
