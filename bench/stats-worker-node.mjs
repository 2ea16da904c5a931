/**
 * Runs the real src/workers/stats.worker.ts in a Node worker thread for bench/worker.bench.ts: tsx compiles it,
 * and Comlink's Node adapter stands in for the browser's `self`, which is all the worker module needs.
 */
import { parentPort } from 'node:worker_threads';
import nodeEndpoint from 'comlink/dist/esm/node-adapter.mjs';
import { register } from 'tsx/esm/api';

if (!parentPort) throw new Error('Run this file as a worker thread.');
register();
Object.assign(globalThis, { self: nodeEndpoint(parentPort) });
await import('../src/workers/stats.worker.ts');
