import styles from './loader.module.css';

/** A spinner announced to assistive technology as a loading status. */
export function Loader({ label = 'Loading', fullScreen = false }: { label?: string; fullScreen?: boolean }) {
  return (
    <div className={`${styles.loader} ${fullScreen ? styles.full : ''}`} role="status" aria-live="polite">
      <span className={styles.ring} aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
