import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { MODULE_MOCKING_FILES } from '../../vitest.config.ts';

/**
 * The unit project shares one module registry per worker (no per-file isolation, docs/testing.md "Time of the test
 * command"), so a file that replaces a module with vi.mock would leave the replacement in force for the files after it.
 * Every such file must be listed in MODULE_MOCKING_FILES, which runs them in the unit-isolated project.
 */
describe('unit files that replace a module', () => {
  it('are all listed in MODULE_MOCKING_FILES, and the list names no other file', () => {
    const mocking = execFileSync(
      'git',
      ['grep', '-l', 'vi.mock(', '--', 'src', 'tests/model', 'tests/unit'],
      {
        encoding: 'utf8',
      },
    )
      .split('\n')
      .filter((file) => file !== '' && file !== 'tests/unit/module-mocking-files.test.ts');
    expect([...MODULE_MOCKING_FILES].sort()).toEqual(mocking.sort());
  });
});
