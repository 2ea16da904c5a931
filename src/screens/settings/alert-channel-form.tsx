import { useEffect, useId, useRef } from 'react';
import {
  ALERT_CHANNEL_LIMITS,
  ALERT_CHANNEL_TYPES,
  type AlertChannelType,
} from '../../../contracts/alert-channels.ts';
import { OFFLINE_ALERT_DELAYS_MIN, type OfflineAlertDelayMin } from '../../../contracts/notifications.ts';
import type { ChannelDraft } from '../../machines/settings/alert-channel-draft.ts';
import { Button } from '../../ui/button.tsx';
import field from '../../ui/field.module.css';
import { FormError, PasswordField, TextField } from '../../ui/text-field.tsx';
import styles from './alert-channels-section.module.css';
import { DELAY_WORDS } from './notifications-section.tsx';

/** How each channel type reads in the Type select and in the list. */
export const CHANNEL_TYPE_WORDS: Record<AlertChannelType, string> = {
  webhook: 'Webhook',
  slack: 'Slack',
  discord: 'Discord',
  telegram: 'Telegram',
  email: 'E-mail',
};

const URL_HINTS: Record<Exclude<AlertChannelType, 'telegram' | 'email'>, string> = {
  webhook: 'Receives each alert as signed JSON (Standard Webhooks).',
  slack: 'The incoming webhook URL of a Slack app.',
  discord: "A channel's webhook URL (Server Settings > Integrations).",
};

export interface ChannelFormProps {
  draft: ChannelDraft;
  /** The channel's name while editing; null while adding. */
  editing: string | null;
  saving: boolean;
  error: string | null;
  onChange: (draft: Partial<ChannelDraft>) => void;
  onSave: () => void;
  onCancel: () => void;
}

/** The add/edit form of an alert channel: the type's own fields only; its first field takes the focus. */
export function ChannelForm({ draft, editing, saving, error, onChange, onSave, onCancel }: ChannelFormProps) {
  const typeId = useId();
  const delayId = useId();
  const delayHint = useId();
  const titleId = useId();
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => form.current?.querySelector<HTMLElement>('select:enabled, input')?.focus(), []);
  const type = draft.type;
  return (
    <form
      ref={form}
      className={styles.form}
      aria-labelledby={titleId}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSave();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !saving) onCancel();
      }}
    >
      <p id={titleId} className={styles.formTitle}>
        {editing === null ? 'New alert channel' : `Edit “${editing}”`}
      </p>
      <div className={field.field}>
        <label className={field.label} htmlFor={typeId}>
          Type
        </label>
        <select
          id={typeId}
          className={field.select}
          value={type}
          disabled={saving || editing !== null}
          onChange={(event) => onChange({ type: event.target.value as AlertChannelType })}
        >
          {ALERT_CHANNEL_TYPES.map((choice) => (
            <option key={choice} value={choice}>
              {CHANNEL_TYPE_WORDS[choice]}
            </option>
          ))}
        </select>
      </div>
      <TextField
        label="Name"
        placeholder="e.g. Ops on-call"
        autoComplete="off"
        maxLength={ALERT_CHANNEL_LIMITS.nameLength}
        value={draft.name}
        disabled={saving}
        onChange={(event) => onChange({ name: event.target.value })}
      />
      {type === 'email' ? (
        <p className={field.hint}>
          Mails each alert to the team’s admins whose alerts are on in Settings &gt; Notifications.
        </p>
      ) : type === 'telegram' ? (
        <>
          <PasswordField
            label="Bot token"
            name="telegram-bot-token"
            autoComplete="off"
            placeholder="123456:ABC-def"
            hint={editing === null ? 'From @BotFather.' : 'Leave empty to keep the saved token.'}
            value={draft.botToken}
            disabled={saving}
            onChange={(event) => onChange({ botToken: event.target.value })}
          />
          <TextField
            label="Chat id"
            autoComplete="off"
            placeholder="-1001234567890 or @channelname"
            value={draft.chatId}
            disabled={saving}
            onChange={(event) => onChange({ chatId: event.target.value })}
          />
        </>
      ) : (
        <TextField
          label="URL"
          type="url"
          inputMode="url"
          autoComplete="off"
          placeholder="https://"
          maxLength={ALERT_CHANNEL_LIMITS.urlLength}
          hint={URL_HINTS[type]}
          value={draft.url}
          disabled={saving}
          onChange={(event) => onChange({ url: event.target.value })}
        />
      )}
      <div className={field.field}>
        <label className={field.label} htmlFor={delayId}>
          Offline alert
        </label>
        <select
          id={delayId}
          className={field.select}
          value={draft.offlineDelayMinutes}
          disabled={saving}
          aria-describedby={delayHint}
          onChange={(event) =>
            onChange({ offlineDelayMinutes: Number(event.target.value) as OfflineAlertDelayMin })
          }
        >
          {OFFLINE_ALERT_DELAYS_MIN.map((minutes) => (
            <option key={minutes} value={minutes}>
              {DELAY_WORDS[minutes]}
            </option>
          ))}
        </select>
        <p id={delayHint} className={field.hint}>
          A NODR back within the delay sends nothing to this channel.
        </p>
      </div>
      {error && <FormError>{error}</FormError>}
      <div className={styles.actions}>
        <Button type="submit" loading={saving}>
          Save
        </Button>
        <Button variant="secondary" disabled={saving} onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
