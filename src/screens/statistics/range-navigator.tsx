import { AreaSeries, ColorType, CrosshairMode, createChart } from 'lightweight-charts';
import { type KeyboardEvent, type PointerEvent, useEffect, useRef, useState } from 'react';
import { toAreaData } from './chart-data.ts';
import { type ChartTheme, withAlpha } from './chart-theme.ts';
import styles from './range-navigator.module.css';
import type { LogicalWindow, RangeSync } from './range-sync.ts';
import { formatSlotTime } from './time-format.ts';

export interface RangeNavigatorProps {
  times: Float64Array;
  values: Float64Array;
  theme: ChartTheme;
  sync: RangeSync;
  label: string;
}

/** The slider's keys: a pan by a share of the window's width, or a zoom factor. Shift pans five times as far. */
const KEYS: Record<string, { pan?: number; zoom?: number }> = {
  ArrowLeft: { pan: -0.1 },
  ArrowDown: { pan: -0.1 },
  ArrowRight: { pan: 0.1 },
  ArrowUp: { pan: 0.1 },
  PageDown: { pan: -1 },
  PageUp: { pan: 1 },
  Home: { pan: -1e9 },
  End: { pan: 1e9 },
  '+': { zoom: 0.5 },
  '=': { zoom: 0.5 },
  '-': { zoom: 2 },
};

type Drag = { mode: 'move' | 'from' | 'to'; startX: number; start: LogicalWindow };

/**
 * The navigator of the traffic chart (spec 2): an overview of the whole window with a draggable frame bound to the
 * charts' visible window both ways. Drag the frame to pan, its edges to zoom, click outside it to jump; with the
 * keyboard, the frame is a slider (arrows pan, + and - zoom, Home and End jump to the ends).
 */
export function RangeNavigator({ times, values, theme, sync, label }: RangeNavigatorProps) {
  const track = useRef<HTMLDivElement>(null);
  const chartBox = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState<LogicalWindow | null>(sync.window);
  const [width, setWidth] = useState(0);
  const drag = useRef<Drag | null>(null);
  const slots = times.length;

  useEffect(() => {
    const element = chartBox.current;
    if (!element) return;
    const chart = createChart(element, {
      autoSize: true,
      layout: {
        background: { type: ColorType.Solid, color: 'rgba(0, 0, 0, 0)' },
        textColor: theme.muted,
        attributionLogo: false,
      },
      grid: { vertLines: { visible: false }, horzLines: { visible: false } },
      rightPriceScale: { visible: false },
      leftPriceScale: { visible: false },
      timeScale: { visible: false },
      crosshair: { mode: CrosshairMode.Hidden },
      handleScale: false,
      handleScroll: false,
    });
    const series = chart.addSeries(AreaSeries, {
      lineWidth: 1,
      lineColor: theme.delivered,
      topColor: withAlpha(theme.delivered, 0.3),
      bottomColor: withAlpha(theme.delivered, 0.04),
      priceLineVisible: false,
      lastValueVisible: false,
    });
    series.setData(toAreaData(times, values));
    // The overview always shows every slot, mapped linearly onto the track (see toX below).
    chart.timeScale().setVisibleLogicalRange({ from: -0.5, to: Math.max(0, times.length - 0.5) });
    return () => chart.remove();
  }, [times, values, theme]);

  useEffect(() => {
    const element = track.current;
    if (!element) return;
    setWidth(element.clientWidth);
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    setVisible(sync.window);
    const owner = {};
    return sync.subscribe(owner, setVisible);
  }, [sync]);

  const span = Math.max(1, slots);
  const toX = (logical: number) => ((logical + 0.5) / span) * width;
  const toLogical = (x: number) => (x / Math.max(1, width)) * span - 0.5;
  const shown = visible ?? { from: -0.5, to: slots - 0.5 };
  const left = Math.max(0, toX(shown.from));
  const right = Math.min(width, toX(shown.to));

  const onPointerDown = (mode: Drag['mode']) => (event: PointerEvent<HTMLElement>) => {
    event.stopPropagation();
    event.preventDefault();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    drag.current = { mode, startX: event.clientX, start: shown };
  };
  const onPointerMove = (event: PointerEvent<HTMLElement>) => {
    const current = drag.current;
    if (!current) return;
    const delta = (event.clientX - current.startX) * (span / Math.max(1, width));
    const { from, to } = current.start;
    if (current.mode === 'move') sync.set({ from: from + delta, to: to + delta });
    else if (current.mode === 'from') sync.set({ from: Math.min(from + delta, to - 1), to });
    else sync.set({ from, to: Math.max(to + delta, from + 1) });
  };
  const onPointerUp = () => {
    drag.current = null;
  };
  const onTrackDown = (event: PointerEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const centre = toLogical(event.clientX - box.left);
    const half = (shown.to - shown.from) / 2;
    sync.set({ from: centre - half, to: centre + half });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const key = KEYS[event.key];
    if (!key) return;
    event.preventDefault();
    if (key.zoom) sync.zoom(key.zoom);
    else if (key.pan) sync.pan(key.pan * (event.shiftKey ? 5 : 1));
  };

  const firstSlot = Math.max(0, Math.min(slots - 1, Math.ceil(shown.from)));
  const lastSlot = Math.max(0, Math.min(slots - 1, Math.floor(shown.to)));
  const valueText =
    slots > 0 ? `${formatSlotTime(times[firstSlot]!)} to ${formatSlotTime(times[lastSlot]!)}` : 'No data';

  return (
    <div
      ref={track}
      className={styles.track}
      onPointerDown={onTrackDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
    >
      <div ref={chartBox} className={styles.chart} aria-hidden="true" />
      <div className={styles.shade} style={{ left: 0, width: left }} />
      <div className={styles.shade} style={{ left: right, right: 0 }} />
      <div
        className={styles.frame}
        style={{ left, width: Math.max(6, right - left) }}
        role="slider"
        tabIndex={0}
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={Math.max(0, slots - 1)}
        aria-valuenow={firstSlot}
        aria-valuetext={valueText}
        onPointerDown={onPointerDown('move')}
        onKeyDown={onKeyDown}
      >
        <span className={styles.handle} data-edge="from" onPointerDown={onPointerDown('from')} />
        <span className={styles.handle} data-edge="to" onPointerDown={onPointerDown('to')} />
      </div>
    </div>
  );
}
