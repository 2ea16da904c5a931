import { describe, expect, it } from 'vitest';
import { formatTimeAgo } from './relative-time.ts';

const now = new Date('2026-11-22T12:00:00Z');
const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000).toISOString();

describe('formatTimeAgo', () => {
  it.each([
    [0, 'just now'],
    [-30, 'just now'],
    [44, 'just now'],
    [45, '45 seconds ago'],
    [59, '59 seconds ago'],
    [60, '1 minute ago'],
    [5 * 60 + 59, '5 minutes ago'],
    [3_600, '1 hour ago'],
    [23 * 3_600, '23 hours ago'],
    [86_400, 'yesterday'],
    [3 * 86_400, '3 days ago'],
    [45 * 86_400, 'last month'],
    [400 * 86_400, 'last year'],
  ])('%d seconds ago reads %s', (seconds, text) => expect(formatTimeAgo(ago(seconds), now)).toBe(text));
});
