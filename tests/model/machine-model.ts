import { serializeSnapshot } from '@xstate/graph';
import { expect } from 'vitest';
import {
  type AnyActorLogic,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  createActor,
  fromPromise,
  type InputFrom,
} from 'xstate';
import { assertCovered, type Coverage, trackCoverage } from './coverage.ts';
import { generatePaths, type Path } from './paths.ts';

export type { Coverage };

const DONE = 'xstate.done.actor.';
const ERROR = 'xstate.error.actor.';

/** The event an invoked actor's success sends; `id` is the invoke's id. Use it in `events` to explore onDone. */
export function actorDone(id: string, output?: unknown): AnyEventObject {
  return { type: `${DONE}${id}`, output };
}

/** The event an invoked actor's failure sends. Use it in `events` to explore onError. */
export function actorError(id: string, error: unknown = new Error('stub failure')): AnyEventObject {
  return { type: `${ERROR}${id}`, error };
}

export interface ModelOptions<TMachine extends AnyStateMachine> {
  /**
   * Every event to explore in every state: what the person or the app sends, plus the outcomes of invoked actors
   * written with actorDone()/actorError(). Keep payloads few: each distinct context is a state of the graph.
   */
  events: AnyEventObject[];
  /**
   * Stubs for actors that are not promises (callback or observable actors). Every other actor of the machine is
   * replaced by a promise the harness settles when a path's step is that actor's actorDone/actorError event.
   */
  actors?: Record<string, AnyActorLogic>;
  input?: InputFrom<TMachine>;
  /** Traversal options of @xstate/graph, for machines whose context grows without bound (STACK.md). */
  serializeState?: (snapshot: AnyMachineSnapshot) => string;
  stopWhen?: (snapshot: AnyMachineSnapshot) => boolean;
}

export interface ModelPath {
  /** The states and events of the path, for the test's name. */
  description: string;
  steps: Path['steps'];
}

export interface MachineModel {
  /** Shortest paths to every state, plus every other enabled transition taken once at the end of one. */
  paths: ModelPath[];
  /** Drives one path with a real actor and checks the state (value and context) after every step. */
  run(path: ModelPath): Promise<void>;
  /** Runs the paths not yet run, then fails naming every state node and transition that no path reached. */
  expectFullCoverage(): Promise<void>;
  /** Runs the paths not yet run and names the state nodes and transitions that no path reached. */
  missing(): Promise<Coverage>;
}

/**
 * For a machine whose start depends on its input (one model per input): runs every model, then fails naming each
 * state node and transition that none of them reached.
 */
export async function expectCombinedCoverage(models: MachineModel[]): Promise<void> {
  const gaps: Coverage[] = [];
  for (const model of models) gaps.push(await model.missing());
  const inAll = (pick: (gap: Coverage) => string[]) =>
    pick(gaps[0] ?? { states: [], transitions: [] }).filter((name) =>
      gaps.every((gap) => pick(gap).includes(name)),
    );
  assertCovered({ states: inAll((gap) => gap.states), transitions: inAll((gap) => gap.transitions) });
}

interface Deferred {
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

function eventLabel(event: AnyEventObject): string {
  if (event.type.startsWith(DONE)) return `${event.type.slice(DONE.length)} done`;
  if (event.type.startsWith(ERROR)) return `${event.type.slice(ERROR.length)} error`;
  return event.type;
}

function valueLabel(snapshot: AnyMachineSnapshot): string {
  return typeof snapshot.value === 'string' ? snapshot.value : JSON.stringify(snapshot.value);
}

function describe(steps: Path['steps']): string {
  return steps
    .map((step, index) =>
      index === 0 ? valueLabel(step.state) : `${eventLabel(step.event)} → ${valueLabel(step.state)}`,
    )
    .join(' → ');
}

/**
 * A model test of one machine: paths generated from the machine graph with @xstate/graph,
 * each driven with a real actor whose API actors are stubs, and a check that every state and transition was reached.
 * See tests/model/README.md.
 */
export function createMachineModel<TMachine extends AnyStateMachine>(
  machine: TMachine,
  options: ModelOptions<TMachine>,
): MachineModel {
  let pending = new Map<string, Deferred>();
  const promiseStub = fromPromise<unknown, unknown>(
    ({ self }) =>
      new Promise((resolve, reject) => {
        pending.set(self.id, { resolve, reject });
      }),
  );
  const stubs = Object.fromEntries(
    Object.keys(machine.implementations.actors).map((src) => [src, options.actors?.[src] ?? promiseStub]),
  );
  const model = machine.provide({ actors: stubs }) as AnyStateMachine;
  const serialize = options.serializeState ?? ((snapshot: AnyMachineSnapshot) => serializeSnapshot(snapshot));
  const traversal = {
    events: options.events,
    input: options.input,
    serializeState: serialize,
    stopWhen: options.stopWhen,
  };

  const paths: ModelPath[] = generatePaths(model, traversal).map((path) => ({
    description: describe(path.steps),
    steps: path.steps,
  }));

  const coverage = trackCoverage(model);
  const ran = new Set<ModelPath>();

  async function run(path: ModelPath): Promise<void> {
    pending = new Map();
    const actor = createActor(model, { input: options.input });
    coverage.start(options.input);
    try {
      actor.start();
      const [first, ...rest] = path.steps;
      expect(serialize(actor.getSnapshot()), 'initial state').toBe(serialize(first!.state));
      for (const [index, step] of rest.entries()) {
        const { event } = step;
        coverage.step(path.steps[index]!.state, event);
        if (event.type.startsWith(DONE) || event.type.startsWith(ERROR)) {
          const id = event.type.slice(event.type.startsWith(DONE) ? DONE.length : ERROR.length);
          const deferred = pending.get(id);
          if (!deferred) throw new Error(`step ${index + 1}: no running actor '${id}' to settle`);
          pending.delete(id);
          if (event.type.startsWith(DONE)) deferred.resolve(event.output);
          else deferred.reject(event.error);
        } else {
          actor.send(event);
        }
        // Let a settled promise reach the machine.
        await new Promise((resolve) => setTimeout(resolve, 0));
        const snapshot = actor.getSnapshot();
        if (snapshot.status === 'error') throw snapshot.error;
        expect(serialize(snapshot), `after step ${index + 1}: ${eventLabel(event)}`).toBe(
          serialize(step.state),
        );
      }
      ran.add(path);
    } finally {
      actor.stop();
    }
  }

  async function missing(): Promise<Coverage> {
    for (const path of paths) if (!ran.has(path)) await run(path);
    return coverage.missing();
  }

  async function expectFullCoverage(): Promise<void> {
    assertCovered(await missing());
  }

  return { paths, run, expectFullCoverage, missing };
}
