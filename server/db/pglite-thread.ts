import { Worker } from 'node:worker_threads';
import type { PGlite, QueryOptions, Results } from '@electric-sql/pglite';
import {
  errorFrom,
  type PgliteReady,
  type PgliteReply,
  type PgliteRequest,
  type PgliteWorkerData,
} from './pglite-protocol.ts';

type Request = PgliteRequest extends infer R ? (R extends unknown ? Omit<R, 'id'> : never) : never;

/** Queries, as PGlite and its transactions take them. */
export interface PgliteTxQueries {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
}

/**
 * The part of PGlite's client that drizzle's PGlite driver calls: queries and transactions (drizzle opens nested
 * transactions as savepoints on the outer one, so a transaction needs only queries).
 */
export interface PgliteQueries extends PgliteTxQueries {
  transaction<T>(callback: (tx: PgliteTxQueries) => Promise<T>): Promise<T>;
}

export interface PgliteThread {
  client: PgliteQueries;
  /** Closes PGlite (after the queries already sent) and ends the thread. */
  close(): Promise<void>;
}

const bootFile = new URL('./pglite-worker-boot.mjs', import.meta.url);

/**
 * Starts PGlite in a worker thread and resolves once its migrations are applied. The returned client
 * speaks PGlite's query and transaction interface, so drizzle's PGlite driver runs on it unchanged.
 */
export async function startPgliteThread(data: PgliteWorkerData): Promise<PgliteThread> {
  const worker = new Worker(bootFile, { workerData: data });
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let lastId = 0;
  let stopped: Error | undefined;

  await new Promise<void>((resolve, reject) => {
    const failed = (error: Error) => {
      worker.off('exit', exited);
      void worker.terminate();
      reject(error);
    };
    const exited = (code: number) =>
      failed(new Error(`The database thread exited with code ${code} while opening.`));
    worker.once('message', (message: PgliteReady) => {
      worker.off('error', failed);
      worker.off('exit', exited);
      if (message.ready) resolve();
      else failed(errorFrom(message.error));
    });
    worker.once('error', failed);
    worker.once('exit', exited);
  });

  worker.on('message', (reply: PgliteReply) => {
    const call = pending.get(reply.id);
    pending.delete(reply.id);
    if (reply.ok) call?.resolve(reply.value);
    else call?.reject(errorFrom(reply.error));
  });
  // A thread that dies (an engine abort, out of memory) fails every waiting query and every later one: the
  // server answers 500 and /readyz 503 rather than hang.
  const fail = (error: Error) => {
    stopped ??= error;
    for (const call of pending.values()) call.reject(stopped);
    pending.clear();
  };
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`The database thread has stopped (exit code ${code}).`)));

  const send = <T>(request: Request): Promise<T> => {
    if (stopped) return Promise.reject(stopped);
    const id = ++lastId;
    return new Promise<T>((resolve, reject) => {
      // A parameter that cannot be cloned (a function, a symbol) throws here: the query fails, nothing waits.
      worker.postMessage({ ...request, id } satisfies PgliteRequest);
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
    });
  };

  const queries = (tx?: number): PgliteTxQueries => ({
    query: (sql, params = [], options = {}) =>
      send({
        op: 'query',
        sql,
        params,
        rowMode: options.rowMode ?? 'object',
        textTypes: Object.keys(options.parsers ?? {}).map(Number),
        tx,
      }),
  });
  const client: PgliteQueries = {
    ...queries(),
    async transaction(callback) {
      const opened = await send<number>({ op: 'begin' });
      let result: Awaited<ReturnType<typeof callback>>;
      try {
        result = await callback(queries(opened));
      } catch (error) {
        // The callback's error is the one to report; a rollback can only fail when the thread is gone.
        await send({ op: 'end', tx: opened, commit: false }).catch(() => undefined);
        throw error;
      }
      await send({ op: 'end', tx: opened, commit: true });
      return result;
    },
  };

  return {
    client,
    async close() {
      if (!stopped) await send({ op: 'close' });
      await worker.terminate();
    },
  };
}

/** drizzle's PGlite driver takes a PGlite; the thread's client is the part of it drizzle uses. */
export function asPglite(client: PgliteQueries): PGlite {
  return client as unknown as PGlite;
}
