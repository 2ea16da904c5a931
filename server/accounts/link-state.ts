/**
 * The lifecycle of an e-mail link: a pure decision on the stored link and the time of the request, so
 * that the rule has one home and is measured by the mutation check.
 */

export type LinkState = 'valid' | 'expired' | 'used' | 'revoked';

/** The stored times that decide a link's state (a row of email_links has them). */
export interface LinkTimes {
  expiresAt: Date;
  usedAt: Date | null;
  revokedAt: Date | null;
}

/**
 * A used link stays used and a revoked one revoked whatever their expiry; a link is expired from its expiry time on
 * (it works strictly before).
 */
export function linkStateAt(link: LinkTimes, now: Date): LinkState {
  if (link.usedAt !== null) return 'used';
  if (link.revokedAt !== null) return 'revoked';
  if (link.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'valid';
}
