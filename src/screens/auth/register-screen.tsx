/** Placeholder until its issue builds this screen. */
export function RegisterScreen() {
  return (
    <main>
      <h1>RegisterScreen</h1>
    </main>
  );
}
