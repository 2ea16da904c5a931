import {
  type AdjacencyMap,
  getAdjacencyMap,
  getShortestPaths,
  getSimplePaths,
  type StatePath,
} from '@xstate/graph';
import type { AnyEventObject, AnyMachineSnapshot, AnyStateMachine } from 'xstate';
import { trackCoverage } from './coverage.ts';

export type Path = StatePath<AnyMachineSnapshot, AnyEventObject>;

export interface Traversal {
  events: AnyEventObject[] | ((snapshot: AnyMachineSnapshot) => AnyEventObject[]);
  input?: unknown;
  serializeState: (snapshot: AnyMachineSnapshot) => string;
  stopWhen?: (snapshot: AnyMachineSnapshot) => boolean;
}

/**
 * The paths to drive, from @xstate/graph's public traversals: the shortest path to every state, plus every other
 * enabled transition taken once at the end of the shortest path to its source (a shortest-path tree alone skips the
 * transitions that lead to a state already reached; see PathChoice). With `simple`, every simple path too (small
 * graphs only: their number grows fast). A path that is the start of a longer one is dropped: the longer one passes the same states.
 */
export interface PathChoice {
  /** Add @xstate/graph's simple paths too. */
  simple?: boolean;
  /**
   * Keep an extra transition only where it reaches a state node or a transition of the machine definition that no
   * path kept so far reaches, or where its event (with its payload) is on no path yet: every state, transition and
   * event once, not every edge of the graph (screen tests, where each path renders the screen).
   */
  minimal?: boolean;
}

export function generatePaths(
  machine: AnyStateMachine,
  traversal: Traversal,
  choice: PathChoice = {},
): Path[] {
  const { serializeState: serialize } = traversal;
  const options = traversal as NonNullable<Parameters<typeof getShortestPaths>[1]>;
  const shortest = getShortestPaths(machine, options) as Path[];
  const shortestTo = new Map(shortest.map((path) => [serialize(path.state), path]));
  const edge = (from: AnyMachineSnapshot, event: AnyEventObject) =>
    `${serialize(from)}|${JSON.stringify(event)}`;
  const taken = new Set(
    shortest.flatMap((path) =>
      path.steps.slice(1).map((step, index) => edge(path.steps[index]!.state, step.event)),
    ),
  );
  const kept = trackCoverage(machine);
  const eventsKept = new Set<string>();
  if (choice.minimal)
    for (const path of shortest) {
      kept.start(traversal.input);
      for (const [index, step] of path.steps.slice(1).entries()) {
        kept.step(path.steps[index]!.state, step.event);
        eventsKept.add(JSON.stringify(step.event));
      }
    }
  const extended: Path[] = [];
  const adjacency = getAdjacencyMap(machine, options) as AdjacencyMap<AnyMachineSnapshot, AnyEventObject>;
  for (const [from, vertex] of Object.entries(adjacency)) {
    const head = shortestTo.get(from);
    if (!head) continue;
    const edges = Object.values(vertex.transitions) as { event: AnyEventObject; state: AnyMachineSnapshot }[];
    for (const { event, state } of edges) {
      if (taken.has(`${from}|${JSON.stringify(event)}`) || !vertex.state.can(event)) continue;
      if (choice.minimal) {
        const newEvent = !eventsKept.has(JSON.stringify(event));
        if (!newEvent && !kept.adds(vertex.state, event)) continue;
        kept.step(vertex.state, event);
        eventsKept.add(JSON.stringify(event));
      }
      extended.push({ ...head, state, steps: [...head.steps, { event, state }] });
    }
  }
  const all = [
    ...shortest,
    ...extended,
    ...(choice.simple ? (getSimplePaths(machine, options) as Path[]) : []),
  ];
  const keys = all.map((path) =>
    path.steps.map((step) => `${JSON.stringify(step.event)}>${serialize(step.state)}`),
  );
  return all.filter((_, index) => {
    const mine = keys[index]!;
    return !keys.some(
      (other, j) =>
        (other.length > mine.length || (other.length === mine.length && j < index)) &&
        mine.every((part, k) => other[k] === part),
    );
  });
}
