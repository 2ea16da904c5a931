/** Placeholder until its issue builds this screen. */
export function PendingRegistrationScreen() {
  return (
    <main>
      <h1>PendingRegistrationScreen</h1>
    </main>
  );
}
