import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Every answer a server test gets is checked against the schema its route documents for that
 * status (an exact status, then `4xx`/`5xx`, then `default`), with Ajv. A mismatch, or an answer of a documented
 * route whose status has no schema, is recorded; `startTestServer`'s close() fails the test file with the list.
 * Routes hidden from the document (its own files, the docs page) and requests no route took are not checked.
 */
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);
const compiled = new WeakMap<object, ValidateFunction>();

type ResponseSchemas = Record<string, { content?: Record<string, unknown> } & object>;

function schemaFor(responses: ResponseSchemas, status: number) {
  return responses[String(status)] ?? responses[`${Math.floor(status / 100)}xx`] ?? responses.default;
}

/** Not a documented route's answer: nothing to check. */
const SKIP = Symbol('skip');

function check(
  request: FastifyRequest,
  status: number,
  contentType: string,
  payload: unknown,
): string | undefined | typeof SKIP {
  const route = request.routeOptions;
  if (!route.url || request.method === 'HEAD') return SKIP;
  const schema = route.schema as { hide?: boolean; response?: ResponseSchemas } | undefined;
  if (schema?.hide) return SKIP;
  const where = `${request.method} ${route.url} ${status}`;
  const responses = schema?.response;
  if (!responses) return `${where}: the route documents no answers`;
  const documented = schemaFor(responses, status);
  if (!documented) return `${where}: this status is not documented`;
  let answerSchema: object = documented;
  if (documented.content) {
    const types = Object.keys(documented.content);
    const type = types.find((candidate) => contentType.startsWith(candidate));
    if (!type) return `${where}: answered ${contentType}, documented ${types.join(', ')}`;
    // A JSON variant among several media types (the statistics call's JSON or CSV) is checked like any JSON answer.
    const variant = (documented.content[type] as { schema?: object } | undefined)?.schema;
    if (!type.includes('json') || !variant) return undefined;
    answerSchema = variant;
  }
  if (!contentType.includes('json')) return `${where}: answered ${contentType}, documented JSON`;
  let validate = compiled.get(answerSchema);
  if (!validate) {
    validate = ajv.compile(answerSchema);
    compiled.set(answerSchema, validate);
  }
  const body = typeof payload === 'string' ? JSON.parse(payload) : payload;
  if (validate(body)) return undefined;
  return `${where}: ${ajv.errorsText(validate.errors)} in ${JSON.stringify(body).slice(0, 300)}`;
}

export interface AnswerCheck {
  /** One line per answer that differs from its documented schema. */
  mismatches: string[];
  /** How many answers were checked (proof that the check runs at all). */
  checked: number;
}

/**
 * Adds the check to `app` (before it is ready); returns what it records. Routes a test adds after this call
 * (probes of the app's plugins) are not the product's and are not checked.
 */
export function checkAnswers(app: FastifyInstance): AnswerCheck {
  const record: AnswerCheck = { mismatches: [], checked: 0 };
  const probes = new Set<string>();
  app.addHook('onRoute', (route) => {
    probes.add(route.url);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (probes.has(request.routeOptions.url ?? '')) return payload;
    const contentType = String(reply.getHeader('content-type') ?? '');
    // Streams (files, the event stream) are documented by media type only; their bytes are not read here.
    const body = typeof payload === 'string' || payload === null ? payload : undefined;
    if (body === undefined && contentType.includes('json')) return payload;
    const mismatch = check(request, reply.statusCode, contentType, body ?? '');
    if (mismatch === SKIP) return payload;
    record.checked += 1;
    if (mismatch) record.mismatches.push(mismatch);
    return payload;
  });
  return record;
}
