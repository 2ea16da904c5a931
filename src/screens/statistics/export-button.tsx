import { useState } from 'react';
import { Button } from '../../ui/button.tsx';
import { DownloadIcon } from '../../ui/icons.tsx';
import { type CsvExport, exportStatisticsCsv } from './export-csv.ts';
import styles from './statistics-screen.module.css';

export const EXPORT_TEXT = {
  button: 'Export CSV',
  failed: 'The CSV could not be downloaded. Please try again.',
  // Shown as the button's description while the sample data is on screen: there is nothing of the team's to export.
  unavailable: 'Choose at least one NODR to export its statistics.',
} as const;

/**
 * Issue 13 section 4: Export CSV of what is shown. `request` is null while nothing of the team's is on screen (the
 * sample data, a first load): the button is then disabled and says why.
 */
export function ExportButton({ request }: { request: CsvExport | null }) {
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
        aria-describedby={request ? undefined : 'export-unavailable'}
      >
        <DownloadIcon size={18} />
        {EXPORT_TEXT.button}
      </Button>
      {!request && (
        <span id="export-unavailable" className="visually-hidden">
          {EXPORT_TEXT.unavailable}
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
