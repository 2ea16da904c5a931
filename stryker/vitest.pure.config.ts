import { defineConfig } from 'vitest/config';

// The tests of the pure modules only (no screens, no machines), so the CI mutation check stays within 5 minutes.
// They need no DOM: a jsdom environment would cost seconds on each of the hundreds of mutant runs.
export default defineConfig({
  test: {
    environment: 'node',
    // The check runs at a low priority beside the end-to-end step (scripts/test.sh); the longest test (a series of
    // MAX_SLOTS buckets) took over Vitest's default 5 s there at a load average of 13.
    testTimeout: 30_000,
    include: [
      'src/lib/**/*.test.ts',
      'src/workers/stats.test.ts',
      'src/workers/stats.partial.test.ts',
      'src/workers/stats.properties.test.ts',
      'src/machines/auth/auth-validation*.test.ts',
      'tests/unit/server/**/*.test.ts',
      'tests/unit/contracts/account-rules.test.ts',
      'tests/unit/contracts/stats-csv.test.ts',
    ],
  },
});
