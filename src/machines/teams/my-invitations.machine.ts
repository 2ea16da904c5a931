import { assign, setup } from 'xstate';
import type { MyInvitationBody } from '../../../contracts/team-body.schema.ts';
import { type RequestFailure, toRequestFailure } from '../common/request-error.ts';
import {
  acceptMyInvitationActor,
  declineMyInvitationActor,
  listMyInvitationsActor,
} from './my-invitations.actors.ts';

export interface MyInvitationsContext {
  invitations: MyInvitationBody[];
  /** The invitation a call is under way for. */
  busyId: number | null;
  error: RequestFailure | null;
}

export type MyInvitationsEvent =
  | { type: 'invitations.retry' }
  | { type: 'invitations.accept'; id: number }
  | { type: 'invitations.decline'; id: number };

const errorOf = ({ event }: { event: { error: unknown } }) => event.error;

/**
 * Settings > Invitations: the pending invitations to the user's address, each accepted or declined. An
 * accepted one makes its team the current workspace on the server, so `enterTeam` (given where the machine is
 * used) checks the session again. Whatever the answer, the invitation leaves the list only when the call succeeded.
 */
export const myInvitationsMachine = setup({
  types: {
    context: {} as MyInvitationsContext,
    events: {} as MyInvitationsEvent,
  },
  actors: {
    list: listMyInvitationsActor,
    accept: acceptMyInvitationActor,
    decline: declineMyInvitationActor,
  },
  actions: {
    keepInvitations: assign((_, invitations: MyInvitationBody[]) => ({ invitations, error: null })),
    keepBusy: assign((_, busyId: number) => ({ busyId, error: null })),
    keepError: assign((_, error: unknown) => ({ error: toRequestFailure(error), busyId: null })),
    dropBusy: assign(({ context }) => ({
      invitations: context.invitations.filter((one) => one.id !== context.busyId),
      busyId: null,
    })),
    enterTeam: () => {},
  },
}).createMachine({
  id: 'myInvitations',
  context: { invitations: [], busyId: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'list',
        src: 'list',
        onDone: {
          target: 'ready',
          actions: { type: 'keepInvitations', params: ({ event }) => event.output },
        },
        onError: { target: 'failed', actions: { type: 'keepError', params: errorOf } },
      },
    },
    failed: { on: { 'invitations.retry': 'loading' } },
    ready: {
      on: {
        'invitations.retry': 'loading',
        'invitations.accept': {
          target: 'accepting',
          actions: { type: 'keepBusy', params: ({ event }) => event.id },
        },
        'invitations.decline': {
          target: 'declining',
          actions: { type: 'keepBusy', params: ({ event }) => event.id },
        },
      },
    },
    accepting: {
      invoke: {
        id: 'accept',
        src: 'accept',
        input: ({ context }) => ({ id: context.busyId ?? 0 }),
        onDone: { target: 'ready', actions: ['dropBusy', 'enterTeam'] },
        onError: { target: 'ready', actions: { type: 'keepError', params: errorOf } },
      },
    },
    declining: {
      invoke: {
        id: 'decline',
        src: 'decline',
        input: ({ context }) => ({ id: context.busyId ?? 0 }),
        onDone: { target: 'ready', actions: 'dropBusy' },
        onError: { target: 'ready', actions: { type: 'keepError', params: errorOf } },
      },
    },
  },
});
