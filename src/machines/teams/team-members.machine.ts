import { assertEvent, assign, setup } from 'xstate';
import type { InvitationBody, TeamMemberBody, TeamMembersBody } from '../../../contracts/team-body.schema.ts';
import { validateEmail } from '../auth/auth-validation.ts';
import { type RequestFailure, toRequestFailure } from '../common/request-error.ts';
import {
  changeRoleActor,
  inviteActor,
  loadTeamActor,
  removeActor,
  renameActor,
  resendActor,
  revokeActor,
} from './team-members.actors.ts';

/** What the person asked for that needs a "are you sure" first. */
export type TeamConfirm = { kind: 'remove'; userId: number } | { kind: 'leave' };

export interface TeamMembersInput {
  teamId: number;
  /** The signed-in user: leaving removes this member. */
  selfId: number;
}

export interface TeamMembersContext extends TeamMembersInput {
  team: TeamMembersBody | null;
  confirm: TeamConfirm | null;
  /** The form's own message (an address that is no address), shown under the e-mail field. */
  emailError: string | null;
  /** The last refusal, with the contract's message (contracts/team-body.ts TEAM_ERRORS). */
  error: RequestFailure | null;
  /** Which row a call is under way for (an invitation id or a member id), so only that row shows it. */
  busyId: number | null;
  /** How many invitations were sent from this screen: the form empties after each. */
  invited: number;
}

export type TeamMembersEvent =
  | { type: 'team.retry' }
  | { type: 'team.invite'; email: string; role: number }
  | { type: 'team.resend'; id: number }
  | { type: 'team.revoke'; id: number }
  | { type: 'team.changeRole'; userId: number; role: number }
  | { type: 'team.ask'; confirm: TeamConfirm }
  | { type: 'team.confirm' }
  | { type: 'team.dismiss' }
  | { type: 'team.rename'; name: string };

const errorOf = ({ event }: { event: { error: unknown } }) => event.error;

const failed = { target: 'ready' as const, actions: [{ type: 'keepError' as const, params: errorOf }] };

/** Removing or leaving failed: the confirmation closes and the refusal shows. */
const failedConfirm = {
  target: 'ready' as const,
  actions: ['clearConfirm' as const, { type: 'keepError' as const, params: errorOf }],
};

const withTeam = (
  context: TeamMembersContext,
  change: (team: TeamMembersBody) => Partial<TeamMembersBody>,
) => (context.team ? { ...context.team, ...change(context.team) } : null);

/**
 * Settings > Team: loads the members and pending invitations of the current team, then lets an admin
 * invite, resend, revoke, change a role, remove a member or rename the team, and any member leave it. One call at a
 * time; a refusal keeps the list and shows the contract's message. Leaving ends in 'left' (the session must be
 * checked again: the team is no longer the user's).
 */
export const teamMembersMachine = setup({
  types: {
    context: {} as TeamMembersContext,
    events: {} as TeamMembersEvent,
    input: {} as TeamMembersInput,
  },
  actors: {
    loadTeam: loadTeamActor,
    invite: inviteActor,
    resend: resendActor,
    revoke: revokeActor,
    changeRole: changeRoleActor,
    remove: removeActor,
    rename: renameActor,
  },
  actions: {
    keepTeam: assign((_, team: TeamMembersBody) => ({ team, error: null })),
    keepError: assign((_, error: unknown) => ({ error: toRequestFailure(error), busyId: null })),
    clearMessages: assign({ error: null, emailError: null }),
    rejectEmail: assign(({ event }) => {
      assertEvent(event, 'team.invite');
      return { emailError: validateEmail({ email: event.email.trim() }).email ?? null, error: null };
    }),
    keepBusy: assign((_, busyId: number) => ({ busyId, error: null })),
    keepConfirm: assign(({ event }) => {
      assertEvent(event, 'team.ask');
      return { confirm: event.confirm, error: null };
    }),
    clearConfirm: assign({ confirm: null }),
    addInvitation: assign(({ context }, invitation: InvitationBody) => ({
      team: withTeam(context, (team) => ({ invitations: [...team.invitations, invitation] })),
      emailError: null,
      invited: context.invited + 1,
    })),
    replaceInvitation: assign(({ context }, invitation: InvitationBody) => ({
      team: withTeam(context, (team) => ({
        invitations: team.invitations.map((one) => (one.id === invitation.id ? invitation : one)),
      })),
      busyId: null,
    })),
    dropInvitation: assign(({ context }) => ({
      team: withTeam(context, (team) => ({
        invitations: team.invitations.filter((one) => one.id !== context.busyId),
      })),
      busyId: null,
    })),
    replaceMember: assign(({ context }, member: TeamMemberBody) => ({
      team: withTeam(context, (team) => ({
        members: team.members.map((one) => (one.userId === member.userId ? member : one)),
      })),
      busyId: null,
    })),
    dropMember: assign(({ context }) => ({
      team: withTeam(context, (team) => ({
        members: team.members.filter((one) => one.userId !== context.busyId),
      })),
      busyId: null,
      confirm: null,
    })),
    keepName: assign(({ context }, name: string) => ({ team: withTeam(context, () => ({ name })) })),
  },
  guards: {
    isEmailValid: ({ event }) => {
      assertEvent(event, 'team.invite');
      return validateEmail({ email: event.email.trim() }).email === undefined;
    },
    confirmsLeave: ({ context }) => context.confirm?.kind === 'leave',
  },
}).createMachine({
  id: 'teamMembers',
  context: ({ input }) => ({
    ...input,
    team: null,
    confirm: null,
    emailError: null,
    error: null,
    busyId: null,
    invited: 0,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadTeam',
        src: 'loadTeam',
        input: ({ context }) => ({ teamId: context.teamId }),
        onDone: { target: 'ready', actions: { type: 'keepTeam', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'keepError', params: errorOf } },
      },
    },
    failed: {
      on: { 'team.retry': 'loading' },
    },
    ready: {
      on: {
        // The event stream is back after an outage; the list may be stale.
        'team.retry': 'loading',
        'team.invite': [
          { guard: 'isEmailValid', target: 'inviting', actions: 'clearMessages' },
          { actions: 'rejectEmail' },
        ],
        'team.resend': {
          target: 'resending',
          actions: { type: 'keepBusy', params: ({ event }) => event.id },
        },
        'team.revoke': {
          target: 'revoking',
          actions: { type: 'keepBusy', params: ({ event }) => event.id },
        },
        'team.changeRole': {
          target: 'changingRole',
          actions: { type: 'keepBusy', params: ({ event }) => event.userId },
        },
        'team.ask': { target: 'confirming', actions: 'keepConfirm' },
        'team.rename': { target: 'renaming', actions: 'clearMessages' },
      },
    },
    // Removing a member or leaving cannot be undone by the person who did it: they confirm first.
    confirming: {
      on: {
        'team.confirm': [
          { guard: 'confirmsLeave', target: 'leaving' },
          {
            target: 'removing',
            actions: {
              type: 'keepBusy',
              params: ({ context }) => (context.confirm?.kind === 'remove' ? context.confirm.userId : 0),
            },
          },
        ],
        'team.dismiss': { target: 'ready', actions: 'clearConfirm' },
      },
    },
    inviting: {
      invoke: {
        id: 'invite',
        src: 'invite',
        input: ({ context, event }) => {
          assertEvent(event, 'team.invite');
          return { teamId: context.teamId, email: event.email.trim(), role: event.role };
        },
        onDone: { target: 'ready', actions: { type: 'addInvitation', params: ({ event }) => event.output } },
        onError: failed,
      },
    },
    resending: {
      invoke: {
        id: 'resend',
        src: 'resend',
        input: ({ context }) => ({ teamId: context.teamId, id: context.busyId ?? 0 }),
        onDone: {
          target: 'ready',
          actions: { type: 'replaceInvitation', params: ({ event }) => event.output },
        },
        onError: failed,
      },
    },
    revoking: {
      invoke: {
        id: 'revoke',
        src: 'revoke',
        input: ({ context }) => ({ teamId: context.teamId, id: context.busyId ?? 0 }),
        onDone: { target: 'ready', actions: 'dropInvitation' },
        onError: failed,
      },
    },
    changingRole: {
      invoke: {
        id: 'changeRole',
        src: 'changeRole',
        input: ({ context, event }) => {
          assertEvent(event, 'team.changeRole');
          return { teamId: context.teamId, userId: context.busyId ?? 0, role: event.role };
        },
        onDone: { target: 'ready', actions: { type: 'replaceMember', params: ({ event }) => event.output } },
        onError: failed,
      },
    },
    removing: {
      invoke: {
        id: 'remove',
        src: 'remove',
        input: ({ context }) => ({ teamId: context.teamId, userId: context.busyId ?? 0 }),
        onDone: { target: 'ready', actions: 'dropMember' },
        onError: failedConfirm,
      },
    },
    leaving: {
      invoke: {
        id: 'leave',
        src: 'remove',
        input: ({ context }) => ({ teamId: context.teamId, userId: context.selfId }),
        onDone: 'left',
        onError: failedConfirm,
      },
    },
    renaming: {
      invoke: {
        id: 'rename',
        src: 'rename',
        input: ({ context, event }) => {
          assertEvent(event, 'team.rename');
          return { teamId: context.teamId, name: event.name.trim() };
        },
        onDone: {
          target: 'ready',
          actions: { type: 'keepName', params: ({ event }) => event.output.name },
        },
        onError: failed,
      },
    },
    // The caller is no longer a member: the screen checks the session again (another team becomes current).
    left: { type: 'final' },
  },
});
