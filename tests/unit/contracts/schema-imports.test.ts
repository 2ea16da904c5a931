import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The body schemas in contracts/*.schema.ts are TypeBox values; the web app reads only their types. An import that
 * is not `import type` would put TypeBox's runtime into the login route's bundle (docs/architecture.md,
 * "Contracts"), so every import of a schema file or of typebox from src/ must be type-only. (`import { type X }`
 * is not enough: with verbatimModuleSyntax the module is still loaded.)
 */
const root = path.resolve(import.meta.dirname, '../../..');

function sourceFiles(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/** The imports (and re-exports) of `text` that load a schema file or typebox at run time. */
function runtimeSchemaImports(text: string): string[] {
  const statements = text.matchAll(/^(?:import|export)\b([^;]*?)\bfrom\s+'([^']+)'/gms);
  return [...statements]
    .filter(
      ([, clause, specifier]) =>
        /\.schema\.ts$|^typebox(\/|$)/.test(specifier!) && !/^\s*type\b/.test(clause!),
    )
    .map(([, , specifier]) => specifier!);
}

describe('the web app and the body schemas', () => {
  it('tells a type-only import from one that loads the module', () => {
    expect(
      runtimeSchemaImports("import type { NodeBody } from '../../contracts/node-body.schema.ts';"),
    ).toEqual([]);
    expect(
      runtimeSchemaImports("import { type NodeBody } from '../../contracts/node-body.schema.ts';"),
    ).toEqual(['../../contracts/node-body.schema.ts']);
    expect(runtimeSchemaImports("import { Type } from 'typebox';")).toEqual(['typebox']);
    expect(runtimeSchemaImports("export { NodeSchema } from './node-body.schema.ts';")).toEqual([
      './node-body.schema.ts',
    ]);
    expect(runtimeSchemaImports("import { healthPath } from '../../contracts/node-health.ts';")).toEqual([]);
  });

  it('imports schema files and typebox only with `import type`', () => {
    const offenders = sourceFiles(path.join(root, 'src')).flatMap((file) =>
      runtimeSchemaImports(fs.readFileSync(file, 'utf8')).map(
        (specifier) => `${path.relative(root, file)}: ${specifier}`,
      ),
    );
    expect(offenders).toEqual([]);
  });
});
