import { assign, setup } from 'xstate';
import type { NotificationSettings } from '../../../contracts/notifications.schema.ts';
import { DEFAULT_NOTIFICATION_SETTINGS } from '../../../contracts/notifications.ts';
import { type RequestFailure, toRequestFailure } from '../common/request-error.ts';
import { loadNotificationsActor, saveNotificationsActor } from './notifications.actors.ts';

export interface NotificationsContext {
  /** What the server holds. */
  saved: NotificationSettings;
  /** What the controls show: the saved settings, or the change being sent. */
  shown: NotificationSettings;
  error: RequestFailure | null;
}

export type NotificationsEvent =
  | { type: 'notifications.change'; settings: Partial<NotificationSettings> }
  | { type: 'notifications.reload' };

/** What a settled section (idle or just saved) does with a change or a reload. */
const settled = {
  'notifications.change': {
    target: '#notifications.ready.saving',
    actions: {
      type: 'showChange',
      params: ({ event }: { event: { settings: Partial<NotificationSettings> } }) => event.settings,
    },
  },
  // After an outage, or when the tab comes back, the settings may have changed elsewhere.
  'notifications.reload': '#notifications.loading',
} as const;

/**
 * Settings > Notifications: loads the user's alert settings; each change of a control is saved at
 * once (the controls are disabled while it is sent), confirmed "Saved", or undone with the error on failure.
 */
export const notificationsMachine = setup({
  types: { context: {} as NotificationsContext, events: {} as NotificationsEvent },
  actors: { loadNotifications: loadNotificationsActor, saveNotifications: saveNotificationsActor },
  actions: {
    keepSaved: assign((_, saved: NotificationSettings) => ({ saved, shown: saved, error: null })),
    showChange: assign(({ context }, change: Partial<NotificationSettings>) => ({
      shown: { ...context.saved, ...change },
      error: null,
    })),
    // The controls go back to what the server holds, so they never show a setting that was not saved.
    undoChange: assign(({ context }, error: RequestFailure) => ({ shown: context.saved, error })),
    keepError: assign((_, error: RequestFailure) => ({ error })),
  },
}).createMachine({
  id: 'notifications',
  context: { saved: DEFAULT_NOTIFICATION_SETTINGS, shown: DEFAULT_NOTIFICATION_SETTINGS, error: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadNotifications',
        src: 'loadNotifications',
        onDone: { target: 'ready', actions: { type: 'keepSaved', params: ({ event }) => event.output } },
        onError: {
          target: 'failed',
          actions: { type: 'keepError', params: ({ event }) => toRequestFailure(event.error) },
        },
      },
    },
    failed: { on: { 'notifications.reload': 'loading' } },
    ready: {
      initial: 'idle',
      states: {
        idle: { on: settled },
        // The controls are disabled meanwhile: no change or reload reaches this state.
        saving: {
          invoke: {
            id: 'saveNotifications',
            src: 'saveNotifications',
            input: ({ context }) => context.shown,
            onDone: { target: 'saved', actions: { type: 'keepSaved', params: ({ event }) => event.output } },
            onError: {
              target: 'idle',
              actions: { type: 'undoChange', params: ({ event }) => toRequestFailure(event.error) },
            },
          },
        },
        // "Saved" shows until the next change.
        saved: { on: settled },
      },
    },
  },
});
