import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sqlState } from '../lib/database-errors.ts';
import { HttpError } from '../lib/errors.ts';
import { isSafeStringPattern } from '../lib/input-schema.ts';

type Validation = NonNullable<FastifyError['validation']>;

/**
 * Database refusals that only input can cause: PostgreSQL class 22 (data exception: invalid byte sequence, value
 * out of range, string too long, untranslatable character), class 23 (a constraint: a duplicate is a conflict,
 * the rest a bad reference or a missing value) and class 54 (a value beyond a limit). Routes validate before the
 * database sees anything; this is the net under that, and it never echoes the driver's text.
 */
function databaseRefusal(state: string): HttpError | undefined {
  if (state === '23505')
    return new HttpError(409, 'conflict', 'This conflicts with existing data. Reload and try again.');
  if (state.startsWith('22') || state.startsWith('23') || state.startsWith('54')) {
    return new HttpError(
      400,
      'invalid_request',
      'A value in the request is not valid (too long, out of range or badly encoded).',
    );
  }
  return undefined;
}

function validationMessage(validation: Validation, context: string, fallback: string): string {
  const [first] = validation;
  if (first?.keyword === 'pattern' && isSafeStringPattern(String(first.params.pattern))) {
    return `Invalid request: ${context}${first.instancePath} must not contain control characters`;
  }
  return `Invalid request: ${fallback}`;
}

/** The one error handler: every error becomes `{ error, message }`; only the unexpected ones are a 500. */
export function errorHandler(error: FastifyError | HttpError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof HttpError) {
    const { retryAfterSeconds, reason } = error.extra;
    if (retryAfterSeconds !== undefined) reply.header('retry-after', String(retryAfterSeconds));
    const said = reason === undefined ? {} : { reason };
    return reply.status(error.statusCode).send({ error: error.code, message: error.message, ...said });
  }
  if ('validation' in error && error.validation) {
    const message = validationMessage(error.validation, error.validationContext ?? 'body', error.message);
    return reply.status(400).send({ error: 'invalid_request', message });
  }
  const state = sqlState(error);
  const refusal = state ? databaseRefusal(state) : undefined;
  if (refusal) {
    request.log.warn({ sqlState: state, url: request.routeOptions.url }, 'database refused the input');
    return reply.status(refusal.statusCode).send({ error: refusal.code, message: refusal.message });
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return reply.status(status).send({ error: error.code ?? 'bad_request', message: error.message });
  }
  request.log.error({ err: error }, 'request failed');
  return reply.status(500).send({ error: 'internal', message: 'Something went wrong on our side.' });
}

/** Sets the one error handler on the root instance, so every service's errors pass through it. */
export const errorHandling = fp(async (app) => {
  app.setErrorHandler(errorHandler);
});
