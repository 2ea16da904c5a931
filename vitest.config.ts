import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

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
          setupFiles: ['tests/setup/dom.ts'],
          // Files are independent (jsdom each); two workers use both cores of the CI machine.
          maxWorkers: 2,
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
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // One migrated database for the run, which each file copies (tests/helpers/database.ts).
          globalSetup: ['tests/setup/database-template.ts'],
          // Each file gets its own database; two workers keep a 2-core machine busy without thrashing.
          maxWorkers: 2,
        },
      },
      {
        extends: true,
        test: {
          // issue 12: server processes as replicas on one PostgreSQL; only in the PostgreSQL stage of scripts/test.sh.
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
