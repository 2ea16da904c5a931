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
