import react from '@vitejs/plugin-react';
import { configDefaults, defineConfig } from 'vitest/config';

/** tests/node files that start the product on a PGlite data folder of their own (DATABASE_URL=''). */
const PGLITE_PROCESS_FILES = [
  'tests/node/crash-safety.test.ts',
  'tests/node/data-dir-lock.test.ts',
  'tests/node/shutdown-drain.test.ts',
];

/**
 * Server-project files whose subject never reaches the database engine: request parsing and validation (the fuzz
 * run's 10,000 requests among them), headers, the API document, static delivery, the agent, the installer script,
 * PGlite's own thread, the demo (which runs on PGlite only) and the statistics migration test (which migrates a PGlite
 * of its own, whatever DATABASE_URL says). PGlite is PostgreSQL's own code, so what these prove on
 * it holds on PostgreSQL; where the engines differ (connections and pools, locks under concurrency, NOTIFY, prepared
 * statements, the pool gauge in the metrics) the files stay in both runs. The test command's PostgreSQL step sets
 * SKIP_ENGINE_NEUTRAL=1 and leaves these out, so they run once (the command's time).
 */
const ENGINE_NEUTRAL_FILES = [
  'agent/**/*.test.ts',
  'simulation/**/*.test.ts',
  'server/accounts/device.test.ts',
  'tests/node/agent.test.ts',
  'tests/node/demo.test.ts',
  'tests/node/installer.test.ts',
  'tests/server/auth-malformed.test.ts',
  'tests/server/csp.test.ts',
  'tests/server/delivery.test.ts',
  'tests/server/error-handler.test.ts',
  'tests/server/fuzz-routes.test.ts',
  'tests/server/input-rules.test.ts',
  'tests/server/node-keys.test.ts',
  'tests/server/openapi.test.ts',
  'tests/server/openapi-structs.test.ts',
  'tests/server/pglite-thread.test.ts',
  'tests/server/stats-cache.test.ts',
  'tests/server/stats-migration.test.ts',
  'tests/server/trust-proxy.test.ts',
];

/**
 * Unit files that replace a module with vi.mock. The unit project shares one module registry per worker across its
 * files (isolate: false), so such a mock would stay in force for the files that run after it in that worker: these
 * run in a project of their own, each file in a fresh registry.
 */
export const MODULE_MOCKING_FILES = [
  'tests/model/login.screen-model.test.tsx',
  'tests/model/statistics.screen-model.test.tsx',
];

/** Server files run a second time with PGlite in its worker thread, the product's mode (project server-worker). */
const PGLITE_WORKER_FILES = [
  'tests/server/auth-journey.test.ts',
  'tests/server/nodes-api.test.ts',
  'tests/server/stats-api.test.ts',
  'tests/server/database-errors.test.ts',
];

export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: [
            'src/**/*.test.{ts,tsx}',
            'tests/model/**/*.test.{ts,tsx}',
            'tests/unit/**/*.test.{ts,tsx}',
          ],
          exclude: [...configDefaults.exclude, ...MODULE_MOCKING_FILES],
          setupFiles: ['tests/setup/dom.ts'],
          // Two workers use both cores of the CI machine. Each worker runs its files one after another in one
          // process (no isolation): loading jsdom, React and Testing Library once per worker instead of once per
          // file halves the project's CPU time (docs/testing.md "Time of the test command"). Every file cleans up
          // after each test (tests/setup/dom.ts), and the run passes in any order.
          maxWorkers: 2,
          isolate: false,
          // Screen tests render and wait on the real machines; on a loaded machine 5 s was too short for some.
          testTimeout: 15_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'unit-isolated',
          environment: 'jsdom',
          include: MODULE_MOCKING_FILES,
          setupFiles: ['tests/setup/dom.ts'],
          maxWorkers: 2,
          testTimeout: 15_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: [
            'server/**/*.test.ts',
            'tests/server/**/*.test.ts',
            'agent/**/*.test.ts',
            'simulation/**/*.test.ts',
            'tests/node/**/*.test.ts',
          ],
          exclude: [
            ...configDefaults.exclude,
            ...PGLITE_PROCESS_FILES,
            ...(process.env.SKIP_ENGINE_NEUTRAL === '1' ? ENGINE_NEUTRAL_FILES : []),
          ],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // One migrated database for the run, which each file copies (tests/helpers/database.ts).
          globalSetup: ['tests/setup/database-template.ts'],
          // Each file gets its own database. Two workers kept the cores busy only about two thirds of the time on
          // PostgreSQL (tests 232 s over 184 s wall), so a third runs in the gaps.
          maxWorkers: 3,
        },
      },
      {
        extends: true,
        test: {
          // The product runs PGlite in its worker thread; the server project runs it on the test's thread.
          // These files cover the same calls (sessions, nodes, statistics, errors) on the worker path, in the PGlite
          // stage of scripts/test.sh, in the same Vitest call as the server project (so the same worker count).
          name: 'server-worker',
          environment: 'node',
          include: PGLITE_WORKER_FILES,
          env: { PGLITE_THREAD: 'worker' },
          globalSetup: ['tests/setup/database-template.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          maxWorkers: 3,
        },
      },
      {
        extends: true,
        test: {
          // Server processes on a PGlite data folder of their own whatever DATABASE_URL says (lock, crash safety,
          // SIGTERM drain): run in the PGlite stage of scripts/test.sh only, where they run once, not twice.
          name: 'process',
          environment: 'node',
          include: PGLITE_PROCESS_FILES,
          // The drain test copies a migrated data folder; the lock and crash tests start from empty ones.
          globalSetup: ['tests/setup/database-template.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Run in one Vitest call with the server project, which needs the same number of workers.
          maxWorkers: 3,
        },
      },
      {
        extends: true,
        test: {
          // Server processes as replicas on one PostgreSQL; only in the PostgreSQL stage of scripts/test.sh.
          name: 'cluster',
          environment: 'node',
          include: ['tests/cluster/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // After the server tests and one file at a time: each file starts server processes of its own.
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Each file starts its own server, data folder, mail catcher and browser on free ports, so files are
          // independent; two at a time keep a 2-core machine busy while one waits on timers and the network.
          maxWorkers: 2,
        },
      },
    ],
  },
});
