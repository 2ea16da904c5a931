import { CSV_MEDIA_TYPE, type StatsFormat } from '../../contracts/stats-csv.ts';

/** The weight of each media range of an Accept header (`q`, 1 when absent). */
function acceptWeights(accept: string): Map<string, number> {
  const weights = new Map<string, number>();
  for (const part of accept.split(',')) {
    const [range = '', ...parameters] = part.split(';').map((piece) => piece.trim().toLowerCase());
    const q = parameters.find((parameter) => parameter.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(range, Number.isFinite(weight) ? weight : 0);
  }
  return weights;
}

/**
 * The statistics call answers CSV when asked by `format=csv`, or by an Accept header that ranks
 * text/csv above JSON (`Accept: text/csv`). `format` wins over Accept; anything else keeps the JSON of spec 7, so
 * a browser's `*\/*` or a client sending no Accept header is answered as before.
 */
export function statsFormatOf(format: StatsFormat | undefined, accept: string | undefined): StatsFormat {
  if (format) return format;
  if (!accept) return 'json';
  const weights = acceptWeights(accept);
  const csv = weights.get(CSV_MEDIA_TYPE) ?? 0;
  const json = weights.get('application/json') ?? 0;
  // Ahead of JSON (which weighs 0 when not listed), so also above q=0, which refuses a type.
  return csv > json ? 'csv' : 'json';
}
