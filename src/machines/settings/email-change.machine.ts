import { assertEvent, assign, setup } from 'xstate';
import { EMAIL_CHANGE_STATUS } from '../../../contracts/account-codes.ts';
import { isEmail } from '../../../contracts/account-rules.ts';
import type { User } from '../../api/auth.ts';
import { authMessages, type FieldErrors, hasErrors } from '../auth/auth-validation.ts';
import { type RequestFailure, toRequestFailure } from '../common/request-error.ts';
import { pendingEmailChangeActor, requestEmailChangeActor } from './email-change.actors.ts';
import type { PendingRequestParentEvent } from './pending-request.machine.ts';

type Field = 'email' | 'password';

export interface EmailChangeInput {
  userId: number;
  teamId: number;
  /** spec 3: statusChangeEmail 10 is a pending change. */
  statusChangeEmail: number;
  newChangeEmail: string | null;
}

export interface EmailChangeContext {
  userId: number;
  teamId: number;
  /** The pending new address (spec 2: shown with 'Request in progress'). */
  newEmail: string | null;
  /** Trimmed (spec 5), kept for the request. */
  fields: { email: string; password: string };
  errors: FieldErrors<Field>;
  /** spec 8: the error code of the last failed call. */
  errorCode: string | null;
}

export type EmailChangeEvent =
  | { type: 'email.submit'; email: string; password: string }
  | { type: 'email.edit'; field: Field }
  | PendingRequestParentEvent;

/** spec 5, change e-mail: both fields required ('All fields are required'), the address valid ('Invalid e-mail'). */
export function validateEmailChange(input: { email: string; password: string }): FieldErrors<Field> {
  const email = input.email.trim();
  if (email === '' || input.password.trim() === '') return { form: authMessages.allRequired };
  if (!isEmail(email)) return { email: authMessages.loginEmail };
  return {};
}

/** spec 2: what a resent e-mail change link says. */
const resentNotice = (newEmail: string | null) =>
  `A new confirmation link has been sent to ${newEmail ?? 'the new address'}.`;

const submitted = (event: EmailChangeEvent) => {
  assertEvent(event, 'email.submit');
  return { email: event.email.trim(), password: event.password.trim() };
};

/**
 * E-mail change (spec 2, 4): the form at status 0; after a request the change is pending (status 10 with the new
 * address) and can be resent or revoked (the pending-request child); the session is rechecked after submit, resend
 * and revoke. The link itself is used on its own page (`emailChangeLinkMachine`, the link-confirmation machine).
 */
export const emailChangeMachine = setup({
  types: {
    context: {} as EmailChangeContext,
    events: {} as EmailChangeEvent,
    input: {} as EmailChangeInput,
    children: {} as { pendingRequest: 'pendingRequest' },
  },
  actors: {
    requestChange: requestEmailChangeActor,
    pendingRequest: pendingEmailChangeActor,
  },
  actions: {
    /** Given by the screen: re-runs GET v1/check (spec 4). */
    recheckSession: () => {},
    keepFields: assign({ fields: ({ event }) => submitted(event), errors: {}, errorCode: null }),
    showErrors: assign({ errors: ({ event }) => validateEmailChange(submitted(event)) }),
    clearError: assign(({ context, event }) => {
      assertEvent(event, 'email.edit');
      const { [event.field]: _field, form: _form, ...rest } = context.errors;
      return { errors: rest, errorCode: null };
    }),
    // spec 5/8: the server's message is shown under the password field.
    keepFailure: assign((_, failure: RequestFailure) => ({
      errors: { password: failure.message },
      errorCode: failure.code,
    })),
    keepPending: assign((_, user: User) => ({
      newEmail: user.newChangeEmail,
      fields: { email: '', password: '' },
      errors: {},
      errorCode: null,
    })),
    clearPending: assign({ newEmail: null, errors: {}, errorCode: null }),
  },
  guards: {
    isPending: ({ context }) => context.newEmail !== null,
    formIsValid: ({ event }) =>
      event.type === 'email.submit' && !hasErrors(validateEmailChange(submitted(event))),
  },
}).createMachine({
  id: 'emailChange',
  context: ({ input }) => ({
    userId: input.userId,
    teamId: input.teamId,
    newEmail: input.statusChangeEmail === EMAIL_CHANGE_STATUS.pending ? input.newChangeEmail : null,
    fields: { email: '', password: '' },
    errors: {},
    errorCode: null,
  }),
  initial: 'start',
  states: {
    // spec 2: which view shows depends on statusChangeEmail.
    start: {
      always: [{ guard: 'isPending', target: 'pending' }, { target: 'form' }],
    },
    form: {
      on: {
        'email.edit': { actions: 'clearError' },
        'email.submit': [
          { guard: 'formIsValid', target: 'submitting', actions: 'keepFields' },
          { actions: 'showErrors' },
        ],
      },
    },
    submitting: {
      invoke: {
        id: 'requestChange',
        src: 'requestChange',
        input: ({ context }) => ({ userId: context.userId, teamId: context.teamId, ...context.fields }),
        onDone: {
          target: 'pending',
          actions: [{ type: 'keepPending', params: ({ event }) => event.output }, 'recheckSession'],
        },
        onError: {
          target: 'form',
          actions: { type: 'keepFailure', params: ({ event }) => toRequestFailure(event.error) },
        },
      },
    },
    // 'Request in progress' with Resend and Revoke; a revoke ends the child and the change.
    pending: {
      invoke: {
        id: 'pendingRequest',
        src: 'pendingRequest',
        input: ({ context }) => ({ id: context.userId, resentNotice: resentNotice(context.newEmail) }),
        onDone: { target: 'form', actions: ['clearPending', 'recheckSession'] },
      },
      on: { 'request.resent': { actions: 'recheckSession' } },
    },
  },
});
