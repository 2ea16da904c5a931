import { useEffect, useId, useRef } from 'react';
import { ADMIN_ROLE } from '../../../contracts/account-codes.ts';
import type { ApiTokenBody, CreatedApiTokenBody } from '../../../contracts/api-tokens.schema.ts';
import {
  API_TOKEN_EXPIRY_CHOICES,
  API_TOKEN_SCOPE_LABELS,
  API_TOKEN_SCOPES,
  API_TOKEN_SHOWN_ONCE,
  type ApiTokenScope,
} from '../../../contracts/api-tokens.ts';
import { formatDate } from '../../lib/format.ts';
import { apiTokensMachine } from '../../machines/settings/api-tokens.machine.ts';
import { useAppActor } from '../../shared/app-actor.ts';
import { useReconnected } from '../../shared/live-updates.ts';
import { useSession } from '../../shared/session-context.tsx';
import { Button } from '../../ui/button.tsx';
import field from '../../ui/field.module.css';
import { Loader } from '../../ui/loader.tsx';
import { FormError, PasswordField, TextField } from '../../ui/text-field.tsx';
import { CopyButton } from '../nodes/copy-button.tsx';
import styles from './api-tokens-section.module.css';
import { TimeAgo } from './browser-time.tsx';
import { ConfirmInline } from './confirm-inline.tsx';
import { Section } from './section.tsx';
import list from './sessions.module.css';

const NEVER = 'never';

const expiryWords = (days: number) => (days === 365 ? 'In 1 year' : `In ${days} days`);

/** The new token's secret, focused when it appears so a screen reader reads it and the warning. */
function ShownOnce({ created, onDone }: { created: CreatedApiTokenBody; onDone: () => void }) {
  const box = useRef<HTMLElement>(null);
  const titleId = useId();
  useEffect(() => box.current?.focus(), []);
  return (
    <section ref={box} className={styles.secret} aria-labelledby={titleId} tabIndex={-1}>
      <p id={titleId} className={styles.secretTitle}>
        Your new token “{created.name}”
      </p>
      <input
        className={styles.secretValue}
        aria-label="New API token"
        readOnly
        value={created.token}
        onFocus={(event) => event.target.select()}
      />
      <p className={field.hint}>{API_TOKEN_SHOWN_ONCE}</p>
      <div className={styles.secretActions}>
        <CopyButton text={created.token} label="Copy token" />
        <Button onClick={onDone}>I have copied it</Button>
      </div>
    </section>
  );
}

function Expiry({ token, now }: { token: ApiTokenBody; now: number }) {
  if (token.expiresAt === null) return <span>Never expires</span>;
  if (Date.parse(token.expiresAt) <= now) {
    return <span className={styles.expired}>Expired {formatDate(token.expiresAt)}</span>;
  }
  return <span>Expires {formatDate(token.expiresAt)}</span>;
}

/**
 * Settings > API tokens: tokens that let scripts call the main API and statistics as the person, in the
 * current team, within their role; created with a name, scope and expiry, shown once, revoked after a confirmation.
 */
export function ApiTokensSection() {
  const { user, teamId } = useSession();
  const [snapshot, send] = useAppActor(apiTokensMachine, { input: { teamId } });
  useReconnected(() => send({ type: 'tokens.retry' }));
  const scopeId = useId();
  const expiryId = useId();
  const scopeHint = useId();
  const { tokens, draft, nameError, passwordError, created, revokeId, error } = snapshot.context;
  const team = user.TeamsRender.find((entry) => entry.id === teamId);
  const viewer = team !== undefined && team.role !== ADMIN_ROLE;
  const creating = snapshot.matches('creating');
  const revoking = snapshot.matches('revoking');
  const listed = !snapshot.matches('loading') && !snapshot.matches('failed');
  const now = Date.now();

  return (
    <Section
      title="API tokens"
      description={
        <>
          Let scripts and tools such as Grafana call the main API and statistics of{' '}
          {team ? <strong>{team.name}</strong> : 'your team'} with <code>Authorization: Bearer</code>. A token
          acts as you, never beyond your role, and cannot change your account.
        </>
      }
    >
      {snapshot.matches('loading') && <Loader label="Loading API tokens" />}
      {snapshot.matches('failed') && (
        <div className={list.failed}>
          <FormError>{error?.message ?? 'The API tokens could not be loaded.'}</FormError>
          <Button variant="secondary" onClick={() => send({ type: 'tokens.retry' })}>
            Try again
          </Button>
        </div>
      )}
      {created && <ShownOnce created={created} onDone={() => send({ type: 'tokens.hide' })} />}
      {listed && !created && (
        <form
          className={styles.form}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            send({ type: 'tokens.create' });
          }}
        >
          <TextField
            label="Token name"
            placeholder="e.g. Grafana, backup script"
            autoComplete="off"
            value={draft.name}
            error={nameError ?? undefined}
            disabled={creating}
            onChange={(event) => send({ type: 'tokens.edit', draft: { name: event.target.value } })}
          />
          <div className={field.field}>
            <label className={field.label} htmlFor={scopeId}>
              Access
            </label>
            <select
              id={scopeId}
              className={field.select}
              value={draft.scope}
              disabled={creating}
              aria-describedby={viewer ? scopeHint : undefined}
              onChange={(event) =>
                send({ type: 'tokens.edit', draft: { scope: event.target.value as ApiTokenScope } })
              }
            >
              {API_TOKEN_SCOPES.map((scope) => (
                <option key={scope} value={scope}>
                  {API_TOKEN_SCOPE_LABELS[scope]}
                </option>
              ))}
            </select>
            {viewer && (
              <p id={scopeHint} className={field.hint}>
                You are a Viewer in this team: your tokens can only read.
              </p>
            )}
          </div>
          <div className={field.field}>
            <label className={field.label} htmlFor={expiryId}>
              Expires
            </label>
            <select
              id={expiryId}
              className={field.select}
              value={draft.expiresInDays ?? NEVER}
              disabled={creating}
              onChange={(event) => {
                const value = event.target.value;
                send({
                  type: 'tokens.edit',
                  draft: { expiresInDays: value === NEVER ? null : Number(value) },
                });
              }}
            >
              {API_TOKEN_EXPIRY_CHOICES.map((days) => (
                <option key={days} value={days}>
                  {expiryWords(days)}
                </option>
              ))}
              <option value={NEVER}>Never</option>
            </select>
          </div>
          <PasswordField
            label="Current password"
            name="api-token-password"
            autoComplete="current-password"
            value={draft.password}
            error={passwordError ?? undefined}
            disabled={creating}
            onChange={(event) => send({ type: 'tokens.edit', draft: { password: event.target.value } })}
          />
          <div className={styles.submit}>
            <Button type="submit" loading={creating}>
              Create token
            </Button>
          </div>
        </form>
      )}
      {error && !snapshot.matches('failed') && <FormError>{error.message}</FormError>}
      {tokens.length > 0 && (
        <ul className={list.list} aria-label="API tokens">
          {tokens.map((token) => (
            <li key={token.id} className={list.item}>
              <div className={list.row}>
                <div className={list.what}>
                  <p className={list.device}>
                    {token.name}
                    <span className={list.badge}>{API_TOKEN_SCOPE_LABELS[token.scope]}</span>
                  </p>
                  <p className={list.details}>
                    <span>
                      Created <TimeAgo value={token.createdAt} />
                    </span>
                    <span>
                      {token.lastUsedAt ? (
                        <>
                          Last used <TimeAgo value={token.lastUsedAt} />
                          {token.lastUsedIp && <> from {token.lastUsedIp}</>}
                        </>
                      ) : (
                        'Never used'
                      )}
                    </span>
                    <Expiry token={token} now={now} />
                  </p>
                </div>
                {revokeId !== token.id && (
                  <Button
                    variant="secondary"
                    aria-label={`Revoke ${token.name}`}
                    disabled={revoking}
                    onClick={() => send({ type: 'tokens.ask', id: token.id })}
                  >
                    Revoke
                  </Button>
                )}
              </div>
              {revokeId === token.id && (
                <ConfirmInline
                  question={`Revoke “${token.name}”? Every script using it gets 401 from now on. This cannot be undone.`}
                  confirmLabel="Revoke token"
                  sending={revoking}
                  onConfirm={() => send({ type: 'tokens.confirm' })}
                  onCancel={() => send({ type: 'tokens.dismiss' })}
                />
              )}
            </li>
          ))}
        </ul>
      )}
      {listed && tokens.length === 0 && <p className={list.empty}>You have no API tokens.</p>}
    </Section>
  );
}
