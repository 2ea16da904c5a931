import { useAppConfig } from '../../shared/app-config-context.tsx';
import styles from './auth-form.module.css';
import { MailSent } from './mail-sent.tsx';

/** spec 2, passwordRecovery: instructions will be sent if an account is found; spec 1: the support contact. */
export function PasswordRecoveryScreen() {
  const { supportEmail } = useAppConfig();
  return (
    <MailSent title="Check your e-mail">
      <p className={styles.text}>
        If an account is found for this e-mail, instructions to reset your password will be sent to it. The
        link is valid for one hour.
      </p>
      <p className={styles.muted}>
        No e-mail after a few minutes? Contact support at{' '}
        <a className={styles.link} href={`mailto:${supportEmail}`}>
          {supportEmail}
        </a>
        .
      </p>
    </MailSent>
  );
}
