/** An open event stream read over real HTTP: the text so far, and a wait for a pattern or the end. */
export interface Stream {
  response: Response;
  text(): string;
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<number>;
  ended: Promise<void>;
  cancel(): Promise<void>;
}

export async function openStream(base: string, headers: Record<string, string>): Promise<Stream> {
  const controller = new AbortController();
  const response = await fetch(`${base}/api/v1/sse/handle`, { headers, signal: controller.signal });
  let received = '';
  const waiters = new Set<() => void>();
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const ended = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        received += decoder.decode(value, { stream: true });
        for (const wake of waiters) wake();
      }
    } catch {
      // Aborted by cancel().
    }
  })();
  return {
    response,
    text: () => received,
    ended,
    async waitFor(pattern, timeoutMs = 1000) {
      const start = performance.now();
      while (!pattern.test(received)) {
        const elapsed = performance.now() - start;
        if (elapsed > timeoutMs)
          throw new Error(`no ${pattern} within ${timeoutMs} ms; got ${JSON.stringify(received)}`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(done, timeoutMs - elapsed);
          function done() {
            clearTimeout(timer);
            waiters.delete(done);
            resolve();
          }
          waiters.add(done);
        });
      }
      return performance.now() - start;
    },
    async cancel() {
      controller.abort();
      await ended;
    },
  };
}
