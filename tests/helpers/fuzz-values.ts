import fc from 'fast-check';

/**
 * Field values generated from a route's declared JSON Schema (for the fuzz test). Each field is either
 * valid (within its type and bounds, or a value the fuzzer knows the server will accept), at a boundary (exactly at
 * or one past a length or number bound), wrong-typed, or hostile (control characters, lone surrogates, huge
 * strings, deep nesting, prototype keys).
 */
export interface FieldSchema {
  type?: string | string[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  multipleOf?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  enum?: readonly unknown[];
  items?: FieldSchema;
  properties?: Record<string, FieldSchema>;
  required?: readonly string[];
}

/** Values the fuzzer knows pass the services, by field name; other fields get a value made from their schema. */
export type KnownValues = (name: string) => fc.Arbitrary<unknown> | undefined;

export type Mutation = 'boundary' | 'wrong-type' | 'hostile';

// C0 controls and DEL, built from code points (a literal control character range reads as a mistake to linters).
export const CONTROL_CHARACTERS = new RegExp(
  `[${String.fromCharCode(0)}-${String.fromCharCode(0x1f)}${String.fromCharCode(0x7f)}]`,
);

const typeOf = (schema: FieldSchema): string | undefined =>
  Array.isArray(schema.type) ? schema.type[0] : schema.type;

/** C0 controls and DEL, NUL most of all: PostgreSQL text cannot hold it. */
const controlCharacter = fc.oneof(
  { weight: 4, arbitrary: fc.constant('\u0000') },
  { weight: 2, arbitrary: fc.integer({ min: 1, max: 0x1f }).map((code) => String.fromCharCode(code)) },
  { weight: 1, arbitrary: fc.constant('\u007f') },
);

/** `base` with `inserted` spliced in at a generated position, so that the rest of the value stays plausible. */
const spliced = (base: fc.Arbitrary<string>, inserted: fc.Arbitrary<string>) =>
  fc.tuple(base, inserted, fc.nat()).map(([text, extra, at]) => {
    const cut = text.length === 0 ? 0 : at % (text.length + 1);
    return `${text.slice(0, cut)}${extra}${text.slice(cut)}`;
  });

const deeplyNested = fc
  .integer({ min: 20, max: 60 })
  .chain((depth) =>
    fc
      .constantFrom('{"a":', '[')
      .map((open) => JSON.parse(`${open.repeat(depth)}1${(open === '[' ? ']' : '}').repeat(depth)}`)),
  );

const prototypeKeys = fc
  .constantFrom('__proto__', 'constructor', 'prototype')
  .map((key) => JSON.parse(`{"${key}":{"admin":true,"polluted":1}}`) as unknown);

/** A hostile string that still looks like the field (a valid value with something nasty spliced in). */
export function hostileString(valid: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 8, arbitrary: spliced(valid, controlCharacter) },
    { weight: 2, arbitrary: spliced(valid, fc.constantFrom('\ud800', '\udfff', '\udc00\ud800')) },
    { weight: 1, arbitrary: fc.constantFrom('\u0000', '\u0000'.repeat(64), '\r\nX-Injected: 1') },
    { weight: 1, arbitrary: fc.constantFrom(70_000, 1_100_000).map((size) => 'x'.repeat(size)) },
    { weight: 1, arbitrary: fc.constantFrom('\u202e', '\ufeff', '%00', '../../etc/passwd', "' OR 1=1 --") },
  );
}

/** Wrong-typed for `type`: what a careless or hostile client sends instead. */
function wrongType(type: string | undefined): fc.Arbitrary<unknown> {
  const all = fc.constantFrom<unknown>(null, true, false, 0, -1, 1.5, '', '5', 'true', [], {}, ['a'], {
    a: 1,
  });
  return all.filter((candidate) => {
    if (type === 'string') return typeof candidate !== 'string';
    if (type === 'integer') return !Number.isInteger(candidate);
    if (type === 'number') return typeof candidate !== 'number';
    if (type === 'boolean') return typeof candidate !== 'boolean';
    if (type === 'array') return !Array.isArray(candidate);
    if (type === 'object') return typeof candidate !== 'object' || Array.isArray(candidate);
    return true;
  });
}

/** A valid value made from the schema alone (bounds, enum, pattern, items, properties). */
export function validFromSchema(schema: FieldSchema, known?: KnownValues): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const type = typeOf(schema);
  if (type === 'string') {
    const min = schema.minLength ?? 0;
    const max = Math.min(schema.maxLength ?? 40, 40);
    if (schema.pattern && !schema.pattern.startsWith('^[^'))
      return fc.stringMatching(new RegExp(schema.pattern)).filter((text) => text.length >= min);
    return fc
      .string({ minLength: min, maxLength: Math.max(min, max) })
      .filter((text) => !CONTROL_CHARACTERS.test(text));
  }
  if (type === 'integer' || type === 'number') {
    const min = Math.max(schema.minimum ?? -1000, Number.MIN_SAFE_INTEGER);
    const max = Math.min(schema.maximum ?? 1_000_000, Number.MAX_SAFE_INTEGER);
    const step = schema.multipleOf ?? 1;
    return fc
      .integer({ min: Math.ceil(min / step), max: Math.floor(max / step) })
      .map((multiple) => multiple * step);
  }
  if (type === 'boolean') return fc.boolean();
  if (type === 'array') {
    const item = schema.items ? validFromSchema(schema.items, known) : fc.string({ maxLength: 8 });
    const minLength = schema.minItems ?? 0;
    return fc.array(item, { minLength, maxLength: Math.max(minLength, Math.min(schema.maxItems ?? 3, 3)) });
  }
  if (type === 'object' && schema.properties) return validObject(schema, known);
  if (type === 'object') return fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 3 }));
  if (type === 'null') return fc.constant(null);
  return fc.jsonValue({ maxDepth: 2 });
}

/** A valid object: every required property, and now and then each optional one. */
function validObject(schema: FieldSchema, known?: KnownValues): fc.Arbitrary<Record<string, unknown>> {
  const properties = Object.entries(schema.properties ?? {});
  const required = new Set(schema.required ?? []);
  return fc
    .tuple(
      ...properties.map(([name, property]) =>
        fc.tuple(
          fc.constant(name),
          fieldValue(name, property, known, 'valid'),
          required.has(name) ? fc.constant(true) : fc.boolean(),
        ),
      ),
    )
    .map((entries) =>
      Object.fromEntries(entries.filter(([, , present]) => present).map(([name, value]) => [name, value])),
    );
}

/** Exactly at a bound, or one past it (the off-by-one that validation must draw on the right side). */
function boundary(schema: FieldSchema): fc.Arbitrary<unknown> {
  const type = typeOf(schema);
  const candidates: unknown[] = [];
  if (type === 'string') {
    const min = schema.minLength ?? 0;
    candidates.push('a'.repeat(min));
    if (min > 0) candidates.push('a'.repeat(min - 1));
    if (schema.maxLength !== undefined)
      candidates.push('a'.repeat(schema.maxLength), 'é'.repeat(schema.maxLength + 1));
  } else if (type === 'integer' || type === 'number') {
    const { minimum = 0, maximum = 2_147_483_647 } = schema;
    candidates.push(minimum, minimum - 1, maximum, maximum + 1, 0, -1, 2_147_483_648, 1e300, -0.5);
  } else if (type === 'array') {
    const item = schema.items?.type === 'string' ? 'a' : 1;
    candidates.push([]);
    if (schema.maxItems !== undefined)
      candidates.push(Array.from({ length: schema.maxItems + 1 }, () => item));
  } else {
    candidates.push(null, '');
  }
  return fc.constantFrom(...candidates);
}

/** Hostile for any type: strings for strings, and structures (nesting, prototype keys) anywhere. */
function hostile(valid: fc.Arbitrary<unknown>, type: string | undefined): fc.Arbitrary<unknown> {
  const asText = valid.map((value) => (typeof value === 'string' ? value : String(value ?? '')));
  return fc.oneof(
    { weight: type === 'string' ? 8 : 3, arbitrary: hostileString(asText) },
    { weight: 1, arbitrary: deeplyNested },
    { weight: 1, arbitrary: prototypeKeys },
  );
}

/** One field's value: valid (the known value for its name, or one made from its schema) or mutated. */
export function fieldValue(
  name: string,
  schema: FieldSchema,
  known: KnownValues | undefined,
  mode: 'valid' | Mutation,
): fc.Arbitrary<unknown> {
  const valid = known?.(name) ?? validFromSchema(schema, known);
  if (mode === 'valid') return valid;
  if (mode === 'boundary') return boundary(schema);
  if (mode === 'wrong-type') return wrongType(typeOf(schema));
  return hostile(valid, typeOf(schema));
}
