import { Link, useNavigate, useParams } from 'react-router-dom';
import { paths } from '../../app/paths.ts';
import styles from './auth-form.module.css';
import { AuthLayout } from './auth-layout.tsx';
import { NewPasswordForm } from './new-password-form.tsx';

/** spec 2, /resPassword/{hash}: from the recovery e-mail; sets a new password, signs in, goes to My NODR. */
export function ResetPasswordScreen() {
  const { hash = '' } = useParams();
  const navigate = useNavigate();
  return (
    <AuthLayout
      title="Reset password"
      subtitle="Choose a new password. Every other session of your account will be signed out."
      footer={
        <Link className={styles.link} to={paths.login}>
          Back to login
        </Link>
      }
    >
      <NewPasswordForm hash={hash} onSignedIn={() => navigate(paths.myNodr)} />
    </AuthLayout>
  );
}
