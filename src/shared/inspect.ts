import type { InspectionEvent, Observer } from 'xstate';

let observer: Observer<InspectionEvent> | undefined;

/** Set once in development when `?inspect` is in the address (main.tsx starts the Stately inspector). */
export function setInspector(next: Observer<InspectionEvent>): void {
  observer = next;
}

/**
 * The `inspect` option for createActor/useActor: undefined unless the inspector runs, so production code pays
 * nothing. Every root actor of the app starts through `useAppActor` (app-actor.ts), which passes it on.
 */
export function inspect(): Observer<InspectionEvent> | undefined {
  return observer;
}
