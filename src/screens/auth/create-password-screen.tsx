/** Placeholder until its issue builds this screen. */
export function CreatePasswordScreen() {
  return (
    <main>
      <h1>CreatePasswordScreen</h1>
    </main>
  );
}
