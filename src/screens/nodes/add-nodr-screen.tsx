import { useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router-dom';
import { NODE_LIMIT_MESSAGE } from '../../../contracts/node-rules.ts';
import { SOON_DETAIL } from '../../lib/node-messages.ts';
import { addNodeMachine } from '../../machines/nodes/add-node.machine.ts';
import { type AddNodeStep, stepNamed } from '../../machines/nodes/add-node-draft.ts';
import { useAppActorRef } from '../../shared/app-actor.ts';
import { useAppConfig } from '../../shared/app-config-context.tsx';
import { paths } from '../../shared/paths.ts';
import { useSession } from '../../shared/session-context.tsx';
import { useCanManageTeam } from '../../shared/team-role.ts';
import { Button } from '../../ui/button.tsx';
import { CheckCircleIcon, ChevronLeftIcon, CopyIcon } from '../../ui/icons.tsx';
import { Loader } from '../../ui/loader.tsx';
import { FormError } from '../../ui/text-field.tsx';
import { addNodeDraftStore } from './add-node-draft-store.ts';
import styles from './add-nodr-screen.module.css';
import { ConfigCarousel } from './config-carousel.tsx';
import { installerCommand } from './installer-command.ts';
import { PublicKeyField } from './public-key-field.tsx';

const STEPS = ['Choose a configuration', 'Install the NODR software', 'Register the public key'] as const;

/** Step 1 keeps the named route itself (spec 2); the later steps add their name. */
const addressOf = (step: AddNodeStep) => (step === 'configuration' ? paths.addNodr : paths.addNodrStep(step));

/** A viewer cannot add a node; one who opens /addNodr by its address is sent back to My NODR. */
export function AddNodrScreen() {
  return useCanManageTeam() ? <AddNodrFlow /> : <Navigate to={paths.myNodr} replace />;
}

/**
 * spec 2, Add node flow: configuration, installer, public key, in three steps; back to My NODR when registered.
 * Each step has its own address, so the browser's Back and Forward move between the steps and a reload keeps the
 * step; the choices are kept for this tab (docs/web-my-nodr.md).
 */
function AddNodrFlow() {
  const { teamId } = useSession();
  const { installerUrl } = useAppConfig();
  const navigate = useNavigate();
  const asked = stepNamed(useParams().step);
  const [draft] = useState(() => addNodeDraftStore.read(teamId));
  const command = installerCommand(installerUrl, window.location.origin);
  const flow = useAppActorRef(
    addNodeMachine.provide({
      actions: {
        finish: () => navigate(paths.myNodr),
        showStep: (_, { step, replace }) => navigate(addressOf(step), { replace }),
        saveDraft: (_, kept) => addNodeDraftStore.write(kept),
        clearDraft: () => addNodeDraftStore.clear(),
      },
    }),
    { input: { teamId, command, step: asked, draft } },
  );
  // Back, Forward or a typed address: the flow follows if the person has reached that step.
  useEffect(() => flow.send({ type: 'step.show', step: asked }), [flow, asked]);
  const state = useSelector(flow, (snapshot) => snapshot);
  const { configs, configId, publicKey, error, errorReason } = state.context;
  const step = state.matches('installer')
    ? 1
    : state.matches('publicKey') || state.matches('submitting')
      ? 2
      : 0;

  // At 3 nodes the flow says so at once; while it finds out, no step is shown.
  // Each step's heading takes focus, so a screen reader hears where the flow now is.
  const heading = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current !== step) heading.current?.focus();
    shownStep.current = step;
  });

  return (
    <section className={styles.screen} aria-labelledby="add-nodr-title">
      <Link to={paths.myNodr} className={styles.back} onClick={() => flow.send({ type: 'flow.cancel' })}>
        <ChevronLeftIcon size={18} />
        My NODR
      </Link>
      <h1 id="add-nodr-title" className={styles.title}>
        Add NODR
      </h1>
      {state.matches('loading') && <Loader label="Loading configurations" />}
      {state.matches('full') && (
        <div className={styles.panel}>
          <h2 className={styles.panelTitle}>{NODE_LIMIT_MESSAGE}</h2>
          <p className={styles.text}>{SOON_DETAIL}</p>
          <div className={styles.buttons}>
            <Button onClick={() => navigate(paths.myNodr)}>Back to My NODR</Button>
          </div>
        </div>
      )}
      {!state.matches('loading') && !state.matches('full') && (
        <>
          <ol className={styles.steps} aria-label="Steps">
            {STEPS.map((label, index) => (
              <li
                key={label}
                className={index === step ? styles.current : index < step ? styles.done : undefined}
                aria-current={index === step ? 'step' : undefined}
              >
                <span className={styles.number} aria-hidden="true">
                  {index < step ? <CheckCircleIcon size={18} /> : index + 1}
                </span>
                <span className={styles.stepLabel}>
                  <span className="visually-hidden">Step {index + 1} of 3: </span>
                  {label}
                </span>
              </li>
            ))}
          </ol>

          <div className={styles.panel}>
            <h2 ref={heading} tabIndex={-1} className={styles.panelTitle}>
              {STEPS[step]}
            </h2>

            {state.matches('failed') && (
              <div className={styles.stack}>
                <FormError>{error}</FormError>
                <div className={styles.buttons}>
                  <Button variant="secondary" onClick={() => flow.send({ type: 'configs.retry' })}>
                    Try again
                  </Button>
                </div>
              </div>
            )}

            {state.matches('chooseConfig') && (
              <div className={styles.stack}>
                <p className={styles.text}>
                  Pick the hardware your server offers. More configurations are coming soon.
                </p>
                <ConfigCarousel
                  legend="Configuration"
                  configs={configs}
                  selectedId={configId}
                  onSelect={(id) => flow.send({ type: 'config.select', configId: id })}
                />
                <div className={styles.buttons}>
                  <Button disabled={configId === null} onClick={() => flow.send({ type: 'step.next' })}>
                    Next
                  </Button>
                </div>
              </div>
            )}

            {state.matches('installer') && (
              <InstallerStep
                installerUrl={installerUrl}
                command={command}
                copied={state.matches({ installer: 'copied' })}
                copyFailed={state.matches({ installer: 'copyFailed' })}
                onCopy={() => flow.send({ type: 'installer.copy' })}
                onBack={() => flow.send({ type: 'step.back' })}
                onNext={() => flow.send({ type: 'step.next' })}
              />
            )}

            {(state.matches('publicKey') || state.matches('submitting')) && (
              <form
                className={styles.stack}
                onSubmit={(event) => {
                  event.preventDefault();
                  flow.send({ type: 'key.submit' });
                }}
              >
                <p className={styles.text}>
                  The installer prints the public key of your NODR when it finishes. Paste the whole key, with
                  its BEGIN and END lines.
                </p>
                <PublicKeyField
                  label="Public key"
                  value={publicKey}
                  error={error}
                  reason={errorReason}
                  onChange={(text) => flow.send({ type: 'key.input', text })}
                />
                <div className={styles.buttons}>
                  <Button variant="secondary" onClick={() => flow.send({ type: 'step.back' })}>
                    Back
                  </Button>
                  <Button
                    type="submit"
                    disabled={publicKey.trim() === ''}
                    loading={state.matches('submitting')}
                  >
                    Confirm
                  </Button>
                </div>
              </form>
            )}
          </div>
        </>
      )}
    </section>
  );
}

interface InstallerStepProps {
  installerUrl: string;
  command: string;
  copied: boolean;
  copyFailed: boolean;
  onCopy: () => void;
  onBack: () => void;
  onNext: () => void;
}

/** spec 2 step 2: one installer for every system (a POSIX sh script; in WSL on Windows), and its command to copy. */
function InstallerStep({
  installerUrl,
  command,
  copied,
  copyFailed,
  onCopy,
  onBack,
  onNext,
}: InstallerStepProps) {
  return (
    <div className={styles.stack}>
      <p className={styles.text}>
        Download the installer on your server, or run the command below there. It installs the NODR software
        and creates the key pair of your NODR.
      </p>
      <ul className={styles.downloads} aria-label="Download the installer">
        {['Linux', 'Windows', 'macOS'].map((system) => (
          <li key={system}>
            <a className={styles.download} href={installerUrl} download>
              Installer for {system}
            </a>
          </li>
        ))}
      </ul>
      {/* The script is POSIX sh; Windows has no such shell of its own. */}
      <p className={styles.text}>
        On Linux and macOS, run it in a terminal. On Windows, run it in WSL (Windows Subsystem for Linux),
        e.g. in an Ubuntu terminal.
      </p>
      <div className={styles.command}>
        <code className={styles.commandText}>{command}</code>
        <Button variant="secondary" onClick={onCopy}>
          {copied ? <CheckCircleIcon size={18} /> : <CopyIcon size={18} />}
          {copied ? 'Copied' : 'Copy command'}
        </Button>
      </div>
      <p className={styles.status} role="status">
        {copied
          ? 'Copied to the clipboard'
          : copyFailed
            ? 'Copying failed: select the command and copy it.'
            : ''}
      </p>
      <div className={styles.buttons}>
        <Button variant="secondary" onClick={onBack}>
          Back
        </Button>
        <Button onClick={onNext}>Next</Button>
      </div>
    </div>
  );
}
