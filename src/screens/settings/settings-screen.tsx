/** Placeholder until its issue builds this screen. */
export function SettingsScreen() {
  return (
    <main>
      <h1>SettingsScreen</h1>
    </main>
  );
}
