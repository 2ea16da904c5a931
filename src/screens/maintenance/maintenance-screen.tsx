import styles from '../not-found/not-found-screen.module.css';

/** spec 1: replaces the whole application while the server's MAINTENANCE flag is set. */
export function MaintenanceScreen() {
  return (
    <main className={styles.page}>
      <div>
        <h1 className={styles.title}>Sorry, we are at the maintenance.</h1>
        <p>Please come back later</p>
      </div>
    </main>
  );
}
