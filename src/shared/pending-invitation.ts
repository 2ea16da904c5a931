/**
 * The invitation link a signed-out person followed, kept in this browser while they sign in or go through
 * the registration path (register → e-mail link → create password → create account); the signed-in layout accepts
 * it once (src/app/pending-invitation.ts).
 */
const KEY = 'pending_invitation';

export const pendingInvitation = {
  get: (): string | null => localStorage.getItem(KEY),
  set: (hash: string) => localStorage.setItem(KEY, hash),
  clear: () => localStorage.removeItem(KEY),
};
