import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { waitFor } from 'xstate';
import { tokenStore } from '../api/token-store.ts';
import { SESSION_ENDED } from '../lib/connection-messages.ts';
import { sessionMachine } from '../machines/auth/session.machine.ts';
import { useAppActor } from '../shared/app-actor.ts';
import { paths } from '../shared/paths.ts';
import { type Session, SessionProvider } from '../shared/session-context.tsx';
import { Loader } from '../ui/loader.tsx';
import { useRecheckOnFocus } from './recheck-on-focus.ts';
import { useRoleChanged, useSessionEnded } from './session-ended.ts';

const sessionLogic = sessionMachine.provide({
  actions: {
    clearToken: () => tokenStore.clear(),
    reloadPage: () => window.location.reload(),
  },
  guards: { hasToken: () => tokenStore.get() !== null },
});

/**
 * spec 2 and 6: a guarded route runs the session check (GET v1/check) first and sends the browser to / when it
 * fails or there is no token. Its children get the session through useSession().
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const [snapshot, send, actorRef] = useAppActor(sessionLogic);
  const { pathname } = useLocation();
  const checkedPath = useRef(pathname);
  // A call answered 401 (the client has already forgotten the token); sign-in says why the user is there.
  const [ended, setEnded] = useState(false);
  useSessionEnded(() => setEnded(true));
  // Demoted to viewer elsewhere; the new role reaches every screen through the session check.
  useRoleChanged(() => send({ type: 'session.recheck' }));
  // What another tab changed (e-mail, deletion, sign-out) shows when this one comes back.
  useRecheckOnFocus(() => {
    if (actorRef.getSnapshot().matches({ authenticated: 'idle' })) send({ type: 'session.recheck' });
  });

  // spec 7: the check runs before every guarded route. React keeps this guard mounted from one guarded route to the
  // next (e.g. /createAccount -> /myNodr), so a new path checks again; the user stays on screen meanwhile.
  useEffect(() => {
    if (pathname === checkedPath.current) return;
    checkedPath.current = pathname;
    send({ type: 'session.recheck' });
  }, [pathname, send]);
  const { user } = snapshot.context;
  const session = useMemo<Session | null>(() => {
    if (!user) return null;
    return {
      user,
      teamId: user.TeamsRender[0]?.id ?? 0,
      recheck: async () => {
        send({ type: 'session.recheck' });
        await waitFor(actorRef, (state) => !state.hasTag('checking'));
      },
      logout: () => send({ type: 'session.logout' }),
    };
  }, [user, send, actorRef]);

  if (ended) return <Navigate to={paths.login} replace state={{ notice: SESSION_ENDED }} />;
  if (snapshot.matches('unauthenticated')) return <Navigate to={paths.login} replace />;
  // While checking (and after logout, until the page reloads) the same loader as the lazy routes shows.
  if (!session) return <Loader fullScreen />;
  return <SessionProvider session={session}>{children}</SessionProvider>;
}
