import { assign, setup } from 'xstate';
import type { InvitationLinkBody } from '../../../contracts/team-body.schema.ts';
import { TEAM_ERRORS } from '../../../contracts/team-body.ts';
import type { User } from '../../api/auth.ts';
import { type RequestFailure, toRequestFailure } from '../common/request-error.ts';
import {
  acceptInvitationActor,
  declineInvitationActor,
  inspectInvitationActor,
  signOutActor,
  whoIsSignedInActor,
} from './invitation.actors.ts';

export interface InvitationInput {
  hash: string;
  /** Whether this browser holds a session token: only then is the session checked. */
  hasToken: boolean;
}

export interface InvitationContext extends InvitationInput {
  invitation: InvitationLinkBody | null;
  /** The address signed in on this browser, once the session check answered. */
  signedInAs: string | null;
  error: RequestFailure | null;
}

export type InvitationEvent =
  | { type: 'invitation.retry' }
  | { type: 'invitation.accept' }
  | { type: 'invitation.decline' }
  | { type: 'invitation.signOut' }
  /** The signed-out person follows "Sign in" or "Create an account": the link is kept for after. */
  | { type: 'invitation.continue' };

const errorOf = ({ event }: { event: { error: unknown } }) => event.error;
const codeOf = (error: unknown) => toRequestFailure(error).code;

/**
 * The invitation link page (/invitation?hash=…): reads the invitation, then who is signed in. The invited
 * address accepts or declines; another signed-in address is told so and may sign out; a signed-out person is sent
 * through sign-in or the registration path with the link kept (`rememberInvitation`), and the app accepts once they
 * are signed in. Navigation and storage are given with `.provide()` (STYLE 3).
 */
export const invitationMachine = setup({
  types: {
    context: {} as InvitationContext,
    events: {} as InvitationEvent,
    input: {} as InvitationInput,
  },
  actors: {
    inspect: inspectInvitationActor,
    whoIsSignedIn: whoIsSignedInActor,
    accept: acceptInvitationActor,
    decline: declineInvitationActor,
    signOut: signOutActor,
  },
  actions: {
    keepInvitation: assign((_, invitation: InvitationLinkBody) => ({ invitation })),
    keepSignedIn: assign((_, user: User) => ({ signedInAs: user.email })),
    keepError: assign((_, error: unknown) => ({ error: toRequestFailure(error) })),
    clearError: assign({ error: null }),
    forgetSession: assign({ signedInAs: null, hasToken: false }),
    clearToken: () => {},
    rememberInvitation: () => {},
    /** The person is in the team: the app reloads the session (the team is now the current workspace). */
    enterTeam: () => {},
  },
  guards: {
    hasToken: ({ context }) => context.hasToken,
    isGone: (_, error: unknown) =>
      codeOf(error) === TEAM_ERRORS.invitationGone.error || codeOf(error) === 'not_found',
    isOtherAddress: (_, error: unknown) => codeOf(error) === TEAM_ERRORS.otherAddress.error,
    // Addresses compare without case: the server keeps them lower-case (spec 5).
    isSignedIn: ({ context }) => context.signedInAs !== null,
    isForMe: ({ context }, user: User) =>
      user.email.toLowerCase() === context.invitation?.email.toLowerCase(),
  },
}).createMachine({
  id: 'invitation',
  context: ({ input }) => ({ ...input, invitation: null, signedInAs: null, error: null }),
  initial: 'inspecting',
  states: {
    inspecting: {
      invoke: {
        id: 'inspect',
        src: 'inspect',
        input: ({ context }) => ({ hash: context.hash }),
        onDone: [
          {
            guard: 'hasToken',
            target: 'checkingSession',
            actions: { type: 'keepInvitation', params: ({ event }) => event.output },
          },
          { target: 'signedOut', actions: { type: 'keepInvitation', params: ({ event }) => event.output } },
        ],
        onError: [
          { guard: { type: 'isGone', params: errorOf }, target: 'gone' },
          { target: 'failed', actions: { type: 'keepError', params: errorOf } },
        ],
      },
    },
    // The link could not be read for want of a connection or a server fault: the person may try again.
    failed: {
      on: { 'invitation.retry': { target: 'inspecting', actions: 'clearError' } },
    },
    checkingSession: {
      invoke: {
        id: 'whoIsSignedIn',
        src: 'whoIsSignedIn',
        onDone: [
          {
            guard: { type: 'isForMe', params: ({ event }) => event.output },
            target: 'forYou',
            actions: { type: 'keepSignedIn', params: ({ event }) => event.output },
          },
          { target: 'otherAddress', actions: { type: 'keepSignedIn', params: ({ event }) => event.output } },
        ],
        // A stale or revoked token: the person is treated as signed out.
        onError: 'signedOut',
      },
    },
    forYou: {
      on: {
        'invitation.accept': { target: 'accepting', actions: 'clearError' },
        'invitation.decline': { target: 'declining', actions: 'clearError' },
      },
    },
    accepting: {
      invoke: {
        id: 'accept',
        src: 'accept',
        input: ({ context }) => ({ hash: context.hash }),
        onDone: { target: 'accepted', actions: 'enterTeam' },
        onError: [
          { guard: { type: 'isGone', params: errorOf }, target: 'gone' },
          { guard: { type: 'isOtherAddress', params: errorOf }, target: 'otherAddress' },
          { target: 'forYou', actions: { type: 'keepError', params: errorOf } },
        ],
      },
    },
    declining: {
      invoke: {
        id: 'decline',
        src: 'decline',
        input: ({ context }) => ({ hash: context.hash }),
        onDone: 'declined',
        onError: [
          // Declining by link needs no session, so it is never refused for another address.
          { guard: { type: 'isGone', params: errorOf }, target: 'gone' },
          { guard: 'isSignedIn', target: 'forYou', actions: { type: 'keepError', params: errorOf } },
          { target: 'signedOut', actions: { type: 'keepError', params: errorOf } },
        ],
      },
    },
    // Signed in with another address: TEAM_ERRORS.otherAddress, and a way to sign out.
    otherAddress: {
      on: { 'invitation.signOut': { target: 'signingOut', actions: 'clearError' } },
    },
    signingOut: {
      invoke: {
        id: 'signOut',
        src: 'signOut',
        onDone: { target: 'signedOut', actions: ['clearToken', 'forgetSession'] },
        onError: { target: 'otherAddress', actions: { type: 'keepError', params: errorOf } },
      },
    },
    // The link proves the mailbox: a signed-out person may decline without an account (docs/api-teams.md).
    signedOut: {
      on: {
        'invitation.continue': { actions: 'rememberInvitation' },
        'invitation.decline': { target: 'declining', actions: 'clearError' },
      },
    },
    accepted: { type: 'final' },
    declined: { type: 'final' },
    gone: { type: 'final' },
  },
});
