import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { tokenStore } from '../api/token-store.ts';
import { onboardingDone } from '../lib/onboarding.ts';
import { sessionMachine } from '../machines/auth/session.machine.ts';
import { useAppActor } from '../shared/app-actor.ts';
import { paths } from '../shared/paths.ts';
import { Loader } from '../ui/loader.tsx';

const sessionLogic = sessionMachine.provide({ guards: { hasToken: () => tokenStore.get() !== null } });

/**
 * spec 2, the login route: "If already authenticated, redirected". A browser holding a token runs the session check
 * first; a signed-in user goes to My NODR, or back to /createAccount while onboarding is not done. Without a token,
 * or when the check fails, the page shows at once.
 */
export function RedirectSignedIn({ children }: { children: ReactNode }) {
  const [snapshot] = useAppActor(sessionLogic);
  const { user } = snapshot.context;
  if (user) return <Navigate to={onboardingDone(user) ? paths.myNodr : paths.createAccount} replace />;
  if (snapshot.hasTag('checking')) return <Loader fullScreen />;
  return children;
}
