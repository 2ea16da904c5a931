import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The layers hold because biome.json refuses imports against their direction
 * (docs/architecture.md, "Layers"). Each case is an import written in a file of some folder; Biome lints them all
 * with the project's own biome.json in a scratch copy of the folder layout, and each must be refused or allowed.
 */
const cases: [file: string, specifier: string, allowed: boolean][] = [
  ['src/machines/probe.ts', 'react', false],
  ['src/machines/probe.ts', 'react-dom/client', false],
  ['src/machines/probe.ts', '@xstate/react', false],
  ['src/machines/probe.ts', 'react-router-dom', false],
  ['src/machines/probe.ts', '../screens/nodes/node-card.tsx', false],
  ['src/machines/probe.ts', '../app/routes.tsx', false],
  ['src/machines/probe.ts', '../ui/button.tsx', false],
  // A .tsx module is a React module, even in the shared layer.
  ['src/machines/probe.ts', '../shared/session-context.tsx', false],
  ['src/machines/probe.ts', '../../tests/fixtures/node-fixtures.ts', false],
  ['src/machines/probe.ts', '../../server/app.ts', false],
  ['src/machines/probe.ts', 'xstate', true],
  ['src/machines/probe.ts', './login.actors.ts', true],
  ['src/machines/probe.ts', '../shared/paths.ts', true],
  ['src/machines/probe.ts', '../api/client.ts', true],
  ['src/machines/probe.ts', '../../contracts/node-status.ts', true],
  // Tests beside a machine may render it with React and use the test harness, but never reach the server.
  ['src/machines/probe.test.ts', 'react', true],
  ['src/machines/probe.test.ts', '../../tests/model/machine-model.ts', true],
  ['src/machines/probe.test.ts', '../../server/app.ts', false],
  ['src/screens/nodes/probe.tsx', '../../app/routes.tsx', false],
  ['src/screens/nodes/probe.tsx', '../../app/live-updates.tsx', false],
  ['src/screens/nodes/probe.tsx', '../../../server/app.ts', false],
  ['src/screens/nodes/probe.tsx', '../../../agent/signer.ts', false],
  ['src/screens/nodes/probe.tsx', '../../../tests/fakes/node-screens.tsx', false],
  ['src/screens/nodes/probe.tsx', 'react', true],
  ['src/screens/nodes/probe.tsx', '../../shared/live-updates.ts', true],
  ['src/screens/nodes/probe.tsx', '../../machines/node.machine.ts', true],
  ['src/screens/nodes/probe.tsx', '../../ui/button.tsx', true],
  ['src/screens/nodes/probe.test.tsx', '../../../tests/fakes/node-screens.tsx', true],
  ['src/screens/nodes/probe.test.tsx', '../../../server/app.ts', false],
  ['src/shared/probe.ts', '../machines/login.machine.ts', false],
  ['src/shared/probe.ts', '../screens/auth/login-screen.tsx', false],
  ['src/shared/probe.ts', '../app/routes.tsx', false],
  ['src/shared/probe.ts', 'react', true],
  ['src/shared/probe.ts', '../api/client.ts', true],
  ['src/lib/probe.ts', '../machines/login.machine.ts', false],
  ['src/lib/probe.ts', '../../tests/fixtures/node-fixtures.ts', false],
  // The app shell reaches screens only through its route table; its own parts (a layout, a banner) use src/ui.
  ['src/app/routes.tsx', '../screens/auth/login-screen.tsx', true],
  ['src/app/probe.tsx', '../screens/auth/login-screen.tsx', false],
  ['src/app/probe.tsx', '../screens/settings/avatar.tsx', false],
  ['src/app/probe.tsx', '../ui/avatar.tsx', true],
  ['src/app/probe.test.tsx', '../screens/nodes/my-nodr-screen.tsx', true],
  ['src/app/probe.tsx', '../machines/session.machine.ts', true],
  ['src/app/probe.tsx', '../../tests/fakes/auth-screens.tsx', false],
  ['src/app/probe.tsx', '../../server/app.ts', false],
  ['contracts/probe.ts', '../src/shared/paths.ts', false],
  ['contracts/probe.ts', '../server/app.ts', false],
  ['contracts/probe.ts', '../agent/signer.ts', false],
  ['contracts/probe.ts', '../tests/helpers/server.ts', false],
  ['contracts/probe.ts', './node-status.ts', true],
  ['agent/probe.ts', '../server/node/signing.ts', false],
  ['agent/probe.ts', '../src/api/client.ts', false],
  ['agent/probe.ts', '../contracts/node-status.ts', true],
  ['server/probe.ts', '../src/shared/paths.ts', false],
  ['server/probe.ts', '../tests/helpers/server.ts', false],
  ['server/probe.ts', '../contracts/node-status.ts', true],
  // STYLE.md 12: a domain, a platform part or the route table reaches a domain only through its index.ts.
  ['server/accounts/probe.ts', '../teams/team-guard.ts', false],
  ['server/accounts/probe.ts', '../teams/index.ts', true],
  ['server/accounts/probe.ts', './links.repository.ts', true],
  ['server/nodes/probe.ts', '../alerts/alerts.repository.ts', false],
  ['server/nodes/probe.ts', '../statistics/ingest.service.ts', false],
  ['server/nodes/probe.ts', '../alerts/index.ts', true],
  ['server/alerts/probe.ts', '../accounts/account-schemas.ts', false],
  ['server/plugins/probe.ts', '../nodes/health-sweep.ts', false],
  ['server/plugins/probe.ts', '../nodes/index.ts', true],
  ['server/probe.ts', './statistics/stats-routes.ts', false],
  ['server/probe.ts', './live/index.ts', true],
  ['src/machines/auth/probe.ts', '../../screens/auth/login-screen.tsx', false],
  ['src/machines/auth/probe.ts', '../common/from-request.ts', true],
];

let scratch: string;
/** "file:line" of every import Biome refused. */
let refused: Set<string>;

beforeAll(() => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'import-rules-'));
  fs.copyFileSync('biome.json', path.join(scratch, 'biome.json'));
  const files = new Map<string, string[]>();
  for (const [file, specifier] of cases) files.set(file, [...(files.get(file) ?? []), specifier]);
  for (const [file, specifiers] of files) {
    fs.mkdirSync(path.join(scratch, path.dirname(file)), { recursive: true });
    fs.writeFileSync(path.join(scratch, file), specifiers.map((s) => `import '${s}';\n`).join(''));
  }
  const biome = path.resolve('node_modules/.bin/biome');
  const run = spawnSync(
    biome,
    ['lint', '--vcs-enabled=false', '--reporter=json', '--max-diagnostics=none', '.'],
    { cwd: scratch, encoding: 'utf8' },
  );
  const report = JSON.parse(run.stdout) as {
    diagnostics: { category: string; location: { path: string; start: { line: number } } }[];
  };
  refused = new Set(
    report.diagnostics
      .filter((d) => d.category === 'lint/style/noRestrictedImports')
      .map((d) => `${d.location.path}:${d.location.start.line}`),
  );
});

afterAll(() => {
  fs.rmSync(scratch, { recursive: true, force: true });
});

describe('import rules (biome.json)', () => {
  it.each(cases)('%s importing %s is allowed: %s', (file, specifier, allowed) => {
    const line = cases.filter(([f]) => f === file).findIndex(([, s]) => s === specifier) + 1;
    expect(refused.has(`${file}:${line}`)).toBe(!allowed);
  });
});
