import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { initialWindow, RangeSync } from './range-sync.ts';

describe('RangeSync', () => {
  it('shows the whole series after a reset and tells every chart', () => {
    const sync = new RangeSync();
    const chart = vi.fn();
    sync.subscribe({}, chart);
    sync.reset(100);
    expect(sync.window).toEqual({ from: -0.5, to: 99.5 });
    expect(chart).toHaveBeenCalledWith({ from: -0.5, to: 99.5 });
  });

  it('passes a chart’s own change to the others only, unless it had to be clamped', () => {
    const sync = new RangeSync();
    const first = {};
    const onFirst = vi.fn();
    const onSecond = vi.fn();
    sync.subscribe(first, onFirst);
    sync.subscribe({}, onSecond);
    sync.reset(100);
    onFirst.mockClear();
    onSecond.mockClear();
    sync.set({ from: 10, to: 30 }, first);
    expect(onFirst).not.toHaveBeenCalled();
    expect(onSecond).toHaveBeenCalledWith({ from: 10, to: 30 });
    sync.set({ from: 90, to: 120 }, first);
    expect(onFirst).toHaveBeenCalledWith({ from: 69.5, to: 99.5 });
  });

  it('zooms around the centre, no narrower than a few buckets, and pans within the series', () => {
    const sync = new RangeSync();
    sync.reset(101);
    sync.zoom(0.5);
    expect(sync.window).toEqual({ from: 24.75, to: 75.25 });
    for (let step = 0; step < 10; step += 1) sync.zoom(0.5);
    const narrow = sync.window!;
    expect(narrow.to - narrow.from).toBe(8);
    sync.pan(-100);
    expect(sync.window?.from).toBe(-0.5);
    sync.zoom(1000);
    expect(sync.window).toEqual(sync.full());
  });

  it('does nothing before there is a series', () => {
    const sync = new RangeSync();
    const chart = vi.fn();
    sync.subscribe({}, chart);
    sync.set({ from: 0, to: 10 });
    expect(chart).not.toHaveBeenCalled();
    expect(sync.window).toBeNull();
  });
});

describe('initialWindow', () => {
  it('shows the whole window when the data fills (nearly) all of it, or there is none', () => {
    expect(initialWindow(504, 0, 503)).toEqual({ from: -0.5, to: 503.5 });
    expect(initialWindow(504, 30, 503)).toEqual({ from: -0.5, to: 503.5 });
    expect(initialWindow(504, -1, -1)).toEqual({ from: -0.5, to: 503.5 });
  });

  it('opens zoomed to a new node’s data, with a small margin, up to the newest bucket', () => {
    // A Week of 20-minute buckets; the node's data began 3 hours (9 buckets) ago and reaches the current bucket.
    expect(initialWindow(504, 495, 503)).toEqual({ from: 493.5, to: 503.5 });
    // Data that stopped: the window ends just after it.
    expect(initialWindow(1440, 100, 299)).toEqual({ from: 89.5, to: 309.5 });
  });

  it('always holds every slot with data, inside the series (property)', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 5000 })
          .chain((slots) =>
            fc.tuple(
              fc.constant(slots),
              fc.integer({ min: 0, max: slots - 1 }),
              fc.integer({ min: 0, max: slots - 1 }),
            ),
          ),
        ([slots, a, b]) => {
          const [from, to] = [Math.min(a, b), Math.max(a, b)];
          const window = initialWindow(slots, from, to);
          expect(window.from).toBeLessThanOrEqual(from - 0.5);
          expect(window.to).toBeGreaterThanOrEqual(to + 0.5);
          expect(window.from).toBeGreaterThanOrEqual(-0.5);
          expect(window.to).toBeLessThanOrEqual(slots - 0.5);
        },
      ),
    );
  });
});

describe('RangeSync.rebase (a timed refresh)', () => {
  it('keeps the same times on screen when the grid moved on, and tells every chart', () => {
    const sync = new RangeSync();
    const chart = vi.fn();
    sync.subscribe({}, chart);
    sync.reset(1440);
    sync.set({ from: 100, to: 200 });
    chart.mockClear();
    sync.rebase(1440, 1);
    expect(sync.window).toEqual({ from: 99, to: 199 });
    expect(chart).toHaveBeenCalledWith({ from: 99, to: 199 });
  });

  it('keeps a window that reached the newest bucket on it, so the new minute comes into view', () => {
    const sync = new RangeSync();
    sync.reset(1440, initialWindow(1440, 1380, 1439));
    sync.rebase(1440, 1);
    expect(sync.window?.to).toBe(1439.5);
    expect(sync.window?.from).toBeCloseTo(initialWindow(1440, 1380, 1439).from - 1, 9);
    sync.reset(1440);
    sync.rebase(1440, 1);
    expect(sync.window).toEqual({ from: -0.5, to: 1439.5 });
  });
});
