import fs from 'node:fs';
import path from 'node:path';
import { PluginKind } from '@stryker-mutator/api/plugin';
import { describe, expect, it } from 'vitest';
import { equivalentMutants, strykerPlugins } from '../../stryker/equivalent-mutants.mjs';

/**
 * The equivalent mutants the mutation check leaves out (stryker/equivalent-mutants.mjs). An entry whose code was
 * changed or moved would stop excluding anything, and its mutant would reappear as a survivor; this says so first.
 */
const root = path.resolve(import.meta.dirname, '../..');
const sourceOf = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

/** How often `code` stands in `source` as a whole node: not preceded by a name character or a member dot. */
function occurrencesOf(source: string, code: string): number {
  const escaped = code.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return source.match(new RegExp(`(?<![\\w.$])${escaped}`, 'g'))?.length ?? 0;
}

const ignorer = new strykerPlugins[0]!.injectableClass();

/** A node path as Stryker's instrumenter hands it over: the file being mutated and the node's offsets in it. */
function nodePath(file: string, start: number, end: number) {
  return {
    hub: { file: { opts: { filename: path.join(root, file) }, code: sourceOf(file) } },
    node: { start, end },
    parentPath: { node: { start: 0, end: 0 } },
  };
}

describe('equivalent mutants left out of the mutation check', () => {
  it.each(equivalentMutants.map((entry) => [`${entry.file}: ${entry.code}`, entry] as const))(
    'still finds %s where it was',
    (_name, entry) => {
      expect(occurrencesOf(sourceOf(entry.file), entry.parent ?? entry.code)).toBe(entry.occurrences);
      expect(entry.parent ?? entry.code).toContain(entry.code);
      expect(entry.reason).not.toBe('');
    },
  );

  it('is an Ignore plugin by the name the Stryker config asks for', () => {
    expect(strykerPlugins.map(({ kind, name }) => ({ kind, name }))).toEqual([
      { kind: PluginKind.Ignore, name: 'equivalent-mutants' },
    ]);
    expect(sourceOf('stryker/ci.config.mjs')).toContain("ignorers: ['equivalent-mutants'],");
  });

  it('ignores the listed node of the listed file, with the reason, and nothing else', () => {
    const file = 'src/lib/format.ts';
    const source = sourceOf(file);
    const start = source.indexOf('amount < 10');
    expect(ignorer.shouldIgnore(nodePath(file, start, start + 'amount < 10'.length))).toBe(
      'Equivalent (EqualityOperator: amount <= 10 in decimal): at exactly 10 both roundings give 10.',
    );
    // A wider node around it, and the same text in another file, are not excluded.
    expect(ignorer.shouldIgnore(nodePath(file, start, start + 'amount < 10 '.length))).toBeUndefined();
    const other = 'src/lib/bits.ts';
    expect(ignorer.shouldIgnore(nodePath(other, 0, 'amount < 10'.length))).toBeUndefined();
  });
});
