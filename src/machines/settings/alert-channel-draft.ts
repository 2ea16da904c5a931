import {
  ALERT_CHANNEL_ERRORS,
  type AlertChannelBody,
  type AlertChannelEditBody,
  type AlertChannelType,
  type NewAlertChannelBody,
} from '../../../contracts/alert-channels.ts';
import type { OfflineAlertDelayMin } from '../../../contracts/notifications.ts';

/** The add/edit form of an alert channel: every field as typed; only the type's own fields are sent. */
export interface ChannelDraft {
  type: AlertChannelType;
  name: string;
  url: string;
  botToken: string;
  chatId: string;
  offlineDelayMinutes: OfflineAlertDelayMin;
}

export const EMPTY_CHANNEL_DRAFT: ChannelDraft = {
  type: 'webhook',
  name: '',
  url: '',
  botToken: '',
  chatId: '',
  offlineDelayMinutes: 0,
};

/** What the save actor needs: `id` null adds a channel, otherwise it changes that one. */
export interface ChannelSave {
  teamId: number;
  id: number | null;
  create: NewAlertChannelBody;
  edit: AlertChannelEditBody;
}

const NAME_REQUIRED = 'Give the channel a name.';

/** The draft of an existing channel: its bot token is never shown again, so an empty one keeps it. */
export function draftOf(channel: AlertChannelBody): ChannelDraft {
  return {
    type: channel.type,
    name: channel.name,
    url: channel.url ?? '',
    botToken: '',
    chatId: channel.chatId ?? '',
    offlineDelayMinutes: channel.offlineDelayMinutes,
  };
}

const usesUrl = (type: AlertChannelType) => type !== 'telegram' && type !== 'email';
/** An E-mail channel's target is the team's admins: it has no field to fill in. */
const targetOf = (draft: ChannelDraft): AlertChannelEditBody => {
  if (draft.type === 'email') return {};
  if (usesUrl(draft.type)) return { url: draft.url.trim() };
  return {
    chatId: draft.chatId.trim(),
    ...(draft.botToken.trim() === '' ? {} : { botToken: draft.botToken.trim() }),
  };
};

/** The problem of the draft before any call, or null: the server says the same in ALERT_CHANNEL_ERRORS. */
export function draftProblem(draft: ChannelDraft, editing: boolean): string | null {
  if (draft.name.trim() === '') return NAME_REQUIRED;
  if (draft.type === 'email') return null;
  const missing = usesUrl(draft.type)
    ? draft.url.trim() === ''
    : draft.chatId.trim() === '' || (!editing && draft.botToken.trim() === '');
  return missing ? ALERT_CHANNEL_ERRORS.missingField.message : null;
}

/** The bodies of both calls; an edit leaves out a bot token not typed again, so the saved one stays. */
export function saveOf(teamId: number, id: number | null, draft: ChannelDraft): ChannelSave {
  const name = draft.name.trim();
  const fields = { ...targetOf(draft), offlineDelayMinutes: draft.offlineDelayMinutes };
  return { teamId, id, create: { type: draft.type, name, ...fields }, edit: { name, ...fields } };
}
