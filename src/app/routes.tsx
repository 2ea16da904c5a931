import { type ComponentType, lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { UNSUBSCRIBE_PAGE } from '../../contracts/notifications.ts';
import { INVITATION_PATH } from '../../contracts/team-body.ts';
import { LoginScreen } from '../screens/auth/login-screen.tsx';
import { NotFoundScreen } from '../screens/not-found/not-found-screen.tsx';
import { Loader } from '../ui/loader.tsx';
import { RedirectSignedIn } from './redirect-signed-in.tsx';
import { RequireSession } from './require-session.tsx';

/** A route-level code split: each screen's code loads when its route is first opened. */
function screen<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazy(async () => ({ default: (await load())[name] }));
}

const RegisterScreen = screen(() => import('../screens/auth/register-screen.tsx'), 'RegisterScreen');
const CreatePasswordScreen = screen(
  () => import('../screens/auth/create-password-screen.tsx'),
  'CreatePasswordScreen',
);
const CreateAccountScreen = screen(
  () => import('../screens/auth/create-account-screen.tsx'),
  'CreateAccountScreen',
);
const ForgotPasswordScreen = screen(
  () => import('../screens/auth/forgot-password-screen.tsx'),
  'ForgotPasswordScreen',
);
const ResetPasswordScreen = screen(
  () => import('../screens/auth/reset-password-screen.tsx'),
  'ResetPasswordScreen',
);
const PasswordRecoveryScreen = screen(
  () => import('../screens/auth/password-recovery-screen.tsx'),
  'PasswordRecoveryScreen',
);
const PendingRegistrationScreen = screen(
  () => import('../screens/auth/pending-registration-screen.tsx'),
  'PendingRegistrationScreen',
);
const ChangeEmailResultScreen = screen(
  () => import('../screens/results/change-email-result-screen.tsx'),
  'ChangeEmailResultScreen',
);
const CancelEmailChangeResultScreen = screen(
  () => import('../screens/results/cancel-email-change-result-screen.tsx'),
  'CancelEmailChangeResultScreen',
);
const DeleteAccountResultScreen = screen(
  () => import('../screens/results/delete-account-result-screen.tsx'),
  'DeleteAccountResultScreen',
);
const UnsubscribeResultScreen = screen(
  () => import('../screens/results/unsubscribe-result-screen.tsx'),
  'UnsubscribeResultScreen',
);
const InvitationScreen = screen(() => import('../screens/results/invitation-screen.tsx'), 'InvitationScreen');
const MainLayout = screen(() => import('./main-layout.tsx'), 'MainLayout');
const MyNodrScreen = screen(() => import('../screens/nodes/my-nodr-screen.tsx'), 'MyNodrScreen');
const AddNodrScreen = screen(() => import('../screens/nodes/add-nodr-screen.tsx'), 'AddNodrScreen');
const StatisticsScreen = screen(
  () => import('../screens/statistics/statistics-screen.tsx'),
  'StatisticsScreen',
);
const SettingsScreen = screen(() => import('../screens/settings/settings-screen.tsx'), 'SettingsScreen');

/** The route table of spec 2, in history mode. */
export function AppRoutes() {
  return (
    <Suspense fallback={<Loader fullScreen />}>
      <Routes>
        <Route
          path="/"
          element={
            <RedirectSignedIn>
              <LoginScreen />
            </RedirectSignedIn>
          }
        />
        <Route path="/register" element={<RegisterScreen />} />
        <Route path="/createPassword/:hash" element={<CreatePasswordScreen />} />
        <Route
          path="/createAccount"
          element={
            <RequireSession>
              <CreateAccountScreen />
            </RequireSession>
          }
        />
        <Route path="/forgotPassword" element={<ForgotPasswordScreen />} />
        <Route path="/resPassword/:hash" element={<ResetPasswordScreen />} />
        <Route path="/passwordRecovery" element={<PasswordRecoveryScreen />} />
        <Route path="/pendingRegistration" element={<PendingRegistrationScreen />} />
        <Route path="/changeEmail/:hash" element={<ChangeEmailResultScreen />} />
        <Route path="/cancelEmailChange/:hash" element={<CancelEmailChangeResultScreen />} />
        <Route path="/deleteUserAccount/:hash" element={<DeleteAccountResultScreen />} />
        <Route path={`${UNSUBSCRIBE_PAGE}/:token`} element={<UnsubscribeResultScreen />} />
        {/* Public, like the other link pages; it checks the session itself. */}
        <Route path={INVITATION_PATH} element={<InvitationScreen />} />
        {/* The integration layout: its children need a successful session check (spec 2, 6). */}
        <Route
          element={
            <RequireSession>
              <MainLayout />
            </RequireSession>
          }
        >
          <Route path="/integration" element={<MyNodrScreen />} />
          <Route path="/myNodr" element={<MyNodrScreen />} />
          {/* One route for every step, so moving between them keeps the flow mounted. */}
          <Route path="/addNodr/:step?" element={<AddNodrScreen />} />
          <Route path="/statistics" element={<StatisticsScreen />} />
          <Route path="/settings/:section?" element={<SettingsScreen />} />
        </Route>
        <Route path="*" element={<NotFoundScreen />} />
      </Routes>
    </Suspense>
  );
}
