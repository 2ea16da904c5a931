import type { SignedInBrowser } from '../../api/sessions.ts';
import { type SignOutTarget, sessionsMachine } from '../../machines/settings/sessions.machine.ts';
import { useAppActor } from '../../shared/app-actor.ts';
import { useReconnected } from '../../shared/live-updates.ts';
import { Button } from '../../ui/button.tsx';
import { Loader } from '../../ui/loader.tsx';
import { FormError } from '../../ui/text-field.tsx';
import { TimeAgo } from './browser-time.tsx';
import { ConfirmInline } from './confirm-inline.tsx';
import { Section } from './section.tsx';
import styles from './sessions.module.css';

const isTarget = (target: SignOutTarget | null, browser: SignedInBrowser) =>
  target?.kind === 'one' && target.id === browser.id;

/** Settings > Sessions: every signed-in browser; sign one out, or all but this one. */
export function SessionsSection() {
  const [snapshot, send] = useAppActor(sessionsMachine);
  useReconnected(() => send({ type: 'sessions.retry' }));
  const { browsers, target, error } = snapshot.context;
  const sending = snapshot.matches('revokingOne') || snapshot.matches('revokingOthers');
  const others = browsers.filter((browser) => !browser.current);
  const listed = !snapshot.matches('loading') && !snapshot.matches('failed');
  const dismiss = () => send({ type: 'sessions.dismiss' });
  const confirm = () => send({ type: 'sessions.confirm' });

  return (
    <Section
      title="Sessions"
      description="The browsers signed in to your account. Sign out any you do not recognise, then change your password."
    >
      {snapshot.matches('loading') && <Loader label="Loading sessions" />}
      {snapshot.matches('failed') && (
        <div className={styles.failed}>
          <FormError>{error?.message ?? 'The sessions could not be loaded.'}</FormError>
          <Button variant="secondary" onClick={() => send({ type: 'sessions.retry' })}>
            Try again
          </Button>
        </div>
      )}
      {browsers.length > 0 && (
        <ul className={styles.list} aria-label="Signed-in browsers">
          {browsers.map((browser) => (
            <li key={browser.id} className={styles.item}>
              <div className={styles.row}>
                <div className={styles.what}>
                  <p className={styles.device}>
                    {browser.device}
                    {browser.current && <span className={styles.badge}>This browser</span>}
                  </p>
                  <p className={styles.details}>
                    <span>{browser.ip || 'Unknown address'}</span>
                    <span>
                      Signed in <TimeAgo value={browser.createdAt} />
                    </span>
                    <span>
                      Last active <TimeAgo value={browser.lastActiveAt} />
                    </span>
                  </p>
                </div>
                {!browser.current && !isTarget(target, browser) && (
                  <Button
                    variant="secondary"
                    aria-label={`Sign out ${browser.device}, ${browser.ip || 'unknown address'}`}
                    disabled={sending}
                    onClick={() => send({ type: 'sessions.ask', target: { kind: 'one', id: browser.id } })}
                  >
                    Sign out
                  </Button>
                )}
              </div>
              {isTarget(target, browser) && (
                <ConfirmInline
                  question={`Sign out ${browser.device}? It will have to sign in again.`}
                  confirmLabel="Sign out"
                  sending={sending}
                  onConfirm={confirm}
                  onCancel={dismiss}
                />
              )}
            </li>
          ))}
        </ul>
      )}
      {listed && others.length === 0 && (
        <p className={styles.empty}>No other browser is signed in to your account.</p>
      )}
      {error && !snapshot.matches('failed') && <FormError>{error.message}</FormError>}
      {others.length > 0 &&
        (target?.kind === 'others' ? (
          <ConfirmInline
            question={`Sign out ${others.length === 1 ? 'the other browser' : `all ${others.length} other browsers`}? This browser stays signed in.`}
            confirmLabel="Sign out all others"
            sending={sending}
            onConfirm={confirm}
            onCancel={dismiss}
          />
        ) : (
          <div>
            <Button
              variant="danger"
              disabled={sending}
              onClick={() => send({ type: 'sessions.ask', target: { kind: 'others' } })}
            >
              Sign out all other browsers
            </Button>
          </div>
        ))}
    </Section>
  );
}
