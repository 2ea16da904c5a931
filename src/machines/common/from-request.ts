import { fromPromise, type NonReducibleUnknown, type PromiseActorLogic } from 'xstate';

type Run<Output, Input> = Parameters<typeof fromPromise<Output, Input>>[0];

/**
 * fromPromise for API calls: when the actor is stopped, its request is aborted (STYLE 5) and the abort must not
 * reach the machine as a failure. React's StrictMode stops and restarts every actor once in development, and a
 * stopped actor's late rejection would otherwise send e.g. the session check to 'unauthenticated'. An aborted call
 * therefore never settles; a real failure still rejects.
 */
export function fromRequest<Output, Input = NonReducibleUnknown>(
  run: Run<Output, Input>,
): PromiseActorLogic<Output, Input> {
  return fromPromise<Output, Input>(async (args) => {
    try {
      return await run(args);
    } catch (error) {
      if (args.signal.aborted) return new Promise<never>(() => {});
      throw error;
    }
  });
}
