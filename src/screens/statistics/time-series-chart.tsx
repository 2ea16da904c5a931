import {
  AreaSeries,
  type AutoscaleInfoProvider,
  ColorType,
  CrosshairMode,
  createChart,
  type IChartApi,
  type IPriceLine,
  type ISeriesApi,
  LineSeries,
  LineStyle,
  type LogicalRange,
  type MouseEventParams,
  type Time,
} from 'lightweight-charts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { toAreaData, toLineData } from './chart-data.ts';
import { type ChartColour, type ChartTheme, paint, withAlpha } from './chart-theme.ts';
import { ChartTooltip, type TooltipState } from './chart-tooltip.tsx';
import type { RangeSync } from './range-sync.ts';
import styles from './time-series-chart.module.css';

export interface SeriesSpec {
  key: string;
  name: string;
  colour: ChartColour;
  kind: 'line' | 'area';
  /** Drawn dashed: the previous period's overlay. */
  dashed?: boolean;
  /** The numbers, for the tooltip and the chart's points (built here: only numbers cross from the worker). */
  values: Float64Array;
}

/** A value axis of our own: its ticks and their labels (src/lib/axis-ticks.ts). */
export interface ValueAxis {
  ticks: number[];
  label: (value: number) => string;
}

export interface TimeSeriesChartProps {
  times: Float64Array;
  series: SeriesSpec[];
  /** Formats a value in the tooltip (exact); `axisFormat`, when given, on the value axis (short). */
  format: (value: number) => string;
  axisFormat?: (value: number) => string;
  /**
   * The value axis for the data's largest value, drawn instead of the library's marks: the library picks round
   * numbers of the raw value (decimal bits), which read as odd figures in 1024-based units. Its labels then also
   * format the crosshair's value.
   */
  axis?: (max: number) => ValueAxis;
  theme: ChartTheme;
  sync: RangeSync;
  /** Zoom with the mouse wheel and pinch (the traffic chart); the others follow the shared window. */
  wheelZoom?: boolean;
  /** The value axis: from zero to the data's top, or the fixed 0..100 of a percentage-like index. */
  scale: 'fromZero' | 'percent';
  height: number;
  /** The bucket still filling: drawn faint, and its tooltip says so with `note` ('Partial: 12 of 20 min'). */
  partial?: { index: number; note: string } | null;
}

/** The opacity of the segment into the partial bucket: it is there, but not part of the trend. */
const PARTIAL_ALPHA = 0.35;

function chartOptions(theme: ChartTheme, wheelZoom: boolean, ownTicks: boolean) {
  return {
    autoSize: true,
    layout: {
      background: { type: ColorType.Solid, color: theme.surface },
      textColor: theme.muted,
      fontFamily: theme.font,
      fontSize: 11,
      // The licence notice is shown as text under the charts (statistics-view.tsx).
      attributionLogo: false,
    },
    // With an axis of our own its ticks draw the horizontal lines (price lines), not the library's marks.
    grid: { vertLines: { color: theme.grid }, horzLines: { color: theme.grid, visible: !ownTicks } },
    rightPriceScale: { borderVisible: false, scaleMargins: { top: 0.12, bottom: 0.04 } },
    timeScale: {
      borderColor: theme.grid,
      timeVisible: true,
      secondsVisible: false,
      // The shared window is a logical range: a resize must keep it, not the bar spacing.
      lockVisibleTimeRangeOnResize: true,
      // The window never goes past the first or last bucket (RangeSync clamps it), and with fixed edges the
      // library moves an edge's time label inside the chart instead of cutting it off.
      fixLeftEdge: true,
      fixRightEdge: true,
      // A day of minutes fits a phone's width (1440 buckets in ~300 px); the default floor is 0.5 px per bucket.
      minBarSpacing: 0.05,
    },
    crosshair: {
      mode: CrosshairMode.Magnet,
      vertLine: { color: theme.border, labelBackgroundColor: theme.text },
      horzLine: { color: theme.border, labelBackgroundColor: theme.text },
    },
    handleScale: {
      mouseWheel: wheelZoom,
      pinch: wheelZoom,
      axisPressedMouseMove: { time: true, price: false },
      axisDoubleClickReset: { time: true, price: true },
    },
    handleScroll: { mouseWheel: false, pressedMouseMove: true, horzTouchDrag: true, vertTouchDrag: false },
  };
}

/**
 * Traffic and ratios read from zero (a flat series is not blown up into noise); the quality index is 0..100; an axis
 * of our own spans its ticks, whatever part of the window is shown, so the ticks stay where they are while zooming.
 */
function autoscaleFor(
  scale: TimeSeriesChartProps['scale'],
  axis: () => ValueAxis | null,
): AutoscaleInfoProvider {
  return (original) => {
    const info = original();
    if (scale === 'percent') return { priceRange: { minValue: 0, maxValue: 100 } };
    const top = axis()?.ticks.at(-1);
    if (top !== undefined) return { priceRange: { minValue: 0, maxValue: top } };
    if (!info?.priceRange) return info;
    return { ...info, priceRange: { minValue: 0, maxValue: Math.max(info.priceRange.maxValue, 1e-9) } };
  };
}

/**
 * A lightweight-charts time series on the shared window of `sync`, with a tooltip of exact values. Mounts the chart
 * once; new data replaces the series' data, a new theme restyles it.
 */
export function TimeSeriesChart({
  times,
  series,
  format,
  axisFormat,
  axis,
  theme,
  sync,
  wheelZoom = false,
  scale,
  height,
  partial = null,
}: TimeSeriesChartProps) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<IChartApi | null>(null);
  const handles = useRef(new Map<string, ISeriesApi<'Line' | 'Area'>>());
  const [tooltip, setTooltip] = useState<TooltipState | null>(null);
  const ownAxis = useMemo(() => (axis ? axis(largestValue(series)) : null), [axis, series]);
  const latest = useRef({ times, series, format, axisFormat, partial, ownAxis });
  latest.current = { times, series, format, axisFormat, partial, ownAxis };
  const seriesKeys = series.map((spec) => `${spec.key}:${spec.kind}`).join();
  const ownTicks = axis !== undefined;

  // The chart itself, its window binding and its tooltip: once per set of series.
  // biome-ignore lint/correctness/useExhaustiveDependencies: theme and wheelZoom are applied by the effect below.
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const api = createChart(element, chartOptions(theme, wheelZoom, ownTicks));
    chart.current = api;
    for (const spec of latest.current.series) {
      const common = {
        priceFormat: {
          type: 'custom' as const,
          formatter: (value: number) =>
            (latest.current.ownAxis?.label ?? latest.current.axisFormat ?? latest.current.format)(value),
          // With an axis of our own the library's marks go unlabelled: the price lines carry the labels.
          tickmarksFormatter: (values: number[]) =>
            values.map((value) =>
              latest.current.ownAxis ? '' : (latest.current.axisFormat ?? latest.current.format)(value),
            ),
          minMove: 0.01,
        },
        autoscaleInfoProvider: autoscaleFor(scale, () => latest.current.ownAxis),
        lineWidth: 2 as const,
        lineStyle: spec.dashed ? LineStyle.Dashed : LineStyle.Solid,
        priceLineVisible: false,
        // No value tag on the axis: it covered the axis labels (the Quality chart's 100), and the last value may
        // be a partial bucket; the tooltip gives exact values.
        lastValueVisible: false,
      };
      const handle =
        spec.kind === 'area' ? api.addSeries(AreaSeries, common) : api.addSeries(LineSeries, common);
      handles.current.set(spec.key, handle);
    }
    const onRange = (range: LogicalRange | null) => {
      if (range) sync.set({ from: range.from, to: range.to }, api);
    };
    api.timeScale().subscribeVisibleLogicalRangeChange(onRange);
    const unsubscribe = sync.subscribe(api, (window) => api.timeScale().setVisibleLogicalRange(window));
    // The chart has no width until it is laid out: a window given before then is applied again once it has one.
    const onSize = () => {
      if (sync.window) api.timeScale().setVisibleLogicalRange(sync.window);
    };
    api.timeScale().subscribeSizeChange(onSize);
    const onCrosshair = (param: MouseEventParams<Time>) => {
      const { times: slots, series: specs, format: formatValue, partial: open } = latest.current;
      const index = param.logical === undefined ? -1 : Math.round(param.logical);
      if (!param.point || index < 0 || index >= slots.length) return setTooltip(null);
      setTooltip({
        x: param.point.x,
        width: element.clientWidth,
        time: slots[index]!,
        note: open?.index === index ? open.note : undefined,
        rows: specs.map((spec) => ({
          key: spec.key,
          name: spec.name,
          colour: spec.colour,
          value: spec.values[index]!,
          text: Number.isNaN(spec.values[index]!) ? 'No data' : formatValue(spec.values[index]!),
        })),
      });
    };
    api.subscribeCrosshairMove(onCrosshair);
    return () => {
      unsubscribe();
      api.unsubscribeCrosshairMove(onCrosshair);
      api.timeScale().unsubscribeVisibleLogicalRangeChange(onRange);
      api.timeScale().unsubscribeSizeChange(onSize);
      api.remove();
      chart.current = null;
      handles.current.clear();
    };
  }, [seriesKeys, sync, scale, ownTicks]);

  useEffect(() => {
    chart.current?.applyOptions(chartOptions(theme, wheelZoom, ownTicks));
    for (const spec of series) {
      const colour = paint(theme, spec.colour);
      handles.current
        .get(spec.key)
        ?.applyOptions(
          spec.kind === 'area'
            ? { lineColor: colour, topColor: withAlpha(colour, 0.28), bottomColor: withAlpha(colour, 0.02) }
            : { color: colour },
        );
    }
  }, [theme, wheelZoom, series, ownTicks]);

  // Our own ticks: a labelled price line per tick on the first series, in the grid's colour.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new set of series is a new chart, without the lines.
  useEffect(() => {
    const first = series[0] && handles.current.get(series[0].key);
    if (!first || !ownAxis) return;
    const lines: IPriceLine[] = ownAxis.ticks.map((tick) =>
      first.createPriceLine({
        price: tick,
        color: theme.grid,
        lineWidth: 1,
        lineStyle: LineStyle.Solid,
        axisLabelVisible: true,
        axisLabelColor: theme.surface,
        axisLabelTextColor: theme.muted,
        title: '',
      }),
    );
    return () => {
      // A chart removed (new series) took its lines with it.
      if (handles.current.get(series[0]!.key) !== first) return;
      for (const line of lines) first.removePriceLine(line);
    };
  }, [ownAxis, theme, seriesKeys]);

  const partialIndex = partial?.index ?? -1;
  useEffect(() => {
    for (const spec of series) {
      const handle = handles.current.get(spec.key);
      if (!handle) continue;
      const colour = paint(theme, spec.colour);
      const faint = withAlpha(colour, PARTIAL_ALPHA);
      handle.setData(
        spec.kind === 'area'
          ? toAreaData(times, spec.values, {
              index: partialIndex,
              style: {
                lineColor: faint,
                topColor: withAlpha(colour, 0.1),
                bottomColor: withAlpha(colour, 0.02),
              },
            })
          : toLineData(times, spec.values, { index: partialIndex, style: { color: faint } }),
      );
    }
    // The window is set by the screen (sync.reset or sync.rebase) once every chart has its data.
    setTooltip(null);
  }, [series, times, theme, partialIndex]);

  return (
    <div
      className={styles.frame}
      style={{ height }}
      data-axis-ticks={ownAxis ? ownAxis.ticks.map(ownAxis.label).join(', ') : undefined}
    >
      <div ref={container} className={styles.canvas} />
      {tooltip && <ChartTooltip state={tooltip} theme={theme} />}
    </div>
  );
}

/** The largest number of any series (NaN marks a gap), 0 when there is none. */
function largestValue(series: readonly SeriesSpec[]): number {
  let largest = 0;
  for (const spec of series) {
    for (const value of spec.values) if (value > largest) largest = value;
  }
  return largest;
}
