/** Placeholder until its issue builds this screen. */
export function ForgotPasswordScreen() {
  return (
    <main>
      <h1>ForgotPasswordScreen</h1>
    </main>
  );
}
