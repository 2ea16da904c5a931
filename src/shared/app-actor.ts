import { useActor, useActorRef } from '@xstate/react';
import type { ActorOptions, AnyActorLogic } from 'xstate';
import { inspect } from './inspect.ts';

/** What a hook takes after the logic: its options, required when the logic needs input. */
type OptionsOf<Hook extends (...args: never[]) => unknown> =
  Parameters<Hook> extends [unknown, ...infer Rest] ? Rest : never;

/**
 * Every root actor of the app starts here, so in development each one reports to the Stately inspector (`?inspect`,
 * main.tsx) and none can be forgotten; outside it `inspect()` is undefined and this is plain `useActor`. The first
 * signature is the caller's (the options checked against the logic, as `useActor` checks them); the second is the
 * body's, since the compiler cannot follow `useActor`'s conditional option types through a generic.
 */
export function useAppActor<TLogic extends AnyActorLogic>(
  logic: TLogic,
  ...options: OptionsOf<typeof useActor<TLogic>>
): ReturnType<typeof useActor<TLogic>>;
export function useAppActor(logic: AnyActorLogic, options?: ActorOptions<AnyActorLogic>) {
  return useActor(logic, { ...options, inspect: inspect() });
}

/** The same for a root actor that a screen reads through `useSelector` rather than re-rendering on every change. */
export function useAppActorRef<TLogic extends AnyActorLogic>(
  logic: TLogic,
  ...options: OptionsOf<typeof useActor<TLogic>>
): ReturnType<typeof useActorRef<TLogic>>;
export function useAppActorRef(logic: AnyActorLogic, options?: ActorOptions<AnyActorLogic>) {
  return useActorRef(logic, { ...options, inspect: inspect() });
}
