import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../shared/paths.ts';
import { BrandMark } from '../../ui/brand.tsx';
import { ChartIcon, CheckCircleIcon, ServerIcon } from '../../ui/icons.tsx';
import formStyles from './auth-form.module.css';
import styles from './auth-layout.module.css';

export interface AuthLayoutProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  /** Under the card, e.g. "Already have an account? Login". */
  footer?: ReactNode;
}

/** The frame of the signed-out screens (spec 2): brand panel and one card with the page's heading. */
export function AuthLayout({ title, subtitle, children, footer }: AuthLayoutProps) {
  return (
    <div className={styles.page}>
      <header className={styles.brand}>
        <Link to={paths.login} className={styles.logo}>
          <BrandMark size={36} />
          NODR
        </Link>
        <div className={styles.pitch}>
          <p className={styles.tagline}>Your delivery nodes, their traffic, one dashboard.</p>
          <ul className={styles.points}>
            <li>
              <ServerIcon />
              Register a node on your own server in three steps
            </li>
            <li>
              <CheckCircleIcon />
              See every node's status and hardware check live
            </li>
            <li>
              <ChartIcon />
              Follow CDN and peer-to-peer delivery, quality and ratio
            </li>
          </ul>
        </div>
        <p className={styles.note}>For operators of self-hosted media-delivery nodes.</p>
      </header>
      <main className={styles.main}>
        <div className={styles.card}>
          <h1 className={styles.title}>{title}</h1>
          {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
          <div className={styles.body}>{children}</div>
          {footer && <p className={styles.footer}>{footer}</p>}
        </div>
      </main>
    </div>
  );
}

/** The footer link of the screens that lead back to login (spec 2: Forgot password has one). */
export function BackToLogin() {
  return (
    <Link className={formStyles.link} to={paths.login}>
      Back to login
    </Link>
  );
}
