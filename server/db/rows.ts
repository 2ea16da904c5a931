/** The rows of a raw query (`db.execute`), read the same on PGlite and on node-postgres. */
export function rowsOf<Row>(result: unknown): Row[] {
  return (result as { rows: Row[] }).rows;
}
