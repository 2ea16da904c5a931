import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const MACHINES = path.resolve(import.meta.dirname, '../../src/machines');

const machineSources = (fs.readdirSync(MACHINES, { recursive: true }) as string[])
  .filter((file) => file.endsWith('.ts') && !/\.test\.tsx?$/.test(file))
  .map((file) => ({ file, text: fs.readFileSync(path.join(MACHINES, file), 'utf8') }));

/**
 * A machine reads an event's fields after `assertEvent(event, 'type')` (XState v5), never through a cast: a cast
 * lets an action wired to the wrong event read undefined fields silently, where assertEvent fails at once and names
 * the event it expected. `{} as X` in `setup({ types })` is the typing idiom, not a cast of an event.
 */
describe('machines read events through assertEvent', () => {
  it('finds the machines', () => {
    expect(machineSources.length).toBeGreaterThan(20);
  });

  it.each(machineSources)('$file casts no event', ({ text }) => {
    expect(text.match(/\bevent(\.output)?\s+as\s+\w+/g) ?? []).toEqual([]);
  });
});
