/** Placeholder until its issue builds this screen. */
export function MyNodrScreen() {
  return (
    <main>
      <h1>MyNodrScreen</h1>
    </main>
  );
}
