import { act, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { serializeSnapshot } from '@xstate/graph';
import { afterEach, expect, it, vi } from 'vitest';
import {
  type AnyActorLogic,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  fromPromise,
  initialTransition,
  transition,
} from 'xstate';
import { assertCovered, trackCoverage } from './coverage.ts';
import { generatePaths, type Path } from './paths.ts';
import { answerFor, type PendingNetwork, pendingNetwork, type Route } from './pending-network.ts';

const DONE = 'xstate.done.actor.';
const ERROR = 'xstate.error.actor.';

/** What a step's driver and a state's expectation get. */
export interface View {
  /** The state the model is in (after the step, for expectations; before it, for drivers). */
  snapshot: AnyMachineSnapshot;
  /** The state before the step (checked already by the step before): e.g. which step Back leaves. */
  from: AnyMachineSnapshot;
  /** The event of the step (for the initial state: `{ type: 'start' }`). */
  event: AnyEventObject;
  /** Every event of the path so far, oldest first: what the person did and what the server answered. */
  history: AnyEventObject[];
  user: ReturnType<typeof userEvent.setup>;
  network: PendingNetwork;
}

export interface ScreenModelOptions {
  /** The screen, for the report (e.g. 'login'). */
  name: string;
  /** The machine that drives the screen: the paths are generated from its graph. */
  machine: AnyStateMachine;
  /**
   * Every event to try in every state: what a person does (with the values typed) and each server answer written
   * as actorDone('<invoke id>', body) / actorError('<invoke id>', new ApiError(...) | new NetworkError(...)).
   * As a function of the state: only what the screen lets a person do there (a field that is not shown cannot
   * be edited).
   */
  events: AnyEventObject[] | ((snapshot: AnyMachineSnapshot) => AnyEventObject[]);
  input?: unknown;
  /**
   * For a machine whose start depends on its input (e.g. a request already pending): the paths of each input, one
   * coverage for all. `render` gets the path's input.
   */
  inputs?: unknown[];
  serializeState?: (snapshot: AnyMachineSnapshot) => string;
  stopWhen?: (snapshot: AnyMachineSnapshot) => boolean;
  /** Add @xstate/graph's simple paths too (small graphs only). */
  simplePaths?: boolean;
  /**
   * Journeys from the spec to run as well, each a list of events from the start: generated paths end where the
   * machine's own graph stops being new, so a rule that only shows after many steps (a cap, a reset) needs its
   * journey spelled out.
   */
  journeys?: AnyEventObject[][];
  /** The request each invoke makes, answered by that invoke's done/error steps ('POST /auth/guest/auth'). */
  requests?: Record<string, Route>;
  /** Answers for invokes that are not fetch calls (a worker, an event source), by invoke id. */
  answers?: Record<string, (view: View) => Promise<void> | void>;
  /** Stubs for the traversal of actors that are not promises (callback actors). */
  actors?: Record<string, AnyActorLogic>;
  /** Mounts the screen; the network is faked already. */
  render(view: Pick<View, 'user' | 'network'> & { input: unknown }): Promise<void> | void;
  /** What a person does for each event type the screen sends (type, click), by event type. */
  act: Record<string, (view: View) => Promise<void>>;
  /**
   * What the person sees, by state ('idle', 'code.verifying', written as for `snapshot.matches`), from the spec's
   * texts. Every entry whose state is active is checked after every step; each state must have one.
   */
  sees: Record<string, (view: View) => unknown>;
  /**
   * The spec's rules for what a person's action or a server's answer leads to, whatever state the machine says
   * comes next (e.g. "the message clears when the user edits a field"): checked after every step. These catch a
   * machine whose target is wrong, which the per-state expectations alone would follow.
   */
  rules?: (view: View) => Promise<void> | void;
}

export interface ScreenPath {
  description: string;
  steps: Path['steps'];
  input: unknown;
}

function eventLabel(event: AnyEventObject): string {
  if (event.type.startsWith(DONE)) {
    const body = event.output;
    const keys =
      body && typeof body === 'object' ? Object.keys(body).slice(0, 2).join(',') : JSON.stringify(body);
    return `${event.type.slice(DONE.length)} answers ${keys ?? ''}`.trimEnd();
  }
  if (event.type.startsWith(ERROR)) {
    const error = event.error as { code?: string } | undefined;
    return `${event.type.slice(ERROR.length)} fails (${error?.code ?? (event.error as object | undefined)?.constructor.name ?? 'error'})`;
  }
  const detail = Object.entries(event)
    .filter(([key]) => key !== 'type')
    .map(([, value]) => {
      const text = JSON.stringify(value) ?? '';
      return text.length > 24 ? `${text.slice(0, 20)}…"` : text;
    })
    .join(' ');
  return detail ? `${event.type} ${detail}` : event.type;
}

const valueLabel = (snapshot: AnyMachineSnapshot) =>
  typeof snapshot.value === 'string' ? snapshot.value : JSON.stringify(snapshot.value);

/**
 * A path from a list of events, stepped with XState's pure `initialTransition`/`transition`. (@xstate/graph's
 * getPathsFromEvents restores snapshots from JSON, which loses a context holding functions, such as a clock.)
 */
function journey(machine: AnyStateMachine, events: AnyEventObject[], input: unknown): Path {
  let [state] = initialTransition(machine, input);
  const steps: Path['steps'] = [{ state, event: { type: 'xstate.init' } }];
  for (const event of events) {
    [state] = transition(machine, state, event);
    steps.push({ state, event });
  }
  return { state, steps, weight: steps.length - 1 };
}

/** The model the paths are generated from: the machine with every invoke a promise that only a step settles. */
function traversalMachine(machine: AnyStateMachine, actors: Record<string, AnyActorLogic> = {}) {
  const never = fromPromise(() => new Promise<never>(() => {}));
  const stubs = Object.fromEntries(
    Object.keys(machine.implementations.actors).map((src) => [src, actors[src] ?? never]),
  );
  return machine.provide({ actors: stubs }) as AnyStateMachine;
}

/**
 * Model tests of one screen: paths from the machine's graph (@xstate/graph, public API), each
 * driven against the rendered screen, one `it` per path, then a test that every state and transition was reached by
 * a path that passed, which prints the coverage. See tests/model/README.md.
 */
export function describeScreenModel(options: ScreenModelOptions): ScreenPath[] {
  const model = traversalMachine(options.machine, options.actors);
  const serialize = options.serializeState ?? ((snapshot: AnyMachineSnapshot) => serializeSnapshot(snapshot));
  const inputs = options.inputs ?? [options.input];
  const paths = inputs.flatMap((input, n) => {
    const traversal = {
      events: options.events,
      input,
      serializeState: serialize,
      stopWhen: options.stopWhen,
    };
    const journeys = n === 0 ? (options.journeys ?? []).map((events) => journey(model, events, input)) : [];
    const start = inputs.length > 1 ? `(input ${n + 1}) ` : '';
    return [
      ...generatePaths(model, traversal, { simple: options.simplePaths, minimal: true }),
      ...journeys,
    ].map((path) => ({
      description:
        start +
        path.steps
          .map((step, index) =>
            index === 0 ? valueLabel(step.state) : `${eventLabel(step.event)} → ${valueLabel(step.state)}`,
          )
          .join(' → '),
      steps: path.steps,
      input,
    }));
  });
  for (const state of Object.keys(options.sees)) model.getStateNodeById(`${model.id}.${state}`);
  const coverage = trackCoverage(model);

  afterEach(() => vi.unstubAllGlobals());

  async function expectSees(view: View, label: string) {
    const checks = Object.entries(options.sees).filter(([state]) => view.snapshot.matches(state));
    if (checks.length === 0) throw new Error(`no expectation for state ${valueLabel(view.snapshot)}`);
    if (options.rules) checks.push(['(the rules)', options.rules]);
    for (const [state, check] of checks) {
      try {
        await waitFor(() => check(view));
      } catch (error) {
        throw new Error(`${label}: in ${state}: ${(error as Error).message}`);
      }
    }
  }

  async function answer(view: View) {
    const { event } = view;
    const id = event.type.slice(event.type.startsWith(DONE) ? DONE.length : ERROR.length);
    const custom = options.answers?.[id];
    if (custom) return act(async () => custom(view));
    const route = options.requests?.[id];
    if (!route) throw new Error(`no request or answer given for invoke '${id}'`);
    await waitFor(() =>
      expect(view.network.pending(route), `a pending ${String(route)}`).not.toHaveLength(0),
    );
    await act(async () => {
      view.network.answer(route, answerFor(event));
    });
  }

  for (const path of paths) {
    it(path.description, async () => {
      const network = pendingNetwork();
      // No delay between keys: a path types a few words, and each delay is a timer turn.
      const user = userEvent.setup({ delay: null });
      await options.render({ user, network, input: path.input });
      const [first, ...rest] = path.steps;
      const history: AnyEventObject[] = [];
      const start = { type: 'start' };
      await expectSees(
        { snapshot: first!.state, from: first!.state, event: start, history, user, network },
        'at the start',
      );
      const taken: [AnyMachineSnapshot, AnyEventObject][] = [];
      for (const [index, step] of rest.entries()) {
        const from = path.steps[index]!.state;
        history.push(step.event);
        const view = { snapshot: from, from, event: step.event, history: [...history], user, network };
        const server = step.event.type.startsWith(DONE) || step.event.type.startsWith(ERROR);
        if (server) await answer(view);
        else {
          const drive = options.act[step.event.type];
          if (!drive) throw new Error(`no driver for event ${step.event.type}`);
          await drive(view);
        }
        await expectSees(
          { ...view, snapshot: step.state },
          `after step ${index + 1} (${eventLabel(step.event)})`,
        );
        taken.push([from, step.event]);
      }
      coverage.start(path.input);
      for (const [from, event] of taken) coverage.step(from, event);
    });
  }

  it(`${options.name}: every state and transition is on a path that passed`, () => {
    const { states, transitions } = coverage.figures();
    console.info(
      `[screen model] ${options.name}: states ${states[0]}/${states[1]}, transitions ${transitions[0]}/${transitions[1]}, paths ${paths.length}`,
    );
    const gap = coverage.missing();
    assertCovered(gap);
  });

  return paths;
}
