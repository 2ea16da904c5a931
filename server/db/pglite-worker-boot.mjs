// The worker thread's entry: Node 20 cannot load TypeScript by itself, and a worker does not inherit the tsx
// loader the server was started with, so the worker registers tsx before it loads pglite-worker.ts.
import { register } from 'tsx/esm/api';

register();
await import(new URL('./pglite-worker.ts', import.meta.url).href);
