// @ts-check
import ci from './ci.config.mjs';

/**
 * Every machine against its own tests and the machine model tests, in the Node environment: the
 * measurement the whole run cannot afford on a 2-core machine (`npm run test:mutation:machines`). Static mutants
 * (the machine config itself) are left out, as in the whole run; the screen models hold those.
 * One module: `npx stryker run stryker/machines.config.mjs --mutate src/machines/auth/login.machine.ts`.
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  ...ci,
  vitest: { configFile: 'stryker/vitest.machines.config.ts', related: true },
  mutate: ['src/machines/**/*.machine.ts'],
  ignoreStatic: true,
  // A figure for developers, not a gate: it reports without breaking.
  thresholds: { high: 90, low: 80, break: null },
  htmlReporter: { fileName: 'reports/mutation/machines/index.html' },
  jsonReporter: { fileName: 'reports/mutation/machines/mutation.json' },
};
