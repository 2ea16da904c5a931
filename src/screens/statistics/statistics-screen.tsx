/** Placeholder until its issue builds this screen. */
export function StatisticsScreen() {
  return (
    <main>
      <h1>StatisticsScreen</h1>
    </main>
  );
}
