import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * SQL lives only in repositories (STYLE.md 12, docs/architecture.md "Map"): on the server, only a `*.repository.ts`
 * file and the database platform (`server/db/`) import drizzle-orm or the tables of `server/db/schema.ts`; services,
 * routes and platform parts call a repository. biome.json refuses the import anywhere else. Each case is an import
 * written in a file of some folder, linted with the project's own biome.json in a scratch copy of the folder layout
 * (as in import-rules.test.ts); then the server's own files are linted, and none may break the rule.
 */
const cases: [file: string, specifier: string, allowed: boolean][] = [
  ['server/accounts/probe.ts', 'drizzle-orm', false],
  ['server/accounts/probe.ts', 'drizzle-orm/pg-core', false],
  ['server/accounts/probe.ts', '../db/schema.ts', false],
  ['server/accounts/probe.ts', '../db/database.ts', true],
  ['server/accounts/probe.ts', './sessions.repository.ts', true],
  // The domain rule still holds in a file the SQL rule covers.
  ['server/accounts/probe.ts', '../teams/team-guard.ts', false],
  ['server/accounts/probe.ts', '../../src/shared/paths.ts', false],
  ['server/lib/probe.ts', 'drizzle-orm', false],
  ['server/lib/probe.ts', '../db/schema.ts', false],
  ['server/demo/probe.ts', 'drizzle-orm', false],
  ['server/probe.ts', './db/schema.ts', false],
  ['server/accounts/probe.repository.ts', 'drizzle-orm', true],
  ['server/accounts/probe.repository.ts', '../db/schema.ts', true],
  ['server/accounts/probe.repository.ts', '../teams/team-guard.ts', false],
  ['server/lib/probe.repository.ts', 'drizzle-orm', true],
  ['server/db/probe.ts', 'drizzle-orm', true],
  ['server/db/probe.ts', './schema.ts', true],
];

const biome = path.resolve('node_modules/.bin/biome');

/** "file:line" of every import Biome refuses in `folder`, linted with the project's biome.json. */
function refusedImports(folder: string, target: string): Set<string> {
  const run = spawnSync(
    biome,
    ['lint', '--vcs-enabled=false', '--reporter=json', '--max-diagnostics=none', target],
    { cwd: folder, encoding: 'utf8' },
  );
  const report = JSON.parse(run.stdout) as {
    diagnostics: { category: string; location: { path: string; start: { line: number } } }[];
  };
  return new Set(
    report.diagnostics
      .filter((d) => d.category === 'lint/style/noRestrictedImports')
      .map((d) => `${d.location.path}:${d.location.start.line}`),
  );
}

let scratch: string;
let refused: Set<string>;

beforeAll(() => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'sql-rules-'));
  fs.copyFileSync('biome.json', path.join(scratch, 'biome.json'));
  const files = new Map<string, string[]>();
  for (const [file, specifier] of cases) files.set(file, [...(files.get(file) ?? []), specifier]);
  for (const [file, specifiers] of files) {
    fs.mkdirSync(path.join(scratch, path.dirname(file)), { recursive: true });
    fs.writeFileSync(path.join(scratch, file), specifiers.map((s) => `import '${s}';\n`).join(''));
  }
  refused = refusedImports(scratch, '.');
});

afterAll(() => {
  fs.rmSync(scratch, { recursive: true, force: true });
});

describe('SQL lives only in repositories (biome.json)', () => {
  it.each(cases)('%s importing %s is allowed: %s', (file, specifier, allowed) => {
    const line = cases.filter(([f]) => f === file).findIndex(([, s]) => s === specifier) + 1;
    expect(refused.has(`${file}:${line}`)).toBe(!allowed);
  });

  it('holds in the server: no file outside the repositories and server/db imports drizzle-orm or the tables', () => {
    expect([...refusedImports(process.cwd(), 'server')]).toEqual([]);
  });
});
