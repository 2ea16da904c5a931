/** Placeholder until its issue builds this screen. */
export function ResetPasswordScreen() {
  return (
    <main>
      <h1>ResetPasswordScreen</h1>
    </main>
  );
}
