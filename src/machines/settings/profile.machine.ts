import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { User, UserUpdate } from '../../api/auth.ts';
import type { UserFields } from '../../api/settings.ts';
import { type FieldErrors, hasErrors, withoutError } from '../auth/auth-validation.ts';
import { type RequestFailure, toRequestFailure } from '../common/request-error.ts';
import { saveProfileActor } from './profile.actors.ts';
import { type ProfileDetails, trimProfile, validateProfile } from './profile-rules.ts';

export type ProfileField = keyof ProfileDetails;

export interface ProfileContext {
  /** What the details form shows: as typed, then as saved. */
  details: ProfileDetails;
  errors: FieldErrors<ProfileField>;
  /** spec 8: the error code of the last failed save. */
  errorCode: string | null;
}

export type ProfileEvent =
  | { type: 'profile.open' }
  | { type: 'profile.edit'; field: ProfileField; value: string }
  | { type: 'profile.save'; user: UserFields }
  | { type: 'profile.pick'; user: UserFields; image: string }
  | { type: 'profile.cancel' };

const detailsOf = (user: Pick<User, ProfileField>): ProfileDetails => ({
  name: user.name,
  surname: user.surname,
  phone: user.phone,
});

/**
 * What a save event sends: the typed details trimmed (spec 5), or the picked image's index as a string, over the user
 * as the session holds it when it is sent (spec 7: the full user).
 */
function changeOf(context: ProfileContext, event: ProfileEvent): { user: UserFields; change: UserUpdate } {
  if (event.type === 'profile.pick') return { user: event.user, change: { image: event.image } };
  assertEvent(event, 'profile.save');
  return { user: event.user, change: trimProfile(context.details) };
}

// Typing, saving and picking work alike in every state that is not sending a change.
const changes = {
  'profile.edit': { target: 'editing', actions: 'keepDraft' },
  'profile.save': [
    { guard: 'changeIsValid', target: 'saving', actions: 'clearErrors' },
    { target: 'editing', actions: 'showErrors' },
  ],
  'profile.pick': { target: 'saving', actions: 'clearErrors' },
} as const;

/**
 * The profile sections of Settings (spec 2, Settings 1 and 2): the details form and the profile image, one actor
 * each. A save sends the full user with the change, then rechecks the session so the header shows it (spec 4), and
 * only then reads as saved (the image modal closes); a failure keeps what was typed and says why.
 */
export const profileMachine = setup({
  types: {
    context: {} as ProfileContext,
    events: {} as ProfileEvent,
    input: {} as { user: Pick<User, ProfileField> },
  },
  actors: {
    saveProfile: saveProfileActor,
    /** Given by the screen: re-runs GET v1/check and settles once the session holds the saved user (spec 4). */
    recheckSession: fromPromise<void>(async () => {}),
  },
  actions: {
    keepDraft: assign(({ context, event }) => {
      assertEvent(event, 'profile.edit');
      const { field, value } = event;
      return {
        details: { ...context.details, [field]: value },
        errors: withoutError(context.errors, field),
        errorCode: null,
      };
    }),
    // spec 5: 'Maximum 30 symbols' and the phone's characters, under their fields.
    showErrors: assign({ errors: ({ context }) => validateProfile(trimProfile(context.details)) }),
    keepSaved: assign((_, user: User) => ({ details: detailsOf(user) })),
    keepFailure: assign((_, failure: RequestFailure) => ({
      errors: { form: failure.message },
      errorCode: failure.code,
    })),
    clearErrors: assign({ errors: {}, errorCode: null }),
  },
  guards: {
    // Only a save is checked: a picked image is sent as it is, whatever the details typed.
    changeIsValid: ({ context }) => !hasErrors(validateProfile(trimProfile(context.details))),
  },
}).createMachine({
  id: 'profile',
  context: ({ input }) => ({ details: detailsOf(input.user), errors: {}, errorCode: null }),
  initial: 'idle',
  states: {
    idle: {
      on: { ...changes, 'profile.open': { target: 'editing' } },
    },
    // Details being typed, or the image modal open.
    editing: {
      on: { ...changes, 'profile.cancel': { target: 'idle', actions: 'clearErrors' } },
    },
    saving: {
      invoke: {
        id: 'saveProfile',
        src: 'saveProfile',
        // The event that entered the state is the save or the pick.
        input: ({ context, event }) => changeOf(context, event),
        onDone: {
          target: 'refreshing',
          actions: { type: 'keepSaved', params: ({ event }) => event.output },
        },
        onError: {
          target: 'failed',
          actions: { type: 'keepFailure', params: ({ event }) => toRequestFailure(event.error) },
        },
      },
      // Typing on while a save runs changes the draft only; the saved answer then replaces it.
      on: { 'profile.edit': { actions: 'keepDraft' } },
    },
    refreshing: {
      invoke: {
        id: 'recheckSession',
        src: 'recheckSession',
        onDone: { target: 'saved' },
        onError: {
          target: 'failed',
          actions: { type: 'keepFailure', params: ({ event }) => toRequestFailure(event.error) },
        },
      },
      on: { 'profile.edit': { actions: 'keepDraft' } },
    },
    // 'Profile details saved'; the image modal closed.
    saved: {
      on: { ...changes, 'profile.open': { target: 'editing' } },
    },
    // The server's message; the image modal stays open.
    failed: {
      on: { ...changes, 'profile.cancel': { target: 'idle', actions: 'clearErrors' } },
    },
  },
});
