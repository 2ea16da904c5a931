import { Link, useLocation } from 'react-router-dom';
import { paths } from '../../shared/paths.ts';
import styles from './auth-form.module.css';
import { MailSent } from './mail-sent.tsx';

/** spec 2, pendingRegistration: asks the person to confirm the e-mail (the register screen passes the address). */
export function PendingRegistrationScreen() {
  const location = useLocation();
  const email = (location.state as { email?: unknown } | null)?.email;
  return (
    <MailSent title="Confirm your e-mail">
      <p className={styles.text}>
        We have sent a confirmation link to{' '}
        {typeof email === 'string' && email ? <strong>{email}</strong> : 'your e-mail'}. Open it to confirm
        your e-mail and create your password.
      </p>
      <p className={styles.muted}>
        The link is valid for 24 hours. No e-mail? Check your spam folder, or{' '}
        <Link className={styles.link} to={paths.register}>
          sign up again
        </Link>{' '}
        to get a new link.
      </p>
    </MailSent>
  );
}
