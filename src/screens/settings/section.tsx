import { type ReactNode, useId } from 'react';
import styles from './settings.module.css';

export interface SectionProps {
  title: string;
  description?: ReactNode;
  /** Beside the title, e.g. the arrow of Change password. */
  aside?: ReactNode;
  /** 'danger' frames Delete account. */
  tone?: 'danger';
  children?: ReactNode;
}

/** One card of the Settings screen, labelled by its heading. */
export function Section({ title, description, aside, tone, children }: SectionProps) {
  const headingId = useId();
  return (
    <section
      className={`${styles.section} ${tone === 'danger' ? styles.danger : ''}`}
      aria-labelledby={headingId}
    >
      <div className={styles.sectionHead}>
        <div>
          <h2 id={headingId} className={styles.sectionTitle}>
            {title}
          </h2>
          {description && <p className={styles.sectionText}>{description}</p>}
        </div>
        {aside}
      </div>
      {children}
    </section>
  );
}
