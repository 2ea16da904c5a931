import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Comments, test names, scripts and docs say the rule in words, or point to the doc or spec section that states it:
 * the reader has no issue tracker, so a tracker number explains nothing. Product code is never shaped for the
 * mutation tool either: an equivalent mutant is excluded in stryker/ci.config.mjs with its reason, never by a pragma
 * in the code (docs/testing.md, "Mutation testing").
 */
const root = path.resolve(import.meta.dirname, '../..');

/** The text files of the tree a reader reads; lock files and pictures are not written by us. */
const readable = /\.(?:[cm]?[jt]sx?|json|md|css|html|sql|sh|ya?ml)$|(?:^|\/)Dockerfile$/;
const skipped = new Set(['package-lock.json']);

/** A tracker number in any case, singular or plural, and the heading anchors such numbers leave in links. */
const issueCitation = /\bissues?[ -]#?\d/i;
/** Built from parts so that this file does not match itself. */
const mutationPragma = new RegExp(['Stryker', '(?:disable|restore)'].join(' '));

function trackedFiles(): string[] {
  const listed = spawnSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' });
  if (listed.status !== 0) throw new Error(`git ls-files failed: ${listed.stderr}`);
  return listed.stdout
    .split('\0')
    .filter((file) => file !== '' && readable.test(file) && !skipped.has(path.basename(file)))
    .filter((file) => fs.existsSync(path.join(root, file)));
}

/** Every `file:line: text` of the tracked files whose line matches `pattern`. */
function linesMatching(pattern: RegExp): string[] {
  const found: string[] = [];
  for (const file of trackedFiles()) {
    const lines = fs.readFileSync(path.join(root, file), 'utf8').split('\n');
    lines.forEach((line, index) => {
      if (pattern.test(line)) found.push(`${file}:${index + 1}: ${line.trim()}`);
    });
  }
  return found;
}

describe('what the tree says to its reader', () => {
  it('reads the tracked source, test, script and doc files', () => {
    const files = trackedFiles();
    for (const expected of [
      'server/app.ts',
      'src/main.tsx',
      'tests/unit/import-rules.test.ts',
      'README.md',
    ]) {
      expect(files).toContain(expected);
    }
  });

  it('cites no issue tracker numbers: each rule is said in words or points to its doc or spec section', () => {
    expect(linesMatching(issueCitation)).toEqual([]);
  });

  it('has no mutation-tool pragmas: equivalent mutants are excluded in the Stryker config with their reason', () => {
    expect(linesMatching(mutationPragma)).toEqual([]);
  });

  it('recognises the citation and pragma forms, and not look-alike words', () => {
    expect(issueCitation.test(`// ${'issue'} 12: one replica sweeps at a time`)).toBe(true);
    expect(issueCitation.test(`## Node health (${'Issue'} 9 section 3)`)).toBe(true);
    expect(issueCitation.test(`[Theme](#theme-${'issue'}-13)`)).toBe(true);
    expect(issueCitation.test('the issuer of the token, issued at 12:00')).toBe(false);
    expect(mutationPragma.test(`// ${'Stryker'} disable next-line StringLiteral: a hint`)).toBe(true);
  });
});
