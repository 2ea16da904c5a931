import { getStateNodes } from '@xstate/graph';
import {
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyTransitionDefinition,
  getInitialMicrosteps,
  getMicrosteps,
  getNextTransitions,
} from 'xstate';

/**
 * Which state nodes and transitions of a machine definition a set of paths reaches, worked out with XState's public
 * API only (issue 15: `getTransitionData`, `getMicrosteps`, `getNextTransitions`), never from private fields.
 */

export interface Coverage {
  states: string[];
  transitions: string[];
}

export interface CoverageTracker {
  /** Records the start of a path: the initial state and the eventless transitions taken on the way in. */
  start(input?: unknown): void;
  /** Records one step: the transitions `event` takes from `from` and the states the machine passes. */
  step(from: AnyMachineSnapshot, event: AnyEventObject): void;
  /** What no recorded step reached. */
  missing(): Coverage;
  /** Counts for the report: reached / all. */
  figures(): { states: [number, number]; transitions: [number, number] };
}

/** Every transition of the machine definition, named `source: event #n -> targets`. */
export function transitionNames(machine: AnyStateMachine): Map<AnyTransitionDefinition, string> {
  const names = new Map<AnyTransitionDefinition, string>();
  const nameAll = (candidates: AnyTransitionDefinition[]) => {
    for (const [index, transition] of candidates.entries()) {
      const targets = transition.target?.map((node) => node.id).join(', ') ?? '(stays)';
      const event = transition.eventType === '' ? 'always' : `on ${transition.eventType}`;
      const nth = candidates.length > 1 ? ` #${index + 1}` : '';
      names.set(transition, `${transition.source.id}: ${event}${nth} -> ${targets}`);
    }
  };
  for (const node of [machine.root, ...getStateNodes(machine.root)]) {
    for (const candidates of node.transitions.values()) nameAll(candidates);
    nameAll(node.always ?? []);
  }
  return names;
}

type Microstep = [AnyMachineSnapshot, { type: string; params?: unknown }[]];

/** The event of an `xstate.raise` action that is processed in the same macrostep (no delay). */
function raisedEvent(action: { type: string; params?: unknown }): AnyEventObject[] {
  const params = action.params as { event?: AnyEventObject; delay?: unknown } | undefined;
  return action.type === 'xstate.raise' && params?.event && params.delay === undefined ? [params.event] : [];
}

const isActive = (snapshot: AnyMachineSnapshot, id: string, machine: AnyStateMachine) => {
  const path = machine.getStateNodeById(id).path;
  return path.length === 0 || snapshot.matches(path.join('.'));
};

/**
 * The eventless transition that led from one microstep to the next: the `always` candidate of the earlier snapshot
 * whose targets are all active in the later one (guards are not public API, their outcome shows in the result).
 */
function eventlessTaken(machine: AnyStateMachine, before: AnyMachineSnapshot, after: AnyMachineSnapshot) {
  return getNextTransitions(before).filter(
    (transition) =>
      transition.eventType === '' &&
      (transition.target ?? []).every((node) => isActive(after, node.id, machine)) &&
      (transition.target?.length ?? 0) > 0,
  );
}

export function trackCoverage(machine: AnyStateMachine): CoverageTracker {
  const names = transitionNames(machine);
  const nodes = getStateNodes(machine.root).filter((node) => node.type !== 'history');
  const states = new Set<string>();
  const transitions = new Set<string>();

  const see = (snapshot: AnyMachineSnapshot) => {
    for (const node of nodes) if (snapshot.matches(node.path.join('.'))) states.add(node.id);
  };
  const take = (taken: AnyTransitionDefinition[]) => {
    for (const transition of taken) {
      const name = names.get(transition);
      if (name) transitions.add(name);
    }
  };
  /**
   * The microsteps after the first: XState takes the eventless transitions first, then the events raised by
   * earlier microsteps' actions (an `xstate.raise` action without a delay), in order.
   */
  const walk = (microsteps: Microstep[]) => {
    const raised: AnyEventObject[] = [];
    let before: AnyMachineSnapshot | undefined;
    for (const [after, actions] of microsteps) {
      if (before) {
        const eventless = eventlessTaken(machine, before, after);
        if (eventless.length > 0) take(eventless);
        else {
          const next = raised.shift();
          if (next) take(machine.getTransitionData(before, next as never));
        }
      }
      raised.push(...actions.flatMap(raisedEvent));
      see(after);
      before = after;
    }
  };

  return {
    start(input) {
      walk(getInitialMicrosteps(machine, input as never));
    },
    step(from, event) {
      take(machine.getTransitionData(from, event as never));
      walk(getMicrosteps(machine, from, event as never));
    },
    missing() {
      return {
        states: nodes.map((node) => node.id).filter((id) => !states.has(id)),
        transitions: [...names.values()].filter((name) => !transitions.has(name)),
      };
    },
    figures() {
      return { states: [states.size, nodes.length], transitions: [transitions.size, names.size] };
    },
  };
}

/** Fails listing every gap in full (an object diff would be cut short in the report). */
export function assertCovered(gap: Coverage): void {
  if (gap.states.length + gap.transitions.length === 0) return;
  throw new Error(
    [
      'No path reached these; add events (or actorDone/actorError outcomes) that lead there:',
      ...gap.states.map((id) => `  state ${id}`),
      ...gap.transitions.map((name) => `  transition ${name}`),
    ].join('\n'),
  );
}
