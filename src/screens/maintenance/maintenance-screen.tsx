import { useAppConfig } from '../../shared/app-config-context.tsx';
import { BrandMark } from '../../ui/brand.tsx';
import styles from './maintenance-screen.module.css';

// Intl rather than date-fns: this page is in the first bundle, and the joiner between date and time does not matter.
const untilFormat = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'UTC',
});

/**
 * spec 1: replaces the whole application while the server's MAINTENANCE flag is set, with the spec's two texts, the
 * product's name and mark, and the expected end when the server knows it (MAINTENANCE_UNTIL).
 */
export function MaintenanceScreen() {
  const { maintenanceUntil } = useAppConfig();
  const until = maintenanceUntil ? new Date(maintenanceUntil) : null;
  return (
    <main className={styles.page}>
      <div className={styles.card}>
        <p className={styles.brand}>
          <BrandMark size={40} />
          <span>NODR</span>
        </p>
        <h1 className={styles.title}>Sorry, we are at the maintenance.</h1>
        <p className={styles.text}>Please come back later</p>
        {until && !Number.isNaN(until.getTime()) && (
          <p className={styles.until}>
            Expected back by <time dateTime={until.toISOString()}>{untilFormat.format(until)} UTC</time>
          </p>
        )}
      </div>
    </main>
  );
}
