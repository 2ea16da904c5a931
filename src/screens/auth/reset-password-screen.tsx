import { useNavigate, useParams } from 'react-router-dom';
import { paths } from '../../shared/paths.ts';
import { BackToLogin } from './auth-layout.tsx';
import { NewPasswordPage } from './new-password-form.tsx';

/** spec 2, /resPassword/{hash}: from the recovery e-mail; sets a new password, signs in, goes to My NODR. */
export function ResetPasswordScreen() {
  const { hash = '' } = useParams();
  const navigate = useNavigate();
  return (
    <NewPasswordPage
      hash={hash}
      purpose="reset_password"
      title="Reset password"
      subtitle="Choose a new password. Every other session of your account will be signed out."
      footer={<BackToLogin />}
      onSignedIn={() => navigate(paths.myNodr)}
    />
  );
}
