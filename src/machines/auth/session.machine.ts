import { assign, setup } from 'xstate';
import type { User } from '../../api/auth.ts';
import { ApiError } from '../../api/client.ts';
import { checkSession, endSession } from './session.actors.ts';

export interface SessionContext {
  /** The signed-in user from the last successful check; TeamsRender[0] is the current workspace (spec 3). */
  user: User | null;
}

export type SessionEvent = { type: 'session.recheck' } | { type: 'session.logout' };

/**
 * spec 4 and 6: the session check before guarded routes. checking -> authenticated (user) | unauthenticated;
 * `session.recheck` runs it again (spec 7: after several actions), `session.logout` ends the session.
 */
export const sessionMachine = setup({
  types: { context: {} as SessionContext, events: {} as SessionEvent, tags: {} as 'checking' },
  actors: { checkSession, endSession },
  actions: {
    // Storage and the page are the app's (STYLE 3).
    clearToken: () => {},
    reloadPage: () => {},
    keepUser: assign((_, user: User) => ({ user })),
    forgetUser: assign({ user: null }),
  },
  guards: {
    // The app provides it from token storage; without a token there is nothing to check.
    hasToken: () => true,
    /** A 401: the session is gone. Anything else (an outage, a server draining with 503) says nothing about it. */
    isSignedOut: (_, error: unknown) => error instanceof ApiError && error.status === 401,
  },
}).createMachine({
  id: 'session',
  context: { user: null },
  initial: 'start',
  states: {
    start: {
      tags: 'checking',
      always: [{ guard: 'hasToken', target: 'checking' }, { target: 'unauthenticated' }],
    },
    checking: {
      tags: 'checking',
      invoke: {
        id: 'checkSession',
        src: 'checkSession',
        onDone: {
          target: 'authenticated',
          actions: { type: 'keepUser', params: ({ event }) => event.output },
        },
        onError: { target: 'unauthenticated', actions: 'forgetUser' },
      },
    },
    authenticated: {
      initial: 'idle',
      states: {
        idle: { on: { 'session.recheck': 'rechecking' } },
        // The user stays on screen while the check runs again.
        rechecking: {
          tags: 'checking',
          invoke: {
            id: 'recheckSession',
            src: 'checkSession',
            onDone: { target: 'idle', actions: { type: 'keepUser', params: ({ event }) => event.output } },
            onError: [
              {
                guard: {
                  type: 'isSignedOut',
                  params: ({ event }: { event: { error: unknown } }) => event.error,
                },
                target: '#session.unauthenticated',
                actions: 'forgetUser',
              },
              // An outage or a restart does not end the session; the reconnecting banner says what is up.
              { target: 'idle' },
            ],
          },
        },
      },
      on: { 'session.logout': 'loggingOut' },
    },
    unauthenticated: { on: { 'session.recheck': 'start' } },
    loggingOut: {
      invoke: { id: 'endSession', src: 'endSession', onDone: 'loggedOut', onError: 'loggedOut' },
    },
    // spec 2: Logout reloads the page; the token goes whether or not the server answered.
    loggedOut: { type: 'final', entry: ['clearToken', 'forgetUser', 'reloadPage'] },
  },
});
