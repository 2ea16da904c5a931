import { useEffect, useId, useRef } from 'react';
import { ADMIN_ROLE } from '../../../contracts/account-codes.ts';
import { alertChannelsMachine, type ShownSecret } from '../../machines/settings/alert-channels.machine.ts';
import { useAppActor } from '../../shared/app-actor.ts';
import { useReconnected } from '../../shared/live-updates.ts';
import { useSession } from '../../shared/session-context.tsx';
import { Button } from '../../ui/button.tsx';
import field from '../../ui/field.module.css';
import { Loader } from '../../ui/loader.tsx';
import { FormError } from '../../ui/text-field.tsx';
import { CopyButton } from '../nodes/copy-button.tsx';
import { ChannelForm } from './alert-channel-form.tsx';
import { ChannelRow } from './alert-channel-row.tsx';
import styles from './alert-channels-section.module.css';
import { ConfirmInline } from './confirm-inline.tsx';
import { Section } from './section.tsx';
import list from './sessions.module.css';

/** A webhook's signing secret, focused when it appears so a screen reader reads it and the warning. */
function SecretShownOnce({ shown, onDone }: { shown: ShownSecret; onDone: () => void }) {
  const box = useRef<HTMLElement>(null);
  const titleId = useId();
  useEffect(() => box.current?.focus(), []);
  return (
    <section ref={box} className={styles.secret} aria-labelledby={titleId} tabIndex={-1}>
      <p id={titleId} className={styles.formTitle}>
        Signing secret of “{shown.name}”
      </p>
      <input
        className={styles.secretValue}
        aria-label="Signing secret"
        readOnly
        value={shown.secret}
        onFocus={(event) => event.target.select()}
      />
      <p className={field.hint}>
        Copy it now: it is not shown again. Your receiver checks each request's webhook-signature with it.
      </p>
      <div className={styles.actions}>
        <CopyButton text={shown.secret} label="Copy secret" />
        <Button onClick={onDone}>I have copied it</Button>
      </div>
    </section>
  );
}

/**
 * Settings > Alerts > Alert channels: where the team's node alerts go (docs/alerts.md). Admins add,
 * edit, test and remove channels; viewers see them and their last delivery.
 */
export function AlertChannelsSection() {
  const { user, teamId } = useSession();
  const [snapshot, send] = useAppActor(alertChannelsMachine, { input: { teamId } });
  useReconnected(() => send({ type: 'channels.retry' }));
  const { channels, form, draft, formError, secret, busyId, error } = snapshot.context;
  const team = user.TeamsRender.find((entry) => entry.id === teamId);
  const canChange = team?.role === ADMIN_ROLE;
  const listed = !snapshot.matches('loading') && !snapshot.matches('failed');
  const idle = snapshot.matches('ready');
  const removing = snapshot.matches('removing');
  const rotating = snapshot.matches('rotating');
  const editing = form?.id == null ? null : (channels.find((row) => row.id === form.id)?.name ?? null);

  return (
    <Section
      title="Alert channels"
      description={
        <>
          Where alerts about {team ? <strong>{team.name}</strong> : 'your team'}'s NODRs go: a webhook, Slack,
          Discord, Telegram or E-mail (the admins whose alerts are on; without it, each admin's Notifications
          decide).{canChange ? '' : ' Only Admins of the team can change them.'}
        </>
      }
    >
      {snapshot.matches('loading') && <Loader label="Loading alert channels" />}
      {snapshot.matches('failed') && (
        <div className={list.failed}>
          <FormError>{error?.message ?? 'The alert channels could not be loaded.'}</FormError>
          <Button variant="secondary" onClick={() => send({ type: 'channels.retry' })}>
            Try again
          </Button>
        </div>
      )}
      {canChange && listed && form === null && (
        <div>
          <Button variant="secondary" disabled={!idle} onClick={() => send({ type: 'channels.add' })}>
            Add channel
          </Button>
        </div>
      )}
      {secret && <SecretShownOnce shown={secret} onDone={() => send({ type: 'channels.hideSecret' })} />}
      {canChange && form !== null && (
        <ChannelForm
          key={form.id ?? 'new'}
          draft={draft}
          editing={editing}
          saving={snapshot.matches('saving')}
          error={formError}
          onChange={(change) => send({ type: 'channels.change', draft: change })}
          onSave={() => send({ type: 'channels.save' })}
          onCancel={() => send({ type: 'channels.cancel' })}
        />
      )}
      {error && listed && <FormError>{error.message}</FormError>}
      {channels.length > 0 && (
        <ul className={list.list} aria-label="Alert channels">
          {channels.map((channel) => (
            <li key={channel.id} className={list.item}>
              <ChannelRow
                channel={channel}
                canChange={canChange}
                busy={!idle}
                testing={snapshot.matches('testing') && busyId === channel.id}
                onTest={() => send({ type: 'channels.test', id: channel.id })}
                onEdit={() => send({ type: 'channels.edit', id: channel.id })}
                onRemove={() => send({ type: 'channels.ask', id: channel.id })}
                onRotate={() => send({ type: 'channels.rotate', id: channel.id })}
                onSwitchOn={() => send({ type: 'channels.switchOn', id: channel.id })}
              />
              {busyId === channel.id && (snapshot.matches('confirming') || removing) && (
                <ConfirmInline
                  question={`Remove “${channel.name}”? Alerts stop going there at once.`}
                  confirmLabel="Remove channel"
                  sending={removing}
                  onConfirm={() => send({ type: 'channels.confirm' })}
                  onCancel={() => send({ type: 'channels.dismiss' })}
                />
              )}
              {busyId === channel.id && (snapshot.matches('confirmingRotation') || rotating) && (
                <ConfirmInline
                  question={`Rotate the signing secret of “${channel.name}”? The old one stops working at once: the receiver refuses deliveries until it has the new one.`}
                  confirmLabel="Rotate secret"
                  sending={rotating}
                  onConfirm={() => send({ type: 'channels.confirm' })}
                  onCancel={() => send({ type: 'channels.dismiss' })}
                />
              )}
            </li>
          ))}
        </ul>
      )}
      {listed && channels.length === 0 && <p className={list.empty}>This team has no alert channels.</p>}
    </Section>
  );
}
