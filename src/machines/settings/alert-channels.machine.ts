import { assertEvent, assign, setup } from 'xstate';
import type {
  AlertChannelBody,
  AlertDeliveryBody,
  CreatedAlertChannelBody,
} from '../../../contracts/alert-channels.ts';
import { type RequestFailure, toRequestFailure } from '../common/request-error.ts';
import {
  type ChannelDraft,
  draftOf,
  draftProblem,
  EMPTY_CHANNEL_DRAFT,
  saveOf,
} from './alert-channel-draft.ts';
import {
  listChannelsActor,
  removeChannelActor,
  rotateSecretActor,
  saveChannelActor,
  switchOnActor,
  testChannelActor,
} from './alert-channels.actors.ts';

/** A webhook's signing secret, on screen once: after creation or rotation. */
export interface ShownSecret {
  name: string;
  secret: string;
}

export interface AlertChannelsContext {
  teamId: number;
  channels: AlertChannelBody[];
  /** The open form: null when closed; `id` null while adding, the channel's id while editing. */
  form: { id: number | null } | null;
  draft: ChannelDraft;
  /** Under the form: a missing field, or the server's refusal (invalid_target, private_target...). */
  formError: string | null;
  secret: ShownSecret | null;
  /** The channel being tested, removed (confirmed first) or given a new secret. */
  busyId: number | null;
  error: RequestFailure | null;
}

export type AlertChannelsEvent =
  | { type: 'channels.retry' }
  | { type: 'channels.add' }
  | { type: 'channels.edit'; id: number }
  | { type: 'channels.change'; draft: Partial<ChannelDraft> }
  | { type: 'channels.save' }
  | { type: 'channels.cancel' }
  | { type: 'channels.test'; id: number }
  | { type: 'channels.ask'; id: number }
  | { type: 'channels.confirm' }
  | { type: 'channels.dismiss' }
  | { type: 'channels.rotate'; id: number }
  | { type: 'channels.switchOn'; id: number }
  | { type: 'channels.hideSecret' };

const busyOf = ({ event }: { event: AlertChannelsEvent }) => {
  assertEvent(event, ['channels.test', 'channels.ask', 'channels.rotate', 'channels.switchOn']);
  return event.id;
};

const oneOf = ({ context }: { context: AlertChannelsContext }) => ({
  teamId: context.teamId,
  id: context.busyId ?? 0,
});

/**
 * Settings > Alerts > Alert channels: lists the team's channels with their last delivery; admins add and edit one in
 * a form, send it a test, remove it after a confirmation, rotate a webhook's secret (shown once), and switch on one
 * switched off after failing for a day. A failed call
 * keeps the list and says why.
 */
export const alertChannelsMachine = setup({
  types: {
    context: {} as AlertChannelsContext,
    events: {} as AlertChannelsEvent,
    input: {} as { teamId: number },
  },
  actors: {
    listChannels: listChannelsActor,
    saveChannel: saveChannelActor,
    testChannel: testChannelActor,
    removeChannel: removeChannelActor,
    rotateSecret: rotateSecretActor,
    switchOn: switchOnActor,
  },
  actions: {
    keepChannels: assign((_, channels: AlertChannelBody[]) => ({ channels, error: null })),
    keepError: assign((_, error: RequestFailure) => ({ error, busyId: null })),
    openAdd: assign({ form: { id: null }, draft: EMPTY_CHANNEL_DRAFT, formError: null, error: null }),
    openEdit: assign(({ context, event }) => {
      assertEvent(event, 'channels.edit');
      const channel = context.channels.find((row) => row.id === event.id);
      return channel
        ? { form: { id: channel.id }, draft: draftOf(channel), formError: null, error: null }
        : {};
    }),
    changeDraft: assign(({ context, event }) => {
      assertEvent(event, 'channels.change');
      return { draft: { ...context.draft, ...event.draft }, formError: null };
    }),
    closeForm: assign({ form: null, draft: EMPTY_CHANNEL_DRAFT, formError: null }),
    showDraftProblem: assign(({ context }) => ({
      formError: draftProblem(context.draft, context.form?.id != null),
    })),
    keepSaved: assign(({ context }, { channel, secret }: CreatedAlertChannelBody) => ({
      channels: context.channels.some((row) => row.id === channel.id)
        ? context.channels.map((row) => (row.id === channel.id ? channel : row))
        : [...context.channels, channel],
      secret: secret === null ? null : { name: channel.name, secret },
      form: null,
      draft: EMPTY_CHANNEL_DRAFT,
      formError: null,
    })),
    keepSaveFailure: assign((_, failure: RequestFailure) => ({ formError: failure.message })),
    keepBusyId: assign({ busyId: busyOf, error: null }),
    clearBusyId: assign({ busyId: null }),
    // The test's first try is the channel's last delivery now.
    keepTestResult: assign(({ context }, delivery: AlertDeliveryBody) => ({
      channels: context.channels.map((row) =>
        row.id === context.busyId ? { ...row, lastDelivery: delivery } : row,
      ),
      busyId: null,
    })),
    dropRemoved: assign(({ context }) => ({
      channels: context.channels.filter((row) => row.id !== context.busyId),
      form: context.form?.id === context.busyId ? null : context.form,
      busyId: null,
    })),
    keepRotated: assign(({ context }, secret: string) => ({
      secret: { name: context.channels.find((row) => row.id === context.busyId)?.name ?? '', secret },
      busyId: null,
    })),
    keepSwitchedOn: assign(({ context }, channel: AlertChannelBody) => ({
      channels: context.channels.map((row) => (row.id === channel.id ? channel : row)),
      busyId: null,
    })),
    hideSecret: assign({ secret: null }),
  },
  guards: {
    draftValid: ({ context }) =>
      context.form !== null && draftProblem(context.draft, context.form.id !== null) === null,
  },
}).createMachine({
  id: 'alertChannels',
  context: ({ input }) => ({
    teamId: input.teamId,
    channels: [],
    form: null,
    draft: EMPTY_CHANNEL_DRAFT,
    formError: null,
    secret: null,
    busyId: null,
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'listChannels',
        src: 'listChannels',
        input: ({ context }) => ({ teamId: context.teamId }),
        onDone: { target: 'ready', actions: { type: 'keepChannels', params: ({ event }) => event.output } },
        onError: {
          target: 'failed',
          actions: { type: 'keepError', params: ({ event }) => toRequestFailure(event.error) },
        },
      },
    },
    failed: {
      on: { 'channels.retry': 'loading' },
    },
    ready: {
      on: {
        'channels.add': { actions: 'openAdd' },
        'channels.edit': { actions: 'openEdit' },
        'channels.change': { actions: 'changeDraft' },
        'channels.cancel': { actions: 'closeForm' },
        'channels.save': [{ guard: 'draftValid', target: 'saving' }, { actions: 'showDraftProblem' }],
        'channels.test': { target: 'testing', actions: 'keepBusyId' },
        'channels.ask': { target: 'confirming', actions: 'keepBusyId' },
        'channels.rotate': { target: 'confirmingRotation', actions: 'keepBusyId' },
        'channels.switchOn': { target: 'switchingOn', actions: 'keepBusyId' },
        'channels.hideSecret': { actions: 'hideSecret' },
        // The event stream is back after an outage; the last deliveries may be stale.
        'channels.retry': 'loading',
      },
    },
    saving: {
      invoke: {
        id: 'saveChannel',
        src: 'saveChannel',
        input: ({ context }) => saveOf(context.teamId, context.form?.id ?? null, context.draft),
        onDone: { target: 'ready', actions: { type: 'keepSaved', params: ({ event }) => event.output } },
        onError: {
          target: 'ready',
          actions: { type: 'keepSaveFailure', params: ({ event }) => toRequestFailure(event.error) },
        },
      },
    },
    testing: {
      invoke: {
        id: 'testChannel',
        src: 'testChannel',
        input: oneOf,
        onDone: { target: 'ready', actions: { type: 'keepTestResult', params: ({ event }) => event.output } },
        onError: {
          target: 'ready',
          actions: { type: 'keepError', params: ({ event }) => toRequestFailure(event.error) },
        },
      },
    },
    confirming: {
      on: {
        'channels.confirm': 'removing',
        'channels.dismiss': { target: 'ready', actions: 'clearBusyId' },
        'channels.ask': { target: 'confirming', actions: 'keepBusyId' },
      },
    },
    // Rotating ends the old secret at once: the receiver refuses deliveries until it has the new one, so it is asked.
    confirmingRotation: {
      on: {
        'channels.confirm': 'rotating',
        'channels.dismiss': { target: 'ready', actions: 'clearBusyId' },
        'channels.rotate': { target: 'confirmingRotation', actions: 'keepBusyId' },
      },
    },
    removing: {
      invoke: {
        id: 'removeChannel',
        src: 'removeChannel',
        input: oneOf,
        onDone: { target: 'ready', actions: 'dropRemoved' },
        onError: {
          target: 'ready',
          actions: { type: 'keepError', params: ({ event }) => toRequestFailure(event.error) },
        },
      },
    },
    // A channel switched off after failing for a day gets alerts again.
    switchingOn: {
      invoke: {
        id: 'switchOn',
        src: 'switchOn',
        input: oneOf,
        onDone: { target: 'ready', actions: { type: 'keepSwitchedOn', params: ({ event }) => event.output } },
        onError: {
          target: 'ready',
          actions: { type: 'keepError', params: ({ event }) => toRequestFailure(event.error) },
        },
      },
    },
    rotating: {
      invoke: {
        id: 'rotateSecret',
        src: 'rotateSecret',
        input: oneOf,
        onDone: { target: 'ready', actions: { type: 'keepRotated', params: ({ event }) => event.output } },
        onError: {
          target: 'ready',
          actions: { type: 'keepError', params: ({ event }) => toRequestFailure(event.error) },
        },
      },
    },
  },
});
