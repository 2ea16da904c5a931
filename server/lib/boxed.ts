/**
 * Lines framed in a box, for what a person must not miss in a scrolling terminal: the demo's sign-in and each
 * e-mail link written to the outbox.
 */
export function boxed(lines: readonly string[]): string {
  const width = Math.max(...lines.map((line) => line.length));
  const rule = '─'.repeat(width + 2);
  return [`┌${rule}┐`, ...lines.map((line) => `│ ${line.padEnd(width)} │`), `└${rule}┘`].join('\n');
}
