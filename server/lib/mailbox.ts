/**
 * The inbox an address delivers to, as the mail budget counts it (server/lib/mail-limits.ts). Mail servers read
 * many spellings as one inbox: the case of the address, a trailing dot after the domain, a quoted local part and a
 * `+tag` sub-address all reach the same mailbox, so a budget per spelling would let one inbox be flooded.
 */
export function canonicalMailbox(email: string): string {
  const lower = email.trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  if (at < 0) return lower;
  let local = lower.slice(0, at);
  const domain = lower.slice(at + 1).replace(/\.+$/, '');
  // A quoted local part ("ada"@x, "ada"+tag@x) names the same mailbox as the bare one; inside, a backslash escapes.
  const quoted = /^"((?:[^"\\]|\\.)*)"(.*)$/.exec(local);
  if (quoted) local = `${quoted[1]?.replace(/\\(.)/g, '$1')}${quoted[2]}`;
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  return `${local}@${domain}`;
}
