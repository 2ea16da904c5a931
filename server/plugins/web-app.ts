import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';

const builtWebRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist');
const servicePrefixes = ['/auth/', '/api/', '/stats/'];
/** Paths operators' tools call: unknown methods or missing endpoints answer JSON, never the app page. */
const toolPaths = ['/metrics', '/healthz', '/readyz'];

/**
 * The built web app (dist/) and the answer to every request no route took: 405 with `Allow` for a known path,
 * `index.html` for a page path (history routing), else a 404 `{ error, message }`. Register it after the routes.
 */
export const webApp = fp<{ webRoot?: string }>(async (app, options) => {
  const webRoot = options.webRoot ?? builtWebRoot;
  const hasWebApp = fs.existsSync(path.join(webRoot, 'index.html'));
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside every file (vite.config.ts); they are sent as they are.
      preCompressed: true,
      // Never a source map, even one left in dist/ by an older build.
      allowedPath: (pathName) => !pathName.endsWith('.map'),
      setHeaders: (reply, file) => {
        // Hashed names change with their content; index.html names them, so it is revalidated (ETag) each time.
        if (file.includes(`${path.sep}assets${path.sep}`))
          reply.header('cache-control', 'public, max-age=31536000, immutable');
        else if (/index\.html(\.br|\.gz)?$/.test(file)) reply.header('cache-control', 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const allowed = app.routeTable.allowedMethods(request.url.split('?')[0] ?? '');
    if (allowed.length > 0) {
      return reply
        .status(405)
        .header('allow', allowed.join(', '))
        .send({
          error: 'method_not_allowed',
          message: `${request.method} is not allowed here. Use ${allowed.join(', ')}.`,
        });
    }
    const pathname = request.url.split('?')[0] ?? '';
    const isService =
      servicePrefixes.some((prefix) => pathname.startsWith(prefix)) ||
      toolPaths.some((tool) => pathname === tool || pathname.startsWith(`${tool}/`));
    // A missing hashed file (a source map, a chunk of an older build) is a 404, never the app page in its place.
    const isAsset = request.url.startsWith('/assets/');
    if (!isService && !isAsset && request.method === 'GET' && hasWebApp) {
      // History-mode routing: every page path answers the app, which shows its own 404 page.
      return reply.sendFile('index.html');
    }
    return reply
      .status(404)
      .send({ error: 'not_found', message: `No such route: ${request.method} ${request.url.split('?')[0]}` });
  });
});
