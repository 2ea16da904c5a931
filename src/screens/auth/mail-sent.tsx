import type { ReactNode } from 'react';
import { MailIcon } from '../../ui/icons.tsx';
import styles from './auth-form.module.css';
import { AuthLayout, BackToLogin } from './auth-layout.tsx';

/** The page after a request that sends an e-mail link (spec 2: passwordRecovery, pendingRegistration). */
export function MailSent({ title, children }: { title: string; children: ReactNode }) {
  return (
    <AuthLayout title={title} footer={<BackToLogin />}>
      <div className={styles.stack}>
        <span className={styles.icon}>
          <MailIcon size={28} />
        </span>
        {children}
      </div>
    </AuthLayout>
  );
}
