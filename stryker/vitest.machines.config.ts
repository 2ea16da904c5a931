import { defineConfig } from 'vitest/config';

// The machines' own tests and the machine model tests (no screens): the machines run on events alone, so they need
// no DOM, and a jsdom environment would cost seconds on each of the thousands of mutant runs.
export default defineConfig({
  test: {
    environment: 'node',
    include: [
      'src/machines/**/*.test.ts',
      'tests/model/*.model.test.ts',
      'tests/model/machine-model.test.ts',
    ],
    // Stryker runs these while the machine is busy: a test that takes 1 s alone can take several then.
    testTimeout: 30_000,
  },
});
