import { useState } from 'react';
import { Button } from '../../ui/button.tsx';
import { DownloadIcon } from '../../ui/icons.tsx';
import styles from './compose-button.module.css';
import { COMPOSE_FILE_NAME, saveComposeFile } from './compose-download.ts';

/** The docker-compose.yml download (spec 2), with its busy and failed states. */
export function ComposeButton({ teamId, nodeId }: { teamId: number; nodeId: number }) {
  const [download, setDownload] = useState<'idle' | 'busy' | 'failed'>('idle');
  const save = async () => {
    setDownload('busy');
    try {
      await saveComposeFile(teamId, nodeId);
      setDownload('idle');
    } catch {
      setDownload('failed');
    }
  };
  return (
    <div className={styles.compose}>
      <Button variant="secondary" onClick={save} loading={download === 'busy'}>
        <DownloadIcon size={18} />
        Download {COMPOSE_FILE_NAME}
      </Button>
      {download === 'failed' && (
        <p className={styles.error} role="alert">
          The file could not be downloaded. Please try again.
        </p>
      )}
    </div>
  );
}
