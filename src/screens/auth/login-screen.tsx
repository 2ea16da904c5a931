/** Placeholder until its issue builds this screen. */
export function LoginScreen() {
  return (
    <main>
      <h1>LoginScreen</h1>
    </main>
  );
}
