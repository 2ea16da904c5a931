import { useNavigate, useParams } from 'react-router-dom';
import { paths } from '../../shared/paths.ts';
import { NewPasswordPage } from './new-password-form.tsx';

/** spec 2, /createPassword/{hash}: from the registration e-mail; sets the password, signs in, goes to createAccount. */
export function CreatePasswordScreen() {
  const { hash = '' } = useParams();
  const navigate = useNavigate();
  return (
    <NewPasswordPage
      hash={hash}
      purpose="create_password"
      title="Create password"
      subtitle="Your e-mail is confirmed. Choose the password for your account."
      onSignedIn={() => navigate(paths.createAccount)}
    />
  );
}
