import { act, screen } from '@testing-library/react';
import { type NavigateFunction, useNavigate } from 'react-router-dom';
import { describe, expect, vi } from 'vitest';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { ApiError, NetworkError } from '../../src/api/client.ts';
import { addNodeMachine } from '../../src/machines/nodes/add-node.machine.ts';
import { AddNodrScreen } from '../../src/screens/nodes/add-nodr-screen.tsx';
import { renderNodes } from '../fakes/node-screens.tsx';
import { configs, makeNode, PUBLIC_KEY } from '../fixtures/node-fixtures.ts';
import { actorDone, actorError } from './machine-model.ts';
import { answerFor } from './pending-network.ts';
import { describeScreenModel, type View } from './screen-model.ts';

/** spec 2 (Add node flow), 5 and 8: three steps, configuration, installer, public key; at 3 nodes, 'soon'. */

const CONFIGS = 'POST /api/v1/configs';
const NODES = 'POST /api/v1/nodres/team/3';
const CREATE = /^POST \/api\/v1\/nodres\/team\/3\/set_public_key\/config\/\d+$/;
const KEY_FORMAT = 'Incorrect format public key. Please check your key and try again';
const KEY_TAKEN =
  'The key is already taken by another NODR. Please check that you enter your key and try again';
const AFTER_COPY = 'xstate.after.copiedNotice.addNode.installer.copied';

const badKey = 'not a key';
const start = actorDone('loadConfigs', { configs, nodeCount: 1 });
const full = actorDone('loadConfigs', { configs, nodeCount: 3 });
const loadFailed = actorError('loadConfigs', new NetworkError(new TypeError('Failed to fetch')));

/** The draft a reload at the key step finds: NODR Standard chosen, the key pasted (spec 2 steps 1 and 3). */
const draft = { teamId: 3, reached: 'key', configId: 2, publicKey: PUBLIC_KEY };
const opened = { teamId: 3, command: 'the command', step: 'configuration', draft: null };
const reloaded = { ...opened, step: 'key', draft };
/** The key step's address typed in a tab that had reached only the installer: no further than that. */
const typedAhead = { ...opened, step: 'key', draft: { ...draft, reached: 'installer', publicKey: '' } };

/** The router's history: what the browser's Back and Forward, or a typed address, do. */
let history: NavigateFunction;
function History() {
  history = useNavigate();
  return null;
}
const addressOf = (step: string) => (step === 'configuration' ? '/addNodr' : `/addNodr/${step}`);
/** How the path's screen was opened: afresh, or reloaded with a draft. */
let opening: typeof opened | typeof reloaded | typeof typedAhead = opened;
const STEP_NAMES = ['configuration', 'installer', 'key'];

const allEvents: AnyEventObject[] = [
  { type: 'step.show', step: 'configuration' },
  { type: 'step.show', step: 'installer' },
  { type: 'step.show', step: 'key' },
  { type: 'flow.cancel' },
  start,
  full,
  loadFailed,
  { type: 'configs.retry' },
  { type: 'config.select', configId: 2 },
  { type: 'step.next' },
  { type: 'step.back' },
  { type: 'installer.copy' },
  actorDone('copyText'),
  actorError('copyText', new Error('denied')),
  { type: AFTER_COPY },
  { type: 'key.input', text: PUBLIC_KEY },
  { type: 'key.input', text: badKey },
  { type: 'key.submit' },
  actorDone('createNode', makeNode({ id: 9, configId: 2 })),
  actorError('createNode', new ApiError(409, 'public_key_taken', 'taken')),
  actorError('createNode', new ApiError(500, 'internal', 'boom')),
];

/** Confirm is disabled while the key field is empty (spec 5): a person cannot submit then. */
const events = (snapshot: AnyMachineSnapshot) =>
  snapshot.context.publicKey.trim() === ''
    ? allEvents.filter((event) => event.type !== 'key.submit')
    : allEvents;

const button = (name: string) => screen.getByRole('button', { name });
const currentStep = () => screen.getByRole('list', { name: 'Steps' }).querySelector('[aria-current="step"]');
const keyField = () => screen.getByLabelText('Public key') as HTMLTextAreaElement;

/** The clipboard, pending until a step answers it. */
let clipboard: { resolve: () => void; reject: (error: unknown) => void } | null = null;

describe('add node screen (model)', () => {
  describeScreenModel({
    name: 'add node',
    machine: addNodeMachine,
    inputs: [opened, reloaded, typedAhead],
    events,
    // What the screen shows: the step and, on the key step, whether the key is empty, right or wrong and whether a
    // message is up (the configuration picked is checked on step 1 from the history).
    // How far the person has reached decides where Back and Forward may go.
    serializeState: (snapshot) => {
      const { reached } = snapshot.context;
      if (!snapshot.matches('publicKey')) return JSON.stringify([snapshot.value, reached]);
      const key = snapshot.context.publicKey as string;
      const kind = key === '' ? 'empty' : key === PUBLIC_KEY ? 'key' : 'bad';
      return JSON.stringify([snapshot.value, reached, kind, snapshot.context.error !== null]);
    },
    journeys: [
      // spec 8: the format message, then a new key text clears it.
      [
        start,
        { type: 'step.next' },
        { type: 'step.next' },
        { type: 'key.input', text: badKey },
        { type: 'key.submit' },
      ].concat([{ type: 'key.input', text: PUBLIC_KEY }]),
    ],
    requests: { createNode: CREATE },
    answers: {
      // Two calls answer the start: the configurations and the team's nodes.
      loadConfigs: async (view: View) => {
        const { event } = view;
        const output = event.output as { configs: unknown; nodeCount: number } | undefined;
        await vi.waitFor(() => expect(view.network.pending(NODES)).toHaveLength(1));
        if (output) {
          view.network.answer(CONFIGS, { status: 200, body: output.configs });
          const nodes = Array.from({ length: output.nodeCount }, (_, index) => makeNode({ id: index + 1 }));
          view.network.answer(NODES, { status: 200, body: nodes });
        } else {
          view.network.answer(CONFIGS, answerFor(event));
          view.network.answer(NODES, { status: 200, body: [] });
        }
      },
      copyText: async (view: View) => {
        await vi.waitFor(() => expect(clipboard).not.toBeNull());
        if (view.event.type.startsWith('xstate.done.')) clipboard?.resolve();
        else clipboard?.reject(view.event.error);
        clipboard = null;
      },
    },
    render: ({ input }) => {
      clipboard = null;
      sessionStorage.clear();
      const start = input as typeof opening;
      opening = start;
      if (start.draft) sessionStorage.setItem('nodr-add-node-draft', JSON.stringify(start.draft));
      Object.defineProperty(navigator, 'clipboard', {
        configurable: true,
        value: {
          writeText: () =>
            new Promise<void>((resolve, reject) => {
              clipboard = { resolve, reject };
            }),
        },
      });
      renderNodes({ '/addNodr/:step?': <AddNodrScreen /> }, addressOf(start.step), (routes) => (
        <>
          {routes}
          <History />
        </>
      ));
    },
    act: {
      'step.show': async (view) => {
        await act(async () => history(addressOf(view.event.step)));
      },
      'flow.cancel': (view) => view.user.click(screen.getByRole('link', { name: 'My NODR' })),
      'configs.retry': (view) => view.user.click(button('Try again')),
      'config.select': (view) => view.user.click(screen.getByRole('radio', { name: /NODR Standard/ })),
      'step.next': (view) => view.user.click(button('Next')),
      'step.back': (view) => view.user.click(button('Back')),
      'installer.copy': (view) => view.user.click(button(/Copy command|Copied/ as unknown as string)),
      // The 'Copied' confirmation goes after its delay: wait for it in real time (one path).
      [AFTER_COPY]: async () => {
        await act(() => new Promise((resolve) => setTimeout(resolve, 2100)));
      },
      'key.input': async (view) => {
        await view.user.clear(keyField());
        await view.user.click(keyField());
        await view.user.paste(view.event.text);
      },
      'key.submit': (view) => view.user.click(button('Confirm')),
    },
    rules: (view) => {
      const { event } = view;
      // At 3 nodes the flow says 'soon' before step 1.
      if (event === full)
        expect(
          screen.getByRole('heading', { name: 'Soon it will be possible to add a new NODR' }),
        ).toBeInTheDocument();
      // Opened afresh at step 1; reloaded at the key step it had reached, the key kept; opened at a step further
      // than reached, at the furthest reached.
      if (event === start && opening.draft?.reached === 'key') {
        expect(currentStep()).toHaveTextContent('Register the public key');
        expect(keyField()).toHaveValue(PUBLIC_KEY);
      } else if (event === start && opening.draft)
        expect(currentStep()).toHaveTextContent('Install the NODR software');
      else if (event === start) expect(currentStep()).toHaveTextContent('Choose a configuration');
      // spec 2: Next goes one step on, Back one step back.
      const steps = ['Choose a configuration', 'Install the NODR software', 'Register the public key'];
      const was = ['chooseConfig', 'installer', 'publicKey'].findIndex((state) => view.from.matches(state));
      if (event.type === 'step.next') expect(currentStep()).toHaveTextContent(steps[was + 1]!);
      if (event.type === 'step.back') expect(currentStep()).toHaveTextContent(steps[was - 1]!);
      // Back and Forward show a step the person has reached, with the choices kept; never one beyond.
      if (event.type === 'step.show' && was >= 0) {
        const asked = STEP_NAMES.indexOf(event.step);
        const reached = STEP_NAMES.indexOf(view.from.context.reached);
        expect(currentStep()).toHaveTextContent(steps[asked <= reached ? asked : was]!);
      }
      if (event.type === 'flow.cancel') expect(screen.getByTestId('landed')).toHaveTextContent('/myNodr');
      // spec 5 and 8: a key of the wrong shape is refused before any call; a new text clears the message.
      if (
        event.type === 'key.submit' &&
        view.history.findLast((e) => e.type === 'key.input')?.text === badKey
      ) {
        expect(screen.getByText(KEY_FORMAT)).toBeInTheDocument();
        expect(view.network.pending(CREATE)).toEqual([]);
      }
      if (event.type === 'key.input') expect(screen.queryByText(KEY_FORMAT)).not.toBeInTheDocument();
      // spec 8: 409 and 500 read these texts.
      if (event.type === 'xstate.error.actor.createNode')
        expect(
          screen.getByText((event.error as ApiError).status === 409 ? KEY_TAKEN : KEY_FORMAT),
        ).toBeInTheDocument();
      // spec 2: registered, back to My NODR.
      if (event.type === 'xstate.done.actor.createNode')
        expect(screen.getByTestId('landed')).toHaveTextContent('/myNodr');
    },
    sees: {
      loading: () => {
        expect(screen.getByRole('heading', { name: 'Add NODR' })).toBeInTheDocument();
        expect(screen.queryByRole('list', { name: 'Steps' })).not.toBeInTheDocument();
      },
      failed: () => {
        expect(screen.getByRole('alert')).toHaveTextContent(
          'Cannot reach the server. Check your connection and try again.',
        );
        expect(button('Try again')).toBeEnabled();
      },
      full: () => {
        expect(
          screen.getByText(
            'A workspace can run up to 3 NODRs for now. We will let you know when you can add more.',
          ),
        );
        expect(screen.queryByRole('list', { name: 'Steps' })).not.toBeInTheDocument();
      },
      chooseConfig: (view) => {
        expect(currentStep()).toHaveTextContent('Step 1 of 3: Choose a configuration');
        // spec 5: only configurations with status 10 can be chosen; the first is chosen up front.
        expect(screen.getByRole('radio', { name: /NODR Edge/ })).toBeDisabled();
        // A reload keeps the choice of its draft (NODR Standard).
        const picked =
          opening.draft || view.history.some((event) => event.type === 'config.select')
            ? /NODR Standard/
            : /NODR Lite/;
        expect(screen.getByRole('radio', { name: picked })).toBeChecked();
      },
      installer: () => {
        expect(currentStep()).toHaveTextContent('Step 2 of 3: Install the NODR software');
        // spec 2: download, make executable and run, from the one installer link.
        expect(
          screen.getByText(/^curl -fsSLO https:\/\/get\.nodr\.test\/install\/nodr-install\.sh && chmod \+x/),
        ).toBeInTheDocument();
      },
      'installer.idle': () => {
        expect(button('Copy command')).toBeEnabled();
      },
      'installer.copying': () => {
        expect(screen.getByRole('status')).toHaveTextContent('');
      },
      'installer.copied': () => {
        expect(button('Copied')).toBeInTheDocument();
        expect(screen.getByRole('status')).toHaveTextContent('Copied to the clipboard');
      },
      'installer.copyFailed': () => {
        expect(screen.getByRole('status')).toHaveTextContent(
          'Copying failed: select the command and copy it.',
        );
      },
      publicKey: (view) => {
        expect(currentStep()).toHaveTextContent('Step 3 of 3: Register the public key');
        const key = view.snapshot.context.publicKey as string;
        expect(keyField()).toHaveValue(key);
        // spec 5: Confirm is disabled while the field is empty.
        if (key === '') expect(button('Confirm')).toBeDisabled();
        else expect(button('Confirm')).toBeEnabled();
      },
      submitting: (view) => {
        expect(button('Confirm')).toBeDisabled();
        const [call] = view.network.pending(CREATE);
        // spec 7: the chosen configuration and the key, trimmed.
        expect(call?.path).toMatch(/\/config\/(1|2)$/);
        expect(call?.form).toMatchObject({ publicKey: PUBLIC_KEY.trim() });
      },
      done: () => {
        expect(screen.getByTestId('landed')).toHaveTextContent('/myNodr');
      },
      // Passed through at once on opening: the step it lands on is checked by the rules above.
      landing: () => {
        expect(screen.queryByRole('list', { name: 'Steps' })).toBeInTheDocument();
      },
      cancelled: () => {
        expect(screen.getByTestId('landed')).toHaveTextContent('/myNodr');
      },
    },
  });
});
