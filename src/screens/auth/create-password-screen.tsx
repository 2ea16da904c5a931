import { useNavigate, useParams } from 'react-router-dom';
import { paths } from '../../shared/paths.ts';
import { AuthLayout } from './auth-layout.tsx';
import { NewPasswordForm } from './new-password-form.tsx';

/** spec 2, /createPassword/{hash}: from the registration e-mail; sets the password, signs in, goes to createAccount. */
export function CreatePasswordScreen() {
  const { hash = '' } = useParams();
  const navigate = useNavigate();
  return (
    <AuthLayout
      title="Create password"
      subtitle="Your e-mail is confirmed. Choose the password for your account."
    >
      <NewPasswordForm hash={hash} onSignedIn={() => navigate(paths.createAccount)} />
    </AuthLayout>
  );
}
