import type { FastifySchema } from 'fastify';

export interface RouteEntry {
  method: string;
  url: string;
  schema?: FastifySchema;
}

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: RouteTable;
  }
}

/**
 * Every route as it is added (method, path pattern, schema). The server uses it to answer an unsupported method on
 * a known path with 405 and `Allow` (RFC 9110 15.5.6) rather than 404; the fuzz test uses it to reach every route.
 */
export class RouteTable {
  private readonly entries: (RouteEntry & { pattern: RegExp })[] = [];

  add(route: { method: string | string[]; url: string; schema?: FastifySchema }): void {
    const source = route.url
      .split('/')
      .map((segment) => {
        if (segment.startsWith(':')) return '[^/]+';
        if (segment === '*') return '.*';
        return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      })
      .join('/');
    const pattern = new RegExp(`^${source}$`);
    for (const method of Array.isArray(route.method) ? route.method : [route.method]) {
      this.entries.push({ method, url: route.url, schema: route.schema, pattern });
    }
  }

  /** The methods routes answer on `path` (no query string), sorted; empty for an unknown path. */
  allowedMethods(path: string): string[] {
    const methods = new Set(
      this.entries.filter((entry) => entry.pattern.test(path)).map((entry) => entry.method),
    );
    return [...methods].sort();
  }

  routes(): readonly RouteEntry[] {
    return this.entries;
  }
}
