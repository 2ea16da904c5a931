/** The types of equivalent-mutants.mjs, for the test that keeps its list true (tests/unit/equivalent-mutants.test.ts). */
export declare const equivalentMutants: {
  file: string;
  code: string;
  parent?: string;
  occurrences: number;
  mutant: string;
  reason: string;
}[];

export declare const strykerPlugins: {
  kind: string;
  name: string;
  injectableClass: new () => { shouldIgnore(path: unknown): string | undefined };
}[];
