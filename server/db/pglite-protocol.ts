/**
 * The messages between the server's thread and the thread that runs PGlite (`pglite-worker.ts`). Only data
 * crosses: rows, parameters and errors are structured-cloned, never functions.
 */

/** What the worker needs to open the database. */
export interface PgliteWorkerData {
  /** The data folder; undefined for an in-memory database. */
  dataDir: string | undefined;
  startParams: string[];
  migrationsFolder: string;
}

export type PgliteRequest =
  | {
      id: number;
      op: 'query';
      sql: string;
      params: unknown[];
      rowMode: 'array' | 'object';
      /**
       * Type OIDs to hand back as PostgreSQL's text, unparsed. drizzle asks this for dates and intervals (it parses
       * them itself); a parser function cannot cross threads, so pass-through is the one kind the worker supports.
       */
      textTypes: number[];
      /** The open transaction this query belongs to; none for a query of its own. */
      tx?: number;
    }
  | { id: number; op: 'begin' }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'close' };

/** A database error as plain data: its message and PostgreSQL's fields (code, detail, constraint...). */
export interface PgliteErrorData {
  message: string;
  fields: Record<string, string | number | boolean>;
}

export type PgliteReply =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: PgliteErrorData };

/** The worker's first message: migrations applied and ready, or why it could not open. */
export type PgliteReady = { ready: true } | { ready: false; error: PgliteErrorData };

/** Keeps an error's message and its own string, number and boolean fields, which is what callers read. */
export function errorData(error: unknown): PgliteErrorData {
  if (!(error instanceof Error)) return { message: String(error), fields: {} };
  const fields: PgliteErrorData['fields'] = {};
  for (const [key, value] of Object.entries(error)) {
    if (['string', 'number', 'boolean'].includes(typeof value))
      fields[key] = value as string | number | boolean;
  }
  return { message: error.message, fields };
}

/** The error again, on the receiving thread, with the caller's own stack. */
export function errorFrom(data: PgliteErrorData): Error {
  return Object.assign(new Error(data.message), data.fields);
}
