/** Placeholder until its issue builds this screen. */
export function ChangeEmailResultScreen() {
  return (
    <main>
      <h1>ChangeEmailResultScreen</h1>
    </main>
  );
}
