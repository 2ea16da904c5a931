import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// The unit project of vitest.config.ts on its own: Stryker's Vitest runner takes one project, not a workspace.
export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'tests/model/**/*.test.{ts,tsx}', 'tests/unit/**/*.test.{ts,tsx}'],
    setupFiles: ['tests/setup/dom.ts'],
    // Stryker runs these while the machine is busy (its own test runner beside other work): a screen test that
    // takes 2 s alone can pass 5 s then, which would fail the initial run.
    testTimeout: 30_000,
  },
});
