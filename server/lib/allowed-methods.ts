/**
 * Which methods each known path answers, gathered from every route as it is added, so that an unsupported method
 * on a known path is a 405 with `Allow` (RFC 9110 15.5.6) rather than a 404 (issue 10 section 6).
 */
export class AllowedMethods {
  private readonly routes: { pattern: RegExp; method: string }[] = [];

  add(method: string | string[], url: string): void {
    const source = url
      .split('/')
      .map((segment) => {
        if (segment.startsWith(':')) return '[^/]+';
        if (segment === '*') return '.*';
        return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      })
      .join('/');
    const pattern = new RegExp(`^${source}$`);
    for (const one of Array.isArray(method) ? method : [method]) this.routes.push({ pattern, method: one });
  }

  /** The methods routes answer on `path` (no query string), sorted; empty for an unknown path. */
  for(path: string): string[] {
    const methods = new Set(
      this.routes.filter((route) => route.pattern.test(path)).map((route) => route.method),
    );
    return [...methods].sort();
  }
}
