import { createContext, type ReactNode, useContext } from 'react';
import type { User } from '../api/auth.ts';

/** The signed-in session, for every screen behind the session check (spec 6: guarded routes). */
export interface Session {
  user: User;
  /** spec 3: the first team of TeamsRender is the current workspace; its id is the team_id of every call. */
  teamId: number;
  /** Runs the session check again (spec 7: after submit, resend, revoke...) and resolves when it has answered. */
  recheck: () => Promise<void>;
  /** GET v1/logout, then the page reloads (spec 2). */
  logout: () => void;
}

const SessionContext = createContext<Session | null>(null);

/** Given by RequireSession once the check succeeded; tests can give a session of their own. */
export function SessionProvider({ session, children }: { session: Session; children: ReactNode }) {
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

/** The session of the signed-in user; only inside RequireSession (the main layout and /createAccount). */
export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside RequireSession');
  return session;
}
