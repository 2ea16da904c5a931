/** The server's notion of now, injectable so tests can stand at an expiry boundary. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock tests move by hand. */
export function manualClock(start = new Date('2026-01-01T00:00:00Z')) {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    set: (date: Date) => {
      current = date.getTime();
    },
    advance: (ms: number) => {
      current += ms;
    },
  };
}
