import { describe, expect, it, vi } from 'vitest';
import { RangeSync } from './range-sync.ts';

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
