import querystring from 'node:querystring';
import Ajv, { type AnySchema, type ValidateFunction } from 'ajv';
import type { FastifySchemaCompiler } from 'fastify';

/**
 * One schema per route part, two readings of a body:
 * - a JSON body is taken as typed: `false` is not the string "false", `"5"` is not the id 5, `null` is not a key;
 * - a form body (spec 7: auth bodies are form data) is strings only, so its fields are coerced to the schema's
 *   types, exactly as path parameters, query strings and headers are.
 * The form parser marks the objects it makes; the body validator picks the reading by that mark, so a route
 * declares one schema and both content types follow it.
 */
const formBodies = new WeakSet<object>();

/** Parses an application/x-www-form-urlencoded body and marks it as one. */
export function parseFormBody(text: string): Record<string, unknown> {
  const fields = querystring.parse(text);
  formBodies.add(fields);
  return fields;
}

const options = {
  useDefaults: true,
  removeAdditional: false,
  allErrors: false,
  allowUnionTypes: true,
} as const;
const typed = new Ajv({ ...options, coerceTypes: false });
const coercing = new Ajv({ ...options, coerceTypes: 'array' });

interface BodyValidator {
  (data: unknown): boolean;
  errors?: ValidateFunction['errors'];
}

export const validatorCompiler: FastifySchemaCompiler<AnySchema> = ({ schema, httpPart }) => {
  if (httpPart !== 'body') return coercing.compile(schema);
  const asJson = typed.compile(schema);
  const asForm = coercing.compile(schema);
  const validate: BodyValidator = (data) => {
    const check = typeof data === 'object' && data !== null && formBodies.has(data) ? asForm : asJson;
    // No route schema is `$async`, so ajv's answer is a boolean.
    const valid = check(data) as boolean;
    validate.errors = check.errors;
    return valid;
  };
  return validate;
};
