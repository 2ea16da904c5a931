/** Placeholder until its issue builds this screen. */
export function CreateAccountScreen() {
  return (
    <main>
      <h1>CreateAccountScreen</h1>
    </main>
  );
}
