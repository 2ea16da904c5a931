// @ts-check
import { fileURLToPath } from 'node:url';

/**
 * The CI mutation check: the pure modules only, failing below an 80% score.
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  testRunner: 'vitest',
  // Equivalent mutants are excluded here, with their reasons, never by pragmas in product code.
  plugins: [
    '@stryker-mutator/vitest-runner',
    fileURLToPath(new URL('./equivalent-mutants.mjs', import.meta.url)),
  ],
  ignorers: ['equivalent-mutants'],
  vitest: { configFile: 'stryker/vitest.pure.config.ts', related: true },
  mutate: [
    'contracts/account-rules.ts',
    'contracts/node-rules.ts',
    'contracts/public-key.ts',
    'contracts/stats-csv.ts',
    'server/statistics/stats-format.ts',
    'src/machines/auth/auth-validation.ts',
    'src/workers/stats.ts',
    'src/lib/bits.ts',
    'src/lib/format.ts',
    'src/lib/relative-time.ts',
    'src/lib/node-status.ts',
    'src/lib/node-messages.ts',
    'src/lib/public-key.ts',
    'server/accounts/account-deletion.precheck.ts',
    'server/accounts/link-state.ts',
    'server/statistics/stats-window.ts',
  ],
  coverageAnalysis: 'perTest',
  // Static mutants (module-level constants: messages, patterns) rerun every test of the set, each: about half the
  // run for a tenth of the mutants. The test command leaves them out to stay within its time; STRYKER_STATIC=1
  // includes them (docs/testing.md "Mutation testing").
  ignoreStatic: process.env.STRYKER_STATIC !== '1',
  // A file that does not exist: TypeScript 7 lacks the API Stryker's tsconfig step calls (STACK.md);
  // `npm run typecheck` catches type errors.
  tsconfigFile: 'stryker/no-tsconfig.json',
  concurrency: 2,
  thresholds: { high: 90, low: 80, break: 80 },
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/ci/index.html' },
  jsonReporter: { fileName: 'reports/mutation/ci/mutation.json' },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
