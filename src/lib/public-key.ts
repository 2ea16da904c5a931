// spec 5: a begin line, one line of 64 base64 characters, one line of 60 (the last two may be padding), an end line.
// The same rule as the server's (server/api/public-key.ts); the server then also parses the key as ECDSA P-256.
const PEM_SHAPE =
  /^-----BEGIN PUBLIC KEY-----\n[A-Za-z0-9+/]{64}\n[A-Za-z0-9+/]{58}(?:[A-Za-z0-9+/]{2}|[A-Za-z0-9+/]=|==)\n-----END PUBLIC KEY-----$/;

/** The longest paste looked at; a valid key is 178 characters. */
const MAX_INPUT_LENGTH = 1024;

/** Whether a pasted key has the PEM shape of spec 5 (CRLF accepted, outer whitespace ignored). */
export function hasPublicKeyShape(text: string): boolean {
  return text.length <= MAX_INPUT_LENGTH && PEM_SHAPE.test(text.replace(/\r\n/g, '\n').trim());
}

// Stryker disable next-line MethodExpression: PEM armour lines both start and end with five dashes
const isArmour = (line: string) => line.startsWith('-----');

/** The key's base64 body shortened for display: 'MFkwEwYH…QvZ3Q=='. */
export function maskPublicKey(pem: string): string {
  const body = pem
    .split(/\r?\n/)
    .filter((line) => line && !isArmour(line))
    .join('');
  if (body.length <= 16) return '•'.repeat(body.length);
  return `${body.slice(0, 8)}••••••••${body.slice(-8)}`;
}
