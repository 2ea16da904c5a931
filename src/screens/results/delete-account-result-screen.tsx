/** Placeholder until its issue builds this screen. */
export function DeleteAccountResultScreen() {
  return (
    <main>
      <h1>DeleteAccountResultScreen</h1>
    </main>
  );
}
