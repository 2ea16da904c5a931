import { useNavigate, useParams } from 'react-router-dom';
import { paths } from '../../shared/paths.ts';
import { AuthLayout, BackToLogin } from './auth-layout.tsx';
import { NewPasswordForm } from './new-password-form.tsx';

/** spec 2, /resPassword/{hash}: from the recovery e-mail; sets a new password, signs in, goes to My NODR. */
export function ResetPasswordScreen() {
  const { hash = '' } = useParams();
  const navigate = useNavigate();
  return (
    <AuthLayout
      title="Reset password"
      subtitle="Choose a new password. Every other session of your account will be signed out."
      footer={<BackToLogin />}
    >
      <NewPasswordForm hash={hash} onSignedIn={() => navigate(paths.myNodr)} />
    </AuthLayout>
  );
}
