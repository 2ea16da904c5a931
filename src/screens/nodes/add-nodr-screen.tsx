/** Placeholder until its issue builds this screen. */
export function AddNodrScreen() {
  return (
    <main>
      <h1>AddNodrScreen</h1>
    </main>
  );
}
