import {
  CSV_CONTENT_TYPE,
  isoUtc,
  type StatsCsvPeriod,
  statsCsvFileName,
} from '../../../contracts/stats-csv.ts';
import { STATS_RANGE } from '../../../contracts/stats-range.ts';
import { loadStatsCsv, loadStatsRangeCsv } from '../../api/stats.ts';
import { saveTextFile } from '../../shared/save-file.ts';
import type { StatSeries } from '../../workers/stats.ts';

export interface CsvExport {
  /** The period on screen, or the custom range's name. */
  period: StatsCsvPeriod;
  teamId: number;
  team: string;
  licenceKeys: string[];
  /** The series on screen: its slots are the window's buckets, so it gives the window the file covers. */
  stat: StatSeries;
}

/** The window [start, end) a series covers, Unix seconds; null for an empty series. */
export function windowOf(stat: StatSeries): { start: number; end: number } | null {
  const last = stat.times.at(-1);
  const first = stat.times[0];
  if (first === undefined || last === undefined) return null;
  return { start: first, end: last + stat.interval };
}

/**
 * Downloads the CSV of what the screen shows (its period, nodes and window) from the statistics
 * service, so the file is the one an API client gets (docs/api-stats.md), and saves it under the contract's name.
 */
export async function exportStatisticsCsv(request: CsvExport): Promise<void> {
  const window = windowOf(request.stat);
  if (!window) throw new Error('Nothing to export');
  const nodes = { clientId: request.teamId, licenceKey: request.licenceKeys };
  const csv =
    request.period === STATS_RANGE
      ? await loadStatsRangeCsv({ from: isoUtc(window.start), to: isoUtc(window.end), ...nodes })
      : await loadStatsCsv(request.period, {
          startTimestamp: window.start,
          endTimestamp: window.end,
          ...nodes,
        });
  saveTextFile(
    csv,
    statsCsvFileName({ team: request.team, period: request.period, ...window }),
    CSV_CONTENT_TYPE,
  );
}
