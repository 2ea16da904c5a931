import { defineConfig } from 'vitest/config';

// The tests of the pure modules only (no screens, no machines), so the CI mutation check stays within 5 minutes.
// They need no DOM: a jsdom environment would cost seconds on each of the hundreds of mutant runs.
export default defineConfig({
  test: {
    environment: 'node',
    include: [
      'src/lib/**/*.test.ts',
      'src/workers/stats.test.ts',
      'src/workers/stats.partial.test.ts',
      'src/workers/stats.properties.test.ts',
      'src/machines/auth-validation*.test.ts',
      'tests/unit/server/**/*.test.ts',
      'tests/unit/contracts/account-rules.test.ts',
      'tests/unit/contracts/stats-csv.test.ts',
    ],
  },
});
