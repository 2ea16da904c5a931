import type { ReactNode } from 'react';

/** Placeholder until issue 2 builds the guard (session check, redirect to / on failure). */
export function RequireSession({ children }: { children: ReactNode }) {
  return children;
}
