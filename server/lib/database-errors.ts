/** The SQLSTATE of a database error, whether the driver's own or wrapped by drizzle (as `cause`). */
export function sqlState(error: unknown): string | undefined {
  for (let current = error, hops = 0; current && hops < 4; hops++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** A unique index refused the write (PostgreSQL 23505), however the driver wraps the error. */
export function isUniqueViolation(error: unknown): boolean {
  return sqlState(error) === '23505';
}
