/**
 * Sample values of a JSON Schema, for checking that a reader of an answer (the web app's structs) accepts what
 * the document says the server may answer. Two samples: `lean` leaves out optional properties and takes the last
 * branch of every choice (often `null`); `full` gives every property and takes the first branch.
 */
export type Variant = 'lean' | 'full';

interface Schema {
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  patternProperties?: Record<string, Schema>;
  additionalProperties?: boolean | Schema;
  items?: Schema;
  format?: string;
  minimum?: number;
}

function pick<T>(choices: T[], variant: Variant): T {
  return (variant === 'full' ? choices[0] : choices.at(-1)) as T;
}

export function sample(schema: Schema, variant: Variant): unknown {
  if ('const' in schema) return schema.const;
  if (schema.enum) return pick(schema.enum, variant);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return sample(pick(choices, variant), variant);
  const type = Array.isArray(schema.type) ? pick(schema.type, variant) : schema.type;
  switch (type) {
    case 'null':
      return null;
    case 'boolean':
      return variant === 'full';
    case 'integer':
      return Math.max(schema.minimum ?? 0, 7);
    case 'number':
      return Math.max(schema.minimum ?? 0, 7.5);
    case 'string':
      return schema.format === 'date-time' ? '2026-11-22T10:00:00.000Z' : 'text';
    case 'array':
      return schema.items ? [sample(schema.items, variant)] : [];
    case 'object': {
      const required = new Set(schema.required ?? []);
      const entries = Object.entries(schema.properties ?? {})
        .filter(([name]) => variant === 'full' || required.has(name))
        .map(([name, property]) => [name, sample(property, variant)]);
      const values = Object.values(schema.patternProperties ?? {})[0];
      if (values) entries.push(['1700000000', sample(values, variant)]);
      return Object.fromEntries(entries);
    }
    default:
      throw new Error(`No sample for schema ${JSON.stringify(schema).slice(0, 200)}`);
  }
}
