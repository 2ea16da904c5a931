import { Link } from 'react-router-dom';
import { paths } from '../../shared/paths.ts';
import styles from './not-found-screen.module.css';

export function NotFoundScreen() {
  return (
    <main className={styles.page}>
      <div>
        <p className={styles.code} aria-hidden="true">
          404
        </p>
        <h1 className={styles.title}>
          We're sorry, it looks like we don't have the page you are looking for
        </h1>
        <Link className={styles.link} to={paths.login}>
          Go to the start page
        </Link>
      </div>
    </main>
  );
}
