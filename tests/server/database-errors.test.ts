import { describe, expect, it } from 'vitest';
import { isUniqueViolation, sqlState } from '../../server/lib/database-errors.ts';

const driverError = (code: string) => Object.assign(new Error('duplicate key'), { code });
const wrapped = (cause: unknown) => Object.assign(new Error('Failed query'), { cause });

describe('database errors: the one home of isUniqueViolation', () => {
  it('finds the SQLSTATE on the driver error or under the wrappers drizzle and PGlite add', () => {
    expect(sqlState(driverError('23505'))).toBe('23505');
    expect(sqlState(wrapped(driverError('22001')))).toBe('22001');
    expect(sqlState(wrapped(wrapped(wrapped(driverError('23503')))))).toBe('23503');
  });

  it('reads no SQLSTATE from a Node error code, a non-error or an endless chain', () => {
    expect(sqlState(Object.assign(new Error('x'), { code: 'ECONNRESET' }))).toBeUndefined();
    expect(sqlState(undefined)).toBeUndefined();
    expect(sqlState('23505')).toBeUndefined();
    const loop: { cause?: unknown } = {};
    loop.cause = loop;
    expect(sqlState(loop)).toBeUndefined();
  });

  it('tells a duplicate from every other refusal', () => {
    expect(isUniqueViolation(wrapped(driverError('23505')))).toBe(true);
    expect(isUniqueViolation(wrapped(driverError('23503')))).toBe(false);
    expect(isUniqueViolation(new Error('timeout'))).toBe(false);
  });
});
