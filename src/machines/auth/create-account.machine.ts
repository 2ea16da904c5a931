import { assertEvent, assign, setup } from 'xstate';
import { toRequestFailure } from '../common/request-error.ts';
import { type FieldErrors, hasErrors, validateAccount, withoutError } from './auth-validation.ts';
import { type AccountInput, saveAccount } from './create-account.actors.ts';

/* The last form of the registration path (see registration.machine.ts): name, last name, workspace -> My NODR. */

type Field = 'name' | 'surname' | 'workspace';
type Account = Pick<AccountInput, Field>;

export interface CreateAccountContext {
  /** From the session check that guards /createAccount. */
  userId: number;
  teamId: number;
  account: Account;
  errors: FieldErrors<Field>;
}

type SubmitEvent = { type: 'account.submit' } & Account;
export type CreateAccountEvent = SubmitEvent | { type: 'account.edit'; field: Field };

const trimmed = (event: CreateAccountEvent): Account => {
  assertEvent(event, 'account.submit');
  return { name: event.name.trim(), surname: event.surname.trim(), workspace: event.workspace.trim() };
};

export const createAccountMachine = setup({
  types: {
    context: {} as CreateAccountContext,
    events: {} as CreateAccountEvent,
    input: {} as { userId: number; teamId: number },
  },
  actors: { saveAccount },
  actions: {
    // Navigation is the app's (STYLE 3).
    goToMyNodr: () => {},
    keepAccount: assign({ account: ({ event }) => trimmed(event), errors: {} }),
    showErrors: assign({ errors: ({ event }) => validateAccount(trimmed(event)) }),
    clearFieldError: assign({
      errors: ({ context, event }) => {
        assertEvent(event, 'account.edit');
        return withoutError(context.errors, event.field);
      },
    }),
    showFailure: assign((_, message: string) => ({ errors: { form: message } })),
  },
  guards: {
    formIsValid: ({ event }) =>
      event.type === 'account.submit' && !hasErrors(validateAccount(trimmed(event))),
  },
}).createMachine({
  id: 'createAccount',
  context: ({ input }) => ({
    userId: input.userId,
    teamId: input.teamId,
    account: { name: '', surname: '', workspace: '' },
    errors: {},
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'account.submit': [
          { guard: 'formIsValid', target: 'saving', actions: 'keepAccount' },
          { actions: 'showErrors' },
        ],
        'account.edit': { actions: 'clearFieldError' },
      },
    },
    saving: {
      invoke: {
        id: 'saveAccount',
        src: 'saveAccount',
        input: ({ context }) => ({ userId: context.userId, teamId: context.teamId, ...context.account }),
        onDone: 'done',
        onError: {
          target: 'editing',
          actions: { type: 'showFailure', params: ({ event }) => toRequestFailure(event.error).message },
        },
      },
    },
    done: { type: 'final', entry: 'goToMyNodr' },
  },
});
