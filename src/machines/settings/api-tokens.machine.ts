import { assertEvent, assign, setup } from 'xstate';
import type {
  ApiTokenBody,
  CreateApiTokenBody,
  CreatedApiTokenBody,
} from '../../../contracts/api-tokens.schema.ts';
import { API_TOKEN_ERRORS, API_TOKEN_LIMITS, type ApiTokenScope } from '../../../contracts/api-tokens.ts';
import { hasInvisibleCharacters, INVISIBLE_CHARACTERS } from '../../../contracts/visible-text.ts';
import { authMessages } from '../auth/auth-validation.ts';
import { type RequestFailure, toRequestFailure } from '../common/request-error.ts';
import { createApiTokenActor, listApiTokensActor, revokeApiTokenActor } from './api-tokens.actors.ts';

/** The create form: a name, a scope, days until expiry (null: never) and the current password. */
export interface TokenDraft {
  name: string;
  scope: ApiTokenScope;
  expiresInDays: number | null;
  password: string;
}

export interface ApiTokensContext {
  /** The team new tokens act in: the current workspace. */
  teamId: number;
  tokens: ApiTokenBody[];
  draft: TokenDraft;
  nameError: string | null;
  /** 'Required field', or the server's 'Incorrect password', under the password field. */
  passwordError: string | null;
  /** The token just created, with its secret: shown once, forgotten when the person is done with it. */
  created: CreatedApiTokenBody | null;
  /** The token the person is revoking, while they confirm and while the call runs. */
  revokeId: number | null;
  error: RequestFailure | null;
}

export type ApiTokensEvent =
  | { type: 'tokens.retry' }
  | { type: 'tokens.edit'; draft: Partial<TokenDraft> }
  | { type: 'tokens.create' }
  | { type: 'tokens.hide' }
  | { type: 'tokens.ask'; id: number }
  | { type: 'tokens.confirm' }
  | { type: 'tokens.dismiss' };

const EMPTY_DRAFT: TokenDraft = { name: '', scope: 'read', expiresInDays: 90, password: '' };

/** The refusal of a wrong current password (server/accounts/profile-common.ts), shown under the password field. */
const INCORRECT_PASSWORD = 'incorrect_password';

/** The name rule of contracts/api-tokens.ts, checked before the call so the message sits under the field. */
function nameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed === '') return API_TOKEN_ERRORS.nameRequired.message;
  if (trimmed.length > API_TOKEN_LIMITS.nameLength) return API_TOKEN_ERRORS.nameTooLong.message;
  if (hasInvisibleCharacters(trimmed)) return INVISIBLE_CHARACTERS.name.message;
  return null;
}

function requestOf(context: ApiTokensContext): CreateApiTokenBody {
  const { name, scope, expiresInDays, password } = context.draft;
  return {
    name: name.trim(),
    teamId: context.teamId,
    scope,
    password,
    ...(expiresInDays === null ? {} : { expiresInDays }),
  };
}

/**
 * Settings > API tokens: lists the person's tokens, creates one with the current password (its secret
 * shown once, until the person says they are done), and revokes one after a confirmation. A failed call keeps the list and says why.
 */
export const apiTokensMachine = setup({
  types: {
    context: {} as ApiTokensContext,
    events: {} as ApiTokensEvent,
    input: {} as { teamId: number },
  },
  actors: {
    listTokens: listApiTokensActor,
    createToken: createApiTokenActor,
    revokeToken: revokeApiTokenActor,
  },
  actions: {
    keepTokens: assign((_, tokens: ApiTokenBody[]) => ({ tokens, error: null })),
    keepError: assign((_, error: RequestFailure) => ({ error })),
    editDraft: assign(({ context, event }) => {
      assertEvent(event, 'tokens.edit');
      return {
        draft: { ...context.draft, ...event.draft },
        nameError: null,
        passwordError: null,
        error: null,
      };
    }),
    showDraftProblems: assign(({ context }) => ({
      nameError: nameProblem(context.draft.name),
      // spec 5: 'Required field' for an empty password.
      passwordError: context.draft.password === '' ? authMessages.required : null,
    })),
    // A wrong password is said under its field and emptied, as the e-mail change does; anything else under the form.
    keepCreateFailure: assign(({ context }, failure: RequestFailure) =>
      failure.code === INCORRECT_PASSWORD
        ? { passwordError: failure.message, draft: { ...context.draft, password: '' } }
        : { error: failure },
    ),
    keepCreated: assign(({ context }, created: CreatedApiTokenBody) => {
      const { token: _secret, ...listed } = created;
      return { created, tokens: [...context.tokens, listed], draft: EMPTY_DRAFT, error: null };
    }),
    forgetCreated: assign({ created: null }),
    keepRevokeId: assign({
      revokeId: ({ event }) => {
        assertEvent(event, 'tokens.ask');
        return event.id;
      },
      error: null,
    }),
    clearRevokeId: assign({ revokeId: null }),
    dropRevoked: assign(({ context }) => ({
      tokens: context.tokens.filter((token) => token.id !== context.revokeId),
      revokeId: null,
      error: null,
    })),
  },
  guards: {
    draftValid: ({ context }) => nameProblem(context.draft.name) === null && context.draft.password !== '',
  },
}).createMachine({
  id: 'apiTokens',
  context: ({ input }) => ({
    teamId: input.teamId,
    tokens: [],
    draft: EMPTY_DRAFT,
    nameError: null,
    passwordError: null,
    created: null,
    revokeId: null,
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'listTokens',
        src: 'listTokens',
        onDone: { target: 'ready', actions: { type: 'keepTokens', params: ({ event }) => event.output } },
        onError: {
          target: 'failed',
          actions: { type: 'keepError', params: ({ event }) => toRequestFailure(event.error) },
        },
      },
    },
    failed: {
      on: { 'tokens.retry': 'loading' },
    },
    ready: {
      on: {
        'tokens.edit': { actions: 'editDraft' },
        'tokens.create': [{ guard: 'draftValid', target: 'creating' }, { actions: 'showDraftProblems' }],
        'tokens.ask': { target: 'confirming', actions: 'keepRevokeId' },
        // The event stream is back after an outage; the list (its "last used") may be stale.
        'tokens.retry': 'loading',
      },
    },
    creating: {
      invoke: {
        id: 'createToken',
        src: 'createToken',
        input: ({ context }) => requestOf(context),
        onDone: { target: 'shown', actions: { type: 'keepCreated', params: ({ event }) => event.output } },
        onError: {
          target: 'ready',
          actions: { type: 'keepCreateFailure', params: ({ event }) => toRequestFailure(event.error) },
        },
      },
    },
    // The secret is on screen; it leaves memory when the person says they have copied it.
    shown: {
      on: { 'tokens.hide': { target: 'ready', actions: 'forgetCreated' } },
    },
    confirming: {
      on: {
        'tokens.confirm': 'revoking',
        'tokens.dismiss': { target: 'ready', actions: 'clearRevokeId' },
        'tokens.ask': { target: 'confirming', actions: 'keepRevokeId' },
      },
    },
    revoking: {
      invoke: {
        id: 'revokeToken',
        src: 'revokeToken',
        input: ({ context }) => ({ id: context.revokeId ?? 0 }),
        onDone: { target: 'ready', actions: 'dropRevoked' },
        onError: {
          target: 'ready',
          actions: [
            'clearRevokeId',
            { type: 'keepError', params: ({ event }) => toRequestFailure(event.error) },
          ],
        },
      },
    },
  },
});
