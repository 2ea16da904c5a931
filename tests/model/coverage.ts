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
 * API only (`getTransitionData`, `getMicrosteps`, `getNextTransitions`), never from private fields.
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
  /** Whether that step would reach a state node or transition not recorded yet (it records nothing). */
  adds(from: AnyMachineSnapshot, event: AnyEventObject): boolean;
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

interface Reach {
  states: Set<string>;
  transitions: Set<string>;
}

export function trackCoverage(machine: AnyStateMachine): CoverageTracker {
  const names = transitionNames(machine);
  const nodes = getStateNodes(machine.root).filter((node) => node.type !== 'history');
  const reached: Reach = { states: new Set(), transitions: new Set() };

  /**
   * What a macrostep passes: the first microstep's transitions, then the eventless ones (XState takes those first)
   * and the events raised by earlier microsteps' actions (an `xstate.raise` action without a delay), in order.
   */
  function reach(first: AnyTransitionDefinition[], microsteps: Microstep[]): Reach {
    const found: Reach = { states: new Set(), transitions: new Set() };
    const take = (taken: AnyTransitionDefinition[]) => {
      for (const transition of taken) {
        const name = names.get(transition);
        if (name) found.transitions.add(name);
      }
    };
    take(first);
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
      for (const node of nodes) if (after.matches(node.path.join('.'))) found.states.add(node.id);
      before = after;
    }
    return found;
  }

  const ofStep = (from: AnyMachineSnapshot, event: AnyEventObject) =>
    reach(machine.getTransitionData(from, event as never), getMicrosteps(machine, from, event as never));
  const record = (found: Reach) => {
    for (const id of found.states) reached.states.add(id);
    for (const name of found.transitions) reached.transitions.add(name);
  };

  return {
    start(input) {
      record(reach([], getInitialMicrosteps(machine, input as never)));
    },
    step(from, event) {
      record(ofStep(from, event));
    },
    adds(from, event) {
      const found = ofStep(from, event);
      return (
        [...found.states].some((id) => !reached.states.has(id)) ||
        [...found.transitions].some((name) => !reached.transitions.has(name))
      );
    },
    missing() {
      return {
        states: nodes.map((node) => node.id).filter((id) => !reached.states.has(id)),
        transitions: [...names.values()].filter((name) => !reached.transitions.has(name)),
      };
    },
    figures() {
      return {
        states: [reached.states.size, nodes.length],
        transitions: [reached.transitions.size, names.size],
      };
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
