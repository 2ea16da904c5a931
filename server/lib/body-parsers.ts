import formbody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';
import { assertJsonDepth } from './json-body.ts';
import { parseFormBody } from './validation.ts';

/**
 * The body parsers of every service: JSON with a depth cap before the usual prototype-poisoning checks, and form
 * data marked as such for the validator (server/lib/validation.ts).
 */
export async function registerBodyParsers(app: FastifyInstance): Promise<void> {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    try {
      assertJsonDepth(body as string);
    } catch (error) {
      done(error as Error, undefined);
      return;
    }
    parseJson(request, body as string, done);
  });
  await app.register(formbody, { bodyLimit: 64 * 1024, parser: parseFormBody });
}
