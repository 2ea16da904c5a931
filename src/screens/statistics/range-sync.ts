/** A visible window on the charts' shared time grid, in logical indexes (slot 0 is the first bucket). */
export interface LogicalWindow {
  from: number;
  to: number;
}

type Listener = (window: LogicalWindow) => void;

/** The narrowest window a zoom reaches: a few buckets stay readable. */
const MIN_SLOTS = 8;
const EPSILON = 1e-6;

/** Data missing from more than this share of the window (a new node) opens the charts zoomed to the data. */
const ZOOM_TO_DATA_BELOW = 0.9;

/**
 * The window a new series opens on: all of it, or, when the data covers only part of it (a node added an hour ago
 * on the Week view), the slots that hold data with a little margin; the navigator then shows where they lie.
 */
export function initialWindow(slots: number, dataFrom: number, dataTo: number): LogicalWindow {
  const full = { from: -0.5, to: Math.max(0, slots - 0.5) };
  if (dataFrom < 0 || dataTo < dataFrom || slots === 0) return full;
  const extent = dataTo - dataFrom + 1;
  if (extent >= slots * ZOOM_TO_DATA_BELOW) return full;
  const margin = Math.max(1, Math.round(extent * 0.05));
  return {
    from: Math.max(full.from, dataFrom - 0.5 - margin),
    to: Math.min(full.to, dataTo + 0.5 + margin),
  };
}

const same = (a: LogicalWindow | null, b: LogicalWindow) =>
  a !== null && Math.abs(a.from - b.from) < EPSILON && Math.abs(a.to - b.to) < EPSILON;

/**
 * Keeps the traffic, quality and ratio charts and the navigator on one visible window: each reports its own
 * changes with `set(window, itself)`; everyone else (and the sender too, when the window had to be clamped) is told.
 */
export class RangeSync {
  private listeners = new Map<object, Listener>();
  private current: LogicalWindow | null = null;
  private slots = 0;

  /** A new series: the window resets to show all of it, or `initial` (see initialWindow). */
  reset(slots: number, initial?: LogicalWindow): void {
    this.slots = slots;
    this.current = null;
    this.set(initial ?? this.full());
  }

  /**
   * The same view read again (a timed refresh): the grid moved `shift` slots on (its first bucket is later), so the
   * window moves back as much to keep showing the same times; a window that reached the newest bucket keeps
   * reaching it, so new minutes come into view. Every listener is told, as each chart's data was replaced.
   */
  rebase(slots: number, shift: number): void {
    const previous = this.current;
    const pinned = previous !== null && previous.to >= this.full().to - EPSILON;
    this.slots = slots;
    this.current = null;
    if (!previous) this.set(this.full());
    else this.set({ from: previous.from - shift, to: pinned ? this.full().to : previous.to - shift });
  }

  get window(): LogicalWindow | null {
    return this.current;
  }

  get size(): number {
    return this.slots;
  }

  full(): LogicalWindow {
    return { from: -0.5, to: Math.max(0, this.slots - 0.5) };
  }

  /** Clamps to the series and the smallest zoom, keeping the window's width when it is pushed back in. */
  clamp(window: LogicalWindow): LogicalWindow {
    const { from: min, to: max } = this.full();
    const span = max - min;
    let width = Math.min(span, Math.max(Math.min(MIN_SLOTS, span), window.to - window.from));
    if (!Number.isFinite(width)) width = span;
    let from = Number.isFinite(window.from) ? window.from : min;
    from = Math.min(Math.max(from, min), max - width);
    return { from, to: from + width };
  }

  set(window: LogicalWindow, source?: object): void {
    if (this.slots === 0) return;
    const next = this.clamp(window);
    if (same(this.current, next)) return;
    this.current = next;
    const clamped = !same(window, next);
    for (const [owner, listener] of this.listeners) if (owner !== source || clamped) listener(next);
  }

  /** Zooms around the window's centre: factor < 1 zooms in, > 1 out. */
  zoom(factor: number): void {
    const window = this.current ?? this.full();
    const centre = (window.from + window.to) / 2;
    const half = ((window.to - window.from) * factor) / 2;
    this.set({ from: centre - half, to: centre + half });
  }

  /** Moves the window by a share of its width (negative: back in time). */
  pan(share: number): void {
    const window = this.current ?? this.full();
    const step = (window.to - window.from) * share;
    this.set({ from: window.from + step, to: window.to + step });
  }

  subscribe(owner: object, listener: Listener): () => void {
    this.listeners.set(owner, listener);
    return () => this.listeners.delete(owner);
  }
}
