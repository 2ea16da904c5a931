/**
 * The thread that runs PGlite: it opens the data folder, applies the migrations and answers the
 * server thread's queries (`pglite-protocol.ts`), so the engine's work never blocks the HTTP event loop. Started by
 * `pglite-thread.ts` through `pglite-worker-boot.mjs`.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import {
  errorData,
  type PgliteReady,
  type PgliteReply,
  type PgliteRequest,
  type PgliteWorkerData,
} from './pglite-protocol.ts';

interface OpenTransaction {
  tx: Transaction;
  /** Lets PGlite's transaction callback return (commit) or throw (roll back). */
  finish: (commit: boolean) => void;
  ended: Promise<unknown>;
}

/** Thrown inside PGlite's transaction callback to make it roll back; never reaches the server thread. */
const ROLLBACK = Symbol('rollback');

const port = parentPort!;
const { dataDir, startParams, migrationsFolder } = workerData as PgliteWorkerData;
const open = new Map<number, OpenTransaction>();
let lastTx = 0;

async function start(): Promise<PGlite> {
  const pglite = dataDir ? new PGlite(dataDir, { startParams }) : new PGlite({ startParams });
  await migrate(drizzle(pglite), { migrationsFolder });
  return pglite;
}

/**
 * Opens a transaction and resolves with its number once PGlite has begun it. PGlite runs one transaction at a
 * time and holds plain queries until it ends, exactly as it does on the server thread.
 */
function begin(pglite: PGlite): Promise<number> {
  const id = ++lastTx;
  return new Promise((begun, failed) => {
    let started = false;
    const ended = pglite
      .transaction(async (tx) => {
        const commit = await new Promise<boolean>((finish) => {
          started = true;
          open.set(id, { tx, finish, ended });
          begun(id);
        });
        if (!commit) throw ROLLBACK;
      })
      .catch((error: unknown) => {
        if (error === ROLLBACK) return;
        // A commit that fails is the caller of end's error (it awaits `ended`); one that never began, begin's.
        if (started) throw error;
        failed(error);
      });
  });
}

async function end(txId: number, commit: boolean): Promise<void> {
  const entry = open.get(txId);
  if (!entry) throw new Error(`No open transaction ${txId}.`);
  open.delete(txId);
  entry.finish(commit);
  await entry.ended;
}

async function answer(pglite: PGlite, request: PgliteRequest): Promise<unknown> {
  switch (request.op) {
    case 'query': {
      const target = request.tx === undefined ? pglite : open.get(request.tx)?.tx;
      if (!target) throw new Error(`No open transaction ${request.tx}.`);
      const parsers = Object.fromEntries(request.textTypes.map((oid) => [oid, (text: string) => text]));
      const { rows, fields, affectedRows } = await target.query(request.sql, request.params, {
        rowMode: request.rowMode,
        parsers,
      });
      return { rows, fields, affectedRows };
    }
    case 'begin':
      return begin(pglite);
    case 'end':
      return end(request.tx, request.commit);
    case 'close':
      await pglite.close();
      return undefined;
  }
}

try {
  const pglite = await start();
  port.on('message', (request: PgliteRequest) => {
    answer(pglite, request).then(
      (value) => port.postMessage({ id: request.id, ok: true, value } satisfies PgliteReply),
      (error: unknown) =>
        port.postMessage({ id: request.id, ok: false, error: errorData(error) } satisfies PgliteReply),
    );
  });
  port.postMessage({ ready: true } satisfies PgliteReady);
} catch (error) {
  port.postMessage({ ready: false, error: errorData(error) } satisfies PgliteReady);
}
