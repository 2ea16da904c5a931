import { describe, expect, it } from 'vitest';
import { testConfig } from '../../../server/config.ts';
import { boxed } from '../../../server/lib/boxed.ts';
import { logFormat, logOptions } from '../../../server/lib/log-options.ts';

const transportOf = (options: ReturnType<typeof logOptions>) =>
  typeof options === 'object' && options !== null && 'transport' in options ? options.transport : undefined;

describe('the log a person reads', () => {
  it('is readable lines on a terminal and JSON otherwise', () => {
    expect(logFormat(true)).toBe('pretty');
    expect(logFormat(false)).toBe('json');
    expect(logFormat(undefined)).toBe('json');
  });

  it('goes through pino-pretty only when standard output is a terminal', () => {
    const config = testConfig({ logLevel: 'info' });
    expect(transportOf(logOptions(config, { stdoutIsTty: true }))).toMatchObject({ target: 'pino-pretty' });
    expect(transportOf(logOptions(config, { stdoutIsTty: false }))).toBeUndefined();
    // A log stream (the tests') is read as JSON whatever the terminal.
    expect(transportOf(logOptions(config, { stdoutIsTty: true, logStream: { write() {} } }))).toBeUndefined();
  });

  it('draws a box around lines that must not scroll away', () => {
    expect(boxed(['Sign in:', '  e-mail: a@b.c'])).toBe(
      ['┌─────────────────┐', '│ Sign in:        │', '│   e-mail: a@b.c │', '└─────────────────┘'].join('\n'),
    );
  });
});
