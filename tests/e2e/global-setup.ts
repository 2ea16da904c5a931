import { execFileSync } from 'node:child_process';
import { createPgliteTemplate, TEMPLATE_VARIABLE } from '../helpers/database.ts';

/**
 * Builds the web app once, so every end-to-end test runs the server exactly as `npm start` does, and migrates one
 * PGlite data folder that each server copies (tests/e2e/harness.ts) instead of running initdb on its first start.
 */
export async function setup() {
  build();
  const template = await createPgliteTemplate();
  process.env[TEMPLATE_VARIABLE] = template.ref;
  return async () => {
    delete process.env[TEMPLATE_VARIABLE];
    await template.dispose();
  };
}

function build(): void {
  if (process.env.E2E_SKIP_BUILD === '1') return;
  execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], {
    stdio: 'inherit',
    // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build (StrictMode's double effects
    // included); `npm start` builds for production.
    env: { ...process.env, NODE_ENV: 'production' },
  });
}
