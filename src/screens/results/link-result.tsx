import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useAppConfig } from '../../shared/app-config-context.tsx';
import { paths } from '../../shared/paths.ts';
import { CheckCircleIcon, WarningIcon } from '../../ui/icons.tsx';
import { Loader } from '../../ui/loader.tsx';
import { AuthLayout } from '../auth/auth-layout.tsx';
import styles from './results.module.css';

export type LinkOutcome = 'loading' | 'success' | 'error';

/** Where a link-confirming machine stands: it ends in its final state 'success' or 'error' (spec 4). */
export function linkOutcome(snapshot: { matches: (state: 'success' | 'error') => boolean }): LinkOutcome {
  if (snapshot.matches('success')) return 'success';
  if (snapshot.matches('error')) return 'error';
  return 'loading';
}

export const expiredTexts = {
  title: 'This link is expired',
  body: 'Unfortunately, this link is no longer valid. Please contact support if you need assistance',
} as const;

export function SupportLink() {
  const { supportEmail } = useAppConfig();
  return (
    <a className={styles.support} href={`mailto:${supportEmail}`}>
      {supportEmail}
    </a>
  );
}

export interface LinkResultProps {
  outcome: LinkOutcome;
  /** What the loader announces while the link is being confirmed. */
  loadingLabel: string;
  successTitle: string;
  successBody: ReactNode;
  /** Where the person goes next after a success. */
  next: { to: string; label: string };
}

/** spec 2, Result pages: a loader while the hash is confirmed, then the success or the expired-link texts. */
export function LinkResult({ outcome, loadingLabel, successTitle, successBody, next }: LinkResultProps) {
  if (outcome === 'loading') {
    return (
      <AuthLayout title={loadingLabel}>
        <Loader label={loadingLabel} />
      </AuthLayout>
    );
  }
  if (outcome === 'success') {
    return (
      <AuthLayout title={successTitle}>
        <div className={styles.result}>
          <div className={`${styles.badge} ${styles.ok}`} aria-hidden="true">
            <CheckCircleIcon size={32} />
          </div>
          <div className={styles.body}>{successBody}</div>
          <Link className={styles.next} to={next.to}>
            {next.label}
          </Link>
        </div>
      </AuthLayout>
    );
  }
  return <ExpiredLink />;
}

/** spec 2, Result pages: 'This link is expired', for every link that no longer works. */
export function ExpiredLink() {
  return (
    <AuthLayout title={expiredTexts.title}>
      <div className={styles.result}>
        <div className={`${styles.badge} ${styles.bad}`} aria-hidden="true">
          <WarningIcon size={32} />
        </div>
        <div className={styles.body}>
          <p>{expiredTexts.body}</p>
          <p>
            Support: <SupportLink />
          </p>
        </div>
        <Link className={styles.next} to={paths.login}>
          Go to login
        </Link>
      </div>
    </AuthLayout>
  );
}
