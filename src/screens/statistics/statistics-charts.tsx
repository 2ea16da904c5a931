import { useEffect, useMemo, useRef, useState } from 'react';
import { CHARTED_METRICS, type StatMetricChart } from '../../../contracts/stats-metrics.ts';
import { bitRateAxis, ratioAxis } from '../../lib/axis-ticks.ts';
import { formatBitRate } from '../../lib/bits.ts';
import { IconButton } from '../../ui/button.tsx';
import type { StatSeries } from '../../workers/stats.ts';
import { ChartCard } from './chart-card.tsx';
import { type ChartTheme, nodeColour } from './chart-theme.ts';
import { RangeNavigator } from './range-navigator.tsx';
import { initialWindow, RangeSync } from './range-sync.ts';
import styles from './statistics-screen.module.css';
import { summaryOf } from './summary-tiles.tsx';
import type { SeriesSpec } from './time-series-chart.tsx';
import { TimeSeriesChart } from './time-series-chart.tsx';

const formatRate = (value: number) => formatBitRate(value);
const formatQuality = (value: number) => value.toFixed(1);
const formatRatio = (value: number) => value.toFixed(2);

/**
 * A card's series from the metric list (contracts/stats-metrics.ts), areas first: a series drawn later is drawn on
 * top, and a filled area would hide the lines under it.
 */
function seriesOf(stat: StatSeries, card: StatMetricChart['card']): SeriesSpec[] {
  return CHARTED_METRICS.filter((metric) => metric.chart.card === card)
    .sort((a, b) => Number(b.chart.kind === 'area') - Number(a.chart.kind === 'area'))
    .map(({ chart }) => ({
      key: chart.series,
      name: chart.label,
      colour: chart.series,
      kind: chart.kind,
      values: stat[chart.series],
    }));
}

/** A selected node's own series, with the name its legend shows. */
export interface NamedNodeSeries {
  id: number;
  name: string;
  series: StatSeries;
}

/**
 * With the per-node breakdown, a card draws one line per node of one of its metrics (delivered traffic, quality),
 * each in the node's own colour (from its id, so it stays when the selection changes).
 */
function nodeLinesOf(nodes: readonly NamedNodeSeries[], metric: 'delivered' | 'quality'): SeriesSpec[] {
  return nodes.map((node) => ({
    key: `node-${node.id}`,
    name: node.name,
    colour: nodeColour(node.id),
    kind: 'line',
    values: node.series[metric],
  }));
}

/**
 * The previous period lies slot for slot under the shown one when it was read on the same grid: the same bucket and
 * as many of them (a range whose previous window is older than the finer table keeps comes coarser, and is not drawn).
 */
function overlays(stat: StatSeries, previous: StatSeries | null | undefined): previous is StatSeries {
  return !!previous && previous.interval === stat.interval && previous.times.length === stat.times.length;
}

/** The previous period's delivered rate, dashed, drawn at the times of the shown period it lines up with. */
function previousLine(previous: StatSeries): SeriesSpec {
  return {
    key: 'previous-delivered',
    name: 'Delivered, previous period',
    colour: 'delivered',
    kind: 'line',
    dashed: true,
    values: previous.delivered,
  };
}

/** '1 min', '20 min', '1 h': the bucket a point stands for. */
function bucketName(interval: number): string {
  return interval % 3600 === 0 ? `${interval / 3600} h` : `${interval / 60} min`;
}

/** 'Partial: 12 of 20 min': the bucket still filling, for its tooltip and the charts' descriptions. */
export function partialNote(stat: StatSeries): string | null {
  const { partial } = stat;
  if (!partial || Number.isNaN(stat.delivered[partial.index]!)) return null;
  return `Partial: ${partial.elapsed / 60} of ${stat.interval / 60} min`;
}

export interface StatisticsChartsProps {
  stat: StatSeries;
  theme: ChartTheme;
  /** Describes the data for the charts' accessible names: 'Day', 'Sample data'... */
  scope: string;
  sample: boolean;
  /** Changes with each load a person asked for (a new filter or selection); a timed refresh keeps it. */
  generation: number;
  /** Each selected node's series when the per-node breakdown is on: Traffic and Quality draw a line per node. */
  nodes?: readonly NamedNodeSeries[] | null;
  /** The previous period's series, when comparing: its delivered rate is drawn dashed on Traffic. */
  previous?: StatSeries | null;
}

/**
 * The Traffic, Quality and D/I ratio charts of spec 2 on one shared visible window: the traffic chart zooms (wheel,
 * pinch, buttons) and has the navigator; the other two follow it.
 */
export function StatisticsCharts({
  stat,
  theme,
  scope,
  sample,
  generation,
  nodes,
  previous,
}: StatisticsChartsProps) {
  const [sync] = useState(() => new RangeSync());
  const shown = useRef<{ generation: number; first: number } | null>(null);
  const traffic = useMemo(() => {
    if (nodes) return nodeLinesOf(nodes, 'delivered');
    const lines = seriesOf(stat, 'traffic');
    return overlays(stat, previous) ? [...lines, previousLine(previous)] : lines;
  }, [stat, nodes, previous]);
  const quality = useMemo(
    () => (nodes ? nodeLinesOf(nodes, 'quality') : seriesOf(stat, 'quality')),
    [stat, nodes],
  );
  const ratio = useMemo(() => seriesOf(stat, 'ratio'), [stat]);

  // Every chart has its data by now (children's effects run first). A new load opens on all of it, or on the data
  // when it covers only part of the window; a refresh keeps the person's zoom, moved with the grid.
  useEffect(() => {
    const previous = shown.current;
    const first = stat.times[0] ?? 0;
    shown.current = { generation, first };
    if (previous?.generation === generation) {
      sync.rebase(stat.times.length, (first - previous.first) / stat.interval);
    } else {
      sync.reset(stat.times.length, initialWindow(stat.times.length, stat.dataFrom, stat.dataTo));
    }
  }, [stat, sync, generation]);

  const tiles = Object.fromEntries(summaryOf(stat).map((tile) => [tile.key, `${tile.label} ${tile.value}`]));
  const badge = sample ? 'Sample data' : undefined;
  const bucket = bucketName(stat.interval);
  const note = partialNote(stat);
  const partial = note && stat.partial ? { index: stat.partial.index, note } : null;
  const partialText = note ? ` Last bucket still filling (${note.toLowerCase()}), drawn faint.` : '';

  return (
    <>
      <ChartCard
        title="Traffic"
        subtitle={
          nodes
            ? `Delivered bit rate of each node per ${bucket} bucket, UTC`
            : `Bit rate per ${bucket} bucket, UTC`
        }
        badge={badge}
        theme={theme}
        legend={traffic}
        description={
          nodes
            ? `Traffic chart, ${scope}: delivered bit rate per node (${nodes.map((node) => node.name).join(', ')}). ${tiles.uplink}, ${tiles.delivered}, ${tiles.input}.${partialText}`
            : `Traffic chart, ${scope}: uplink, delivered and input bit rates. ${tiles.uplink}, ${tiles.delivered}, ${tiles.input}.${partialText}`
        }
        actions={
          <>
            <IconButton label="Zoom in" onClick={() => sync.zoom(0.5)}>
              <span aria-hidden="true" className={styles.zoomGlyph}>
                +
              </span>
            </IconButton>
            <IconButton label="Zoom out" onClick={() => sync.zoom(2)}>
              <span aria-hidden="true" className={styles.zoomGlyph}>
                −
              </span>
            </IconButton>
            <IconButton label="Reset zoom" onClick={() => sync.set(sync.full())}>
              <span aria-hidden="true" className={styles.zoomGlyph}>
                ⤢
              </span>
            </IconButton>
          </>
        }
        footer={
          <RangeNavigator
            times={stat.times}
            values={stat.delivered}
            theme={theme}
            sync={sync}
            label="Traffic navigator: visible time range"
          />
        }
      >
        <TimeSeriesChart
          times={stat.times}
          series={traffic}
          format={formatRate}
          axis={bitRateAxis}
          theme={theme}
          sync={sync}
          partial={partial}
          wheelZoom
          scale="fromZero"
          height={300}
        />
      </ChartCard>
      <div className={styles.pair}>
        <ChartCard
          title="Quality"
          subtitle={`Mean quality index per ${bucket} bucket, 0 to 100`}
          badge={badge}
          theme={theme}
          legend={quality}
          description={`Quality chart, ${scope}. ${tiles.quality}.${partialText}`}
        >
          <TimeSeriesChart
            times={stat.times}
            series={quality}
            format={formatQuality}
            theme={theme}
            sync={sync}
            partial={partial}
            scale="percent"
            height={220}
          />
        </ChartCard>
        <ChartCard
          title="D/I ratio"
          subtitle={`Delivered to viewers per bit taken from the CDN, per ${bucket} bucket`}
          badge={badge}
          theme={theme}
          legend={ratio}
          description={`D/I ratio chart, ${scope}. ${tiles.ratio}.${partialText}`}
        >
          <TimeSeriesChart
            times={stat.times}
            series={ratio}
            format={formatRatio}
            axis={ratioAxis}
            theme={theme}
            sync={sync}
            partial={partial}
            scale="fromZero"
            height={220}
          />
        </ChartCard>
      </div>
    </>
  );
}
