import { useCallback, useMemo, useRef } from 'react';
import { fromPromise } from 'xstate';
import { useSession } from '../../shared/session-context.tsx';

/**
 * The `recheckSession` action a settings machine is given (spec 4: the session is rechecked after submit, resend and
 * revoke). The machine keeps the function of its first render, so it calls the session's latest `recheck`.
 */
export function useRecheckSession(): () => void {
  const recheck = useLatestRecheck();
  return useCallback(() => void recheck(), [recheck]);
}

/** The same recheck as an actor that settles once the session holds the new user, for a machine that waits for it. */
export function useRecheckSessionActor() {
  const recheck = useLatestRecheck();
  return useMemo(() => fromPromise<void>(() => recheck()), [recheck]);
}

function useLatestRecheck(): () => Promise<void> {
  const { recheck } = useSession();
  const recheckRef = useRef(recheck);
  recheckRef.current = recheck;
  return useCallback(() => recheckRef.current(), []);
}
