import { useCallback, useRef } from 'react';
import { useSession } from '../../shared/session-context.tsx';

/**
 * The `recheckSession` action a settings machine is given (spec 4: the session is rechecked after submit, resend and
 * revoke). The machine keeps the function of its first render, so it calls the session's latest `recheck`.
 */
export function useRecheckSession(): () => void {
  const { recheck } = useSession();
  const recheckRef = useRef(recheck);
  recheckRef.current = recheck;
  return useCallback(() => void recheckRef.current(), []);
}
