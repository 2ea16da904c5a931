import { execFileSync } from 'node:child_process';

/** Builds the web app once, so every end-to-end test runs the server exactly as `npm start` does. */
export function setup(): void {
  if (process.env.E2E_SKIP_BUILD === '1') return;
  execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], {
    stdio: 'inherit',
    // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build (StrictMode's double effects
    // included); `npm start` builds for production.
    env: { ...process.env, NODE_ENV: 'production' },
  });
}
