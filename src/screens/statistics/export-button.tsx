import { useState } from 'react';
import { Button } from '../../ui/button.tsx';
import { DownloadIcon } from '../../ui/icons.tsx';
import { type CsvExport, exportStatisticsCsv } from './export-csv.ts';
import styles from './statistics-screen.module.css';

export const EXPORT_TEXT = {
  button: 'Export CSV',
  failed: 'The CSV could not be downloaded. Please try again.',
  // The button's description while it is disabled, one per reason (exportUnavailable below).
  unavailable: 'Choose at least one NODR to export its statistics.',
  loading: 'The statistics are loading: export them once they show.',
  notLoaded: 'The statistics could not be loaded, so there is nothing to export. Load them again first.',
} as const;

/** What the statistics screen shows, as far as exporting goes. */
export interface ExportState {
  /** The sample data is shown: no NODR is chosen. */
  sample: boolean;
  /** A load is under way, or none has answered yet. */
  loading: boolean;
  /** The last load failed. */
  failed: boolean;
}

/** Why Export CSV is disabled, said to screen readers; null when it can export. */
export function exportUnavailable({ sample, loading, failed }: ExportState): string | null {
  if (loading) return EXPORT_TEXT.loading;
  if (failed) return EXPORT_TEXT.notLoaded;
  if (sample) return EXPORT_TEXT.unavailable;
  return null;
}

/**
 * Export CSV of what is shown. `request` is null while nothing of the team's is on screen (the sample data, a load
 * under way or failed): the button is then disabled and says why (`unavailable`, from exportUnavailable).
 */
export function ExportButton({
  request,
  unavailable,
}: {
  request: CsvExport | null;
  unavailable: string | null;
}) {
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');
  const save = async () => {
    if (!request) return;
    setState('busy');
    try {
      await exportStatisticsCsv(request);
      setState('idle');
    } catch {
      setState('failed');
    }
  };
  return (
    <div className={styles.export}>
      <Button
        variant="secondary"
        onClick={save}
        loading={state === 'busy'}
        disabled={!request}
        aria-describedby={request || !unavailable ? undefined : 'export-unavailable'}
      >
        <DownloadIcon size={18} />
        {EXPORT_TEXT.button}
      </Button>
      {!request && unavailable && (
        <span id="export-unavailable" className="visually-hidden">
          {unavailable}
        </span>
      )}
      {state === 'failed' && (
        <p className={styles.exportError} role="alert">
          {EXPORT_TEXT.failed}
        </p>
      )}
    </div>
  );
}
