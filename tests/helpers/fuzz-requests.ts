import fc from 'fast-check';
import type { RouteEntry } from '../../server/lib/route-table.ts';
import { type FieldSchema, fieldValue, type KnownValues, type Mutation } from './fuzz-values.ts';

/**
 * Request drafts for the route fuzz test, generated from one route's table entry: its method,
 * its path parameters and its declared body schema. A draft is pure data; the test turns it into a request at run
 * time, when a signature needs a fresh timestamp and a throwaway session may need creating.
 */
export type SessionKind = 'own' | 'outsider' | 'none' | 'garbage';
export type Encoding = 'json' | 'form' | 'raw' | 'none';

export interface Draft {
  method: string;
  /** Per path parameter: the caller's own id, or a weird segment. */
  segments: string[];
  query: string;
  session: SessionKind;
  encoding: Encoding;
  /** Body fields in order; keys may repeat or be prototype keys, so not an object. */
  entries: [string, unknown][];
  /** A top-level body that is not an object at all (an array, a string, null), for JSON only. */
  topLevel?: unknown;
  raw: { contentType: string; text: string };
  /** Which fields were mutated and how, for the failure message. */
  mutated: readonly string[];
}

export const OWN = 'own';
const weirdSegments = [
  '0',
  '-1',
  '1.5',
  '2147483648',
  '99999999999999999999',
  'abc',
  '%00',
  '%FF%FE',
  '%C0%AF',
  '%E2%80%AE',
  '..',
  'null',
  '1e3',
  '%20',
  'x'.repeat(300),
];

export function bodySchema(route: RouteEntry): FieldSchema | undefined {
  return route.schema?.body as FieldSchema | undefined;
}

export function pathParameters(route: RouteEntry): string[] {
  return [...route.url.matchAll(/:([A-Za-z_]+)/g)].map((match) => match[1] ?? '');
}

const mutation = fc.constantFrom<Mutation>(
  'hostile',
  'hostile',
  'hostile',
  'hostile',
  'boundary',
  'boundary',
  'wrong-type',
);

/**
 * The body's fields, from the declared schema: all valid; one field mutated, the rest valid (the case that reaches
 * the service with one bad value, like a NUL in a node name); each field mutated or not on its own; or the
 * structure broken (unknown and prototype keys, a top level that is not an object). A schema without listed
 * properties (a free-form settings blob) is a free-form object, valid or hostile.
 */
function bodyEntries(schema: FieldSchema | undefined, known: KnownValues) {
  const properties = Object.entries(schema?.properties ?? {});
  const required = new Set(schema?.required ?? []);
  if (properties.length === 0) {
    const blob = fc.dictionary(
      fc.string({ maxLength: 6 }),
      fc.oneof(fc.jsonValue({ maxDepth: 3 }), fieldValue('blob', { type: 'string' }, undefined, 'hostile')),
      { maxKeys: 4 },
    );
    return fc.record({
      entries: blob.map((value) => Object.entries(value)),
      mutated: fc.constant<readonly string[]>(['blob']),
    });
  }
  const present = properties.map(([name]) => (required.has(name) ? fc.constant(true) : fc.boolean()));
  const field = (index: number, mode: 'valid' | Mutation) => {
    const [name, property] = properties[index] as [string, FieldSchema];
    return fieldValue(name, property, known, mode).map((value): [string, unknown] => [name, value]);
  };
  const allValid = fc.tuple(...properties.map((_, index) => field(index, 'valid')));
  // Strings are where hostile input does harm (a NUL reaching the database), so they are targeted twice as often.
  const targets = properties.flatMap(([, property], index) =>
    property.type === 'string' ? [index, index] : [index],
  );
  const oneMutated = fc.tuple(fc.constantFrom(...targets), mutation).chain(([target, kind]) =>
    fc.record({
      entries: fc.tuple(...properties.map((_, index) => field(index, index === target ? kind : 'valid'))),
      mutated: fc.constant<readonly string[]>([`${properties[target]?.[0]}:${kind}`]),
    }),
  );
  const eachOnItsOwn = fc
    .tuple(...properties.map(() => fc.option(mutation, { freq: 2, nil: 'valid' as const })))
    .chain((kinds) =>
      fc.record({
        entries: fc.tuple(...kinds.map((kind, index) => field(index, kind))),
        mutated: fc.constant(
          kinds.flatMap((kind, index) => (kind === 'valid' ? [] : [`${properties[index]?.[0]}:${kind}`])),
        ),
      }),
    );
  const structural = fc.record({
    entries: fc
      .tuple(allValid, fc.constantFrom('__proto__', 'constructor', 'prototype', 'admin', 'role', 'x'))
      .map(([entries, key]): [string, unknown][] => [
        ...entries,
        [key, JSON.parse('{"admin":true,"role":1,"constructor":{"prototype":{"x":1}}}')],
      ]),
    mutated: fc.constant<readonly string[]>(['unknown key']),
  });
  const chosen = fc.oneof(
    { weight: 2, arbitrary: fc.record({ entries: allValid, mutated: fc.constant<readonly string[]>([]) }) },
    { weight: 6, arbitrary: oneMutated },
    { weight: 2, arbitrary: eachOnItsOwn },
    { weight: 1, arbitrary: structural },
  );
  return fc.tuple(chosen, fc.tuple(...present)).map(([body, keep]) => ({
    // An optional field is left out now and then; a mutated one always stays.
    entries: body.entries.filter(
      ([name], index) =>
        index >= properties.length || keep[index] || body.mutated.some((tag) => tag.startsWith(`${name}:`)),
    ),
    mutated: body.mutated,
  }));
}

const rawBodies = fc.oneof(
  fc.record({
    contentType: fc.constantFrom('application/json', 'application/json; charset=utf-16', 'text/plain'),
    text: fc.oneof(
      fc.string({ maxLength: 60 }),
      fc.constantFrom(
        '',
        '{',
        '{"a":',
        'null',
        '[]',
        '"x"',
        '{"__proto__":{"admin":true}}',
        '{"constructor":{"prototype":{"admin":true}}}',
        '{"a":1,"a":2}',
        '{"a":"\\u0000"}',
        '{"a":"\\ud800"}',
        `${'['.repeat(4000)}${']'.repeat(4000)}`,
        `${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}`,
      ),
    ),
  }),
  fc.record({
    contentType: fc.constantFrom(
      'application/x-www-form-urlencoded',
      'multipart/form-data',
      'application/xml',
    ),
    text: fc.constantFrom('a=%00', '%', 'a=%FF%FE', 'a[b]=1&a[c]=2', '__proto__[admin]=1', 'x=1&x=2&x=3', ''),
  }),
);

/** A draft for `route` without its body fields; `sessions` are the session kinds the route may use. */
function draftFor(route: RouteEntry, sessions: readonly SessionKind[]) {
  const bodyless = route.method === 'GET';
  return fc.record<Draft>({
    method: fc.oneof(
      { weight: 19, arbitrary: fc.constant(route.method) },
      { weight: 1, arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS') },
    ),
    segments: fc.tuple(
      ...pathParameters(route).map(() =>
        fc.oneof(
          { weight: 9, arbitrary: fc.constant(OWN) },
          { weight: 1, arbitrary: fc.constantFrom(...weirdSegments) },
        ),
      ),
    ),
    query: fc.oneof(
      { weight: 17, arbitrary: fc.constant('') },
      { weight: 1, arbitrary: fc.constantFrom('?a=%00', '?x=1&x=2', '?locale=45', '?__proto__[a]=1') },
    ),
    session: fc.constantFrom(...sessions),
    encoding: bodyless
      ? fc.constantFrom<Encoding>('none', 'none', 'none', 'json', 'raw')
      : fc.oneof(
          { weight: 5, arbitrary: fc.constant<Encoding>('json') },
          { weight: 4, arbitrary: fc.constant<Encoding>('form') },
          { weight: 1, arbitrary: fc.constantFrom<Encoding>('raw', 'none') },
        ),
    entries: fc.constant([]),
    topLevel: fc.oneof(
      { weight: 29, arbitrary: fc.constant(undefined) },
      { weight: 1, arbitrary: fc.constantFrom<unknown>([], [{}], 'x', 1, true, null) },
    ),
    raw: rawBodies,
    mutated: fc.constant([]),
  });
}

/** A request draft for `route`: `known` gives field values that pass the services. */
export function requestDraft(route: RouteEntry, known: KnownValues, sessions: readonly SessionKind[]) {
  return fc
    .tuple(draftFor(route, sessions), bodyEntries(bodySchema(route), known))
    .map(([draft, body]) => ({ ...draft, entries: body.entries, mutated: body.mutated }));
}

/** JSON text for ordered entries: own `__proto__` keys and repeated keys survive, as a raw client could send. */
export function jsonText(draft: Draft): string {
  if (draft.topLevel !== undefined) return JSON.stringify(draft.topLevel);
  return `{${draft.entries.map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value) ?? 'null'}`).join(',')}}`;
}

/** Percent-encoding that does not throw on a lone surrogate: it is sent as its (invalid) CESU-8 bytes. */
function formEscape(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return [...text]
      .map((char) => {
        const code = char.charCodeAt(0);
        if (char.length === 2 || code < 0xd800 || code > 0xdfff) return encodeURIComponent(char);
        return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
          .map((byte) => `%${byte.toString(16).toUpperCase()}`)
          .join('');
      })
      .join('');
  }
}

/** Form text for the entries as a browser form would send them: arrays repeat their key, objects as JSON. */
export function formText(draft: Draft): string {
  const pairs: string[] = [];
  for (const [key, value] of draft.entries) {
    const items = Array.isArray(value) ? value : [value];
    for (const item of items) {
      const text = typeof item === 'object' && item !== null ? JSON.stringify(item) : String(item ?? '');
      pairs.push(`${formEscape(key)}=${formEscape(text)}`);
    }
  }
  return pairs.join('&');
}
