import type { User } from '../api/auth.ts';

/**
 * spec 1 and 2: after the first sign-in a user gives a name, a last name and a workspace name on /createAccount,
 * all three required. A new account starts with all three empty (server/accounts/accounts.repository.ts), so onboarding
 * is done once the user has a name and a last name and the current workspace has a name.
 */
export function onboardingDone(user: User): boolean {
  return user.name !== '' && user.surname !== '' && (user.TeamsRender[0]?.name ?? '') !== '';
}
