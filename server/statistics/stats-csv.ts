import { pipeline, Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { StatPoint } from '../../contracts/stats-answer.schema.ts';
import { STATS_CSV_COLUMNS, type StatsCsvScope, statsCsvRow } from '../../contracts/stats-csv.ts';

/** The CSV answer of the statistics call: the download's name and the rows as a byte stream. */
export interface StatsCsvExport {
  fileName: string;
  body: Readable;
}

/** Reads the points of the buckets starting in [from, to), in time order. */
export type ReadPoints = (from: number, to: number) => Promise<StatPoint[]>;

/**
 * Buckets per database read: a page is a few tens of KiB of rows, so what the export holds at once does not grow
 * with the window or the number of nodes (the nodes are summed in the database).
 */
export const CSV_PAGE_BUCKETS = 240;

async function* pointsOf(read: ReadPoints, interval: number, first: number, last: number) {
  for (let from = first; from < last; from += CSV_PAGE_BUCKETS * interval) {
    yield* await read(from, Math.min(last, from + CSV_PAGE_BUCKETS * interval));
  }
}

/**
 * The CSV of the buckets [first, last): the header, then one row per bucket with data, produced page by page as the
 * reader pulls (Readable.from honours back-pressure). Quoting is csv-stringify's (RFC 4180: a field with a comma,
 * quote or line break is quoted, a quote doubled); `escape_formulas` keeps a team name such as `=HYPERLINK(...)`
 * from running as a formula when the file is opened in a spreadsheet.
 */
export function statsCsvStream(
  read: ReadPoints,
  scope: StatsCsvScope,
  window: { first: number; last: number },
): Readable {
  const rows = Readable.from(
    (async function* () {
      for await (const point of pointsOf(read, scope.interval, window.first, window.last)) {
        yield statsCsvRow(point, scope);
      }
    })(),
  );
  const csv = stringify({ header: true, columns: [...STATS_CSV_COLUMNS], escape_formulas: true });
  // A failed read destroys the CSV stream too: the reply is cut short rather than ending as if complete.
  pipeline(rows, csv, () => {});
  return csv;
}
