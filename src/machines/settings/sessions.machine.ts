import { assertEvent, assign, setup } from 'xstate';
import type { SignedInBrowser } from '../../api/sessions.ts';
import { type RequestFailure, toRequestFailure } from '../common/request-error.ts';
import { listSessionsActor, revokeOtherSessionsActor, revokeSessionActor } from './sessions.actors.ts';

/** What the user asked to sign out: one browser, or every browser but this one. */
export type SignOutTarget = { kind: 'one'; id: number } | { kind: 'others' };

export interface SessionsContext {
  browsers: SignedInBrowser[];
  /** Set while the user confirms or the call is under way. */
  target: SignOutTarget | null;
  error: RequestFailure | null;
}

export type SessionsEvent =
  | { type: 'sessions.retry' }
  | { type: 'sessions.ask'; target: SignOutTarget }
  | { type: 'sessions.confirm' }
  | { type: 'sessions.dismiss' };

function signedOutBy(target: SignOutTarget | null, browser: SignedInBrowser): boolean {
  if (target?.kind === 'others') return !browser.current;
  return target?.kind === 'one' && target.id === browser.id;
}

/**
 * Settings > Sessions: loads the signed-in browsers, then signs one out or all others after the user
 * confirms. A signed-out browser leaves the list at once; a failed call keeps the list and shows why.
 */
export const sessionsMachine = setup({
  types: {
    context: {} as SessionsContext,
    events: {} as SessionsEvent,
  },
  actors: {
    listSessions: listSessionsActor,
    revokeSession: revokeSessionActor,
    revokeOthers: revokeOtherSessionsActor,
  },
  actions: {
    keepBrowsers: assign((_, browsers: SignedInBrowser[]) => ({ browsers, error: null })),
    keepError: assign((_, error: RequestFailure) => ({ error })),
    keepTarget: assign({
      target: ({ event }) => {
        assertEvent(event, 'sessions.ask');
        return event.target;
      },
      error: null,
    }),
    clearTarget: assign({ target: null }),
    dropSignedOut: assign(({ context }) => ({
      browsers: context.browsers.filter((browser) => !signedOutBy(context.target, browser)),
      target: null,
      error: null,
    })),
  },
  guards: {
    signsOutOne: ({ context }) => context.target?.kind === 'one',
  },
}).createMachine({
  id: 'sessions',
  context: { browsers: [], target: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'listSessions',
        src: 'listSessions',
        onDone: { target: 'ready', actions: { type: 'keepBrowsers', params: ({ event }) => event.output } },
        onError: {
          target: 'failed',
          actions: { type: 'keepError', params: ({ event }) => toRequestFailure(event.error) },
        },
      },
    },
    failed: {
      on: { 'sessions.retry': 'loading' },
    },
    ready: {
      on: {
        'sessions.ask': { target: 'confirming', actions: 'keepTarget' },
        // The event stream is back after an outage; the list may be stale.
        'sessions.retry': 'loading',
      },
    },
    // The user sees what will be signed out and confirms, or changes their mind.
    confirming: {
      on: {
        'sessions.confirm': [{ guard: 'signsOutOne', target: 'revokingOne' }, { target: 'revokingOthers' }],
        'sessions.dismiss': { target: 'ready', actions: 'clearTarget' },
        'sessions.ask': { target: 'confirming', actions: 'keepTarget' },
      },
    },
    revokingOne: {
      invoke: {
        id: 'revokeSession',
        src: 'revokeSession',
        input: ({ context }) => ({ id: context.target?.kind === 'one' ? context.target.id : 0 }),
        onDone: { target: 'ready', actions: 'dropSignedOut' },
        onError: {
          target: 'ready',
          actions: [
            'clearTarget',
            { type: 'keepError', params: ({ event }) => toRequestFailure(event.error) },
          ],
        },
      },
    },
    revokingOthers: {
      invoke: {
        id: 'revokeOthers',
        src: 'revokeOthers',
        onDone: { target: 'ready', actions: 'dropSignedOut' },
        onError: {
          target: 'ready',
          actions: [
            'clearTarget',
            { type: 'keepError', params: ({ event }) => toRequestFailure(event.error) },
          ],
        },
      },
    },
  },
});
