/** Placeholder until its issue builds this screen. */
export function PasswordRecoveryScreen() {
  return (
    <main>
      <h1>PasswordRecoveryScreen</h1>
    </main>
  );
}
