import type { StatPoint } from '../../contracts/stats-answer.schema.ts';
import { CHARTED_METRICS, type ChartSeriesKey } from '../../contracts/stats-metrics.ts';
import type { LegacyStatPoint } from '../data/sample-stats.ts';

/** Either point shape of spec 3, in a map keyed by time (the service's `result`) or as a list. */
export type StatPointsInput =
  | Readonly<Record<string, StatPoint | LegacyStatPoint>>
  | ReadonlyArray<StatPoint | LegacyStatPoint>;

export interface TransformRequest {
  points: StatPointsInput;
  /** Bucket width in seconds (spec 4: 60 / 1200 / 3600). Points inside one bucket are added together. */
  interval: number;
  /** The window [start, end) in Unix seconds: when given, the series covers each of its buckets, data or not. */
  start?: number;
  end?: number;
  /** The service's `total_result` (bytes); when given the totals come from it rather than from the points. */
  total?: StatPoint;
  /** When the points were read, Unix seconds: the bucket holding it is still filling (see `PartialBucket`). */
  now?: number;
}

/**
 * The newest bucket while it still fills: only `elapsed` of its `interval` seconds have happened, so its traffic
 * rates are over those seconds (not the whole bucket, which would draw a drop at the right edge).
 */
export interface PartialBucket {
  /** The slot of the bucket. */
  index: number;
  /** Whole minutes elapsed in it, in seconds: the node agent reports each minute once it has ended. */
  elapsed: number;
}

export interface StatTotals {
  /** Volumes over the window in bits. */
  uplinkBits: number;
  deliveredBits: number;
  inputBits: number;
  /** The mean of the buckets' viewers. */
  viewers: number;
  /** 0..100, the mean over every sample. */
  quality: number;
  /** delivered / input over the window; 0 when nothing came from the CDN. */
  ratio: number;
}

/**
 * Chart-ready series on a regular time grid, one slot per bucket: one `Float64Array` per series a chart draws
 * (contracts/stats-metrics.ts `chart`). Only numbers cross back, as transferred typed arrays (STYLE.md rule 7): the
 * main thread builds the chart's points from them (src/screens/statistics/chart-data.ts), which costs it less than
 * cloning ready-made point objects would. A slot without data holds NaN in every series, which the charts draw as a
 * gap rather than a line across it. Traffic is in bits per second over the bucket.
 */
export type StatSeries = Record<ChartSeriesKey, Float64Array> & {
  interval: number;
  /** Bucket starts, Unix seconds, ascending and `interval` apart. */
  times: Float64Array;
  /** Slots that hold data. */
  filled: number;
  /** The first and last slots that hold data, -1 when none does: a new node's data covers only the end. */
  dataFrom: number;
  dataTo: number;
  /** The bucket still filling when the points were read, or null (no `now`, or every bucket is complete). */
  partial: PartialBucket | null;
  /** The request's `now` (Unix seconds): when these figures were read; null for the sample. */
  asOf: number | null;
  totals: StatTotals;
};

/** A window this long at the smallest interval is a year of minutes: more is a broken request, not a chart. */
export const MAX_SLOTS = 600_000;

interface Sample {
  dt: number;
  uplink: number;
  delivered: number;
  input: number;
  viewers: number;
  quality: number;
}

const finite = (value: number) => (Number.isFinite(value) ? value : 0);

const emptySample = (): Sample => ({ dt: 0, uplink: 0, delivered: 0, input: 0, viewers: 0, quality: 0 });

/** Reads a point of either shape into `into`, which the hot loop reuses so that it allocates nothing per point. */
function readPoint(point: StatPoint | LegacyStatPoint, into: Sample): Sample {
  if ('datePoint' in point) {
    const cdn = finite(point.cdnDwSize);
    const p2p = finite(point.p2pDwSize);
    const delivered = cdn + p2p;
    into.dt = point.datePoint;
    into.uplink = p2p;
    into.delivered = delivered;
    into.input = cdn;
    into.viewers = finite(point.cdnUsersCount) + finite(point.p2pUsersCount);
    // The older shape has no quality: a share of peer-to-peer delivery stands in for it (70 all CDN, 100 all P2P).
    into.quality = delivered > 0 ? 70 + (30 * p2p) / delivered : 0;
  } else {
    into.dt = point.dt;
    into.uplink = finite(point.nodrUpLink);
    into.delivered = finite(point.deliveredToViewers);
    into.input = finite(point.inputFromCdn);
    into.viewers = finite(point.totalViewers);
    into.quality = finite(point.qualityIndex);
  }
  return into;
}

/** An older point (spec 3) in the chart's terms; the mapping is documented in docs/web-statistics.md. */
export function fromLegacy(point: LegacyStatPoint): Sample {
  return readPoint(point, emptySample());
}

function listOf(points: StatPointsInput): ReadonlyArray<StatPoint | LegacyStatPoint> {
  return Array.isArray(points) ? points : Object.values(points);
}

/** The ratio of spec 3, never Infinity or NaN: a vanishing input (5e-324 bytes) would otherwise overflow it. */
export function ratioOf(delivered: number, input: number): number {
  const ratio = input > 0 ? delivered / input : 0;
  return Number.isFinite(ratio) ? ratio : 0;
}

const timeOf = (point: StatPoint | LegacyStatPoint) => ('datePoint' in point ? point.datePoint : point.dt);

function gridOf(
  points: ReadonlyArray<StatPoint | LegacyStatPoint>,
  request: TransformRequest,
): { first: number; slots: number } {
  const { interval, start, end } = request;
  if (start !== undefined && end !== undefined) {
    // The service keeps buckets with start <= dt < end, each dt a multiple of the interval.
    const first = Math.ceil(start / interval) * interval;
    return { first, slots: Math.max(0, Math.ceil((end - first) / interval)) };
  }
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (const point of points) {
    const dt = timeOf(point);
    if (!Number.isFinite(dt)) continue;
    if (dt < min) min = dt;
    if (dt > max) max = dt;
  }
  if (min > max) return { first: 0, slots: 0 };
  const first = Math.floor(min / interval) * interval;
  return { first, slots: Math.floor((max - first) / interval) + 1 };
}

/**
 * Distinct times are told apart to the minute: statistics points are at least 60 s apart (spec 9), and a per-minute
 * occupancy grid counts them far faster than a set of timestamps.
 */
const TIME_RESOLUTION = 60;
const MAX_TIME_CELLS = 8_000_000;

/**
 * Turns points of either shape, in any order and with missing times, into sorted gap-aware series and totals.
 * Points sharing a bucket (several nodes, or minutes rolled into an hour) are added together; viewers are the sum
 * over the bucket divided by the number of distinct minutes in it, so three nodes give three nodes' audience.
 */
export function transformStats(request: TransformRequest): StatSeries {
  const { interval } = request;
  if (!(interval > 0)) throw new RangeError('The interval must be a positive number of seconds.');
  const points = listOf(request.points);
  const { first, slots } = gridOf(points, request);
  const resolution = Math.min(TIME_RESOLUTION, interval);
  const cellsPerSlot = Math.ceil(interval / resolution);
  if (slots > MAX_SLOTS || slots * cellsPerSlot > MAX_TIME_CELLS) {
    throw new RangeError(`A series of ${slots} buckets is too long to draw.`);
  }

  const uplink = new Float64Array(slots);
  const delivered = new Float64Array(slots);
  const input = new Float64Array(slots);
  const viewers = new Float64Array(slots);
  const quality = new Float64Array(slots);
  const count = new Float64Array(slots);
  const times = new Float64Array(slots);
  const distinct = new Float64Array(slots);
  const seen = new Uint8Array(slots * cellsPerSlot);
  const sample = emptySample();

  for (const point of points) {
    readPoint(point, sample);
    const offset = sample.dt - first;
    const slot = Math.floor(offset / interval);
    if (!(slot >= 0 && slot < slots)) continue;
    uplink[slot]! += sample.uplink;
    delivered[slot]! += sample.delivered;
    input[slot]! += sample.input;
    viewers[slot]! += sample.viewers;
    quality[slot]! += sample.quality;
    count[slot]! += 1;
    const cell = slot * cellsPerSlot + Math.floor((offset - slot * interval) / resolution);
    if (seen[cell] === 0) {
      seen[cell] = 1;
      distinct[slot]! += 1;
    }
  }
  return finish({
    request,
    first,
    slots,
    times,
    uplink,
    delivered,
    input,
    viewers,
    quality,
    count,
    distinct,
  });
}

interface Sums {
  request: TransformRequest;
  first: number;
  slots: number;
  times: Float64Array;
  uplink: Float64Array;
  delivered: Float64Array;
  input: Float64Array;
  viewers: Float64Array;
  quality: Float64Array;
  count: Float64Array;
  distinct: Float64Array;
}

/**
 * The bucket holding `now`, when it has not ended: its elapsed time counts whole minutes (the newest minute is
 * reported only after it ends), at least one so that a point stamped with the current minute still has a rate.
 */
export function partialBucket(
  first: number,
  slots: number,
  interval: number,
  now?: number,
): PartialBucket | null {
  if (now === undefined || !Number.isFinite(now)) return null;
  const index = Math.floor((now - first) / interval);
  if (index < 0 || index >= slots) return null;
  const minutes = Math.floor((now - first - index * interval) / TIME_RESOLUTION) * TIME_RESOLUTION;
  const elapsed = Math.min(interval, Math.max(TIME_RESOLUTION, minutes));
  return elapsed < interval ? { index, elapsed } : null;
}

/** Sums per slot become rates, means and ratios in place; empty slots become NaN (a gap). */
function finish(sums: Sums): StatSeries {
  const { request, first, slots, times, uplink, delivered, input, viewers, quality, count, distinct } = sums;
  const { interval } = request;
  const partial = partialBucket(first, slots, interval, request.now);
  let dataFrom = -1;
  let dataTo = -1;
  const ratio = new Float64Array(slots);
  let bytesUp = 0;
  let bytesDelivered = 0;
  let bytesIn = 0;
  let viewerSum = 0;
  let qualitySum = 0;
  let samples = 0;
  let filled = 0;
  for (let slot = 0; slot < slots; slot += 1) {
    times[slot] = first + slot * interval;
    const n = count[slot]!;
    if (n === 0) {
      uplink[slot] = delivered[slot] = input[slot] = viewers[slot] = quality[slot] = ratio[slot] = Number.NaN;
      continue;
    }
    filled += 1;
    if (dataFrom < 0) dataFrom = slot;
    dataTo = slot;
    // A rate over the seconds the bucket has had so far: a partly filled bucket is not a drop in traffic.
    const toRate = 8 / (partial?.index === slot ? partial.elapsed : interval);
    bytesUp += uplink[slot]!;
    bytesDelivered += delivered[slot]!;
    bytesIn += input[slot]!;
    qualitySum += quality[slot]!;
    samples += n;
    ratio[slot] = ratioOf(delivered[slot]!, input[slot]!);
    uplink[slot]! *= toRate;
    delivered[slot]! *= toRate;
    input[slot]! *= toRate;
    viewers[slot] = viewers[slot]! / distinct[slot]!;
    viewerSum += viewers[slot]!;
    quality[slot] = quality[slot]! / n;
  }
  const computed: StatTotals = {
    uplinkBits: bytesUp * 8,
    deliveredBits: bytesDelivered * 8,
    inputBits: bytesIn * 8,
    viewers: filled > 0 ? viewerSum / filled : 0,
    quality: samples > 0 ? qualitySum / samples : 0,
    ratio: ratioOf(bytesDelivered, bytesIn),
  };
  return {
    interval,
    times,
    uplink,
    delivered,
    input,
    quality,
    ratio,
    filled,
    dataFrom,
    dataTo,
    partial,
    asOf: request.now ?? null,
    totals: request.total ? totalsFrom(request.total) : computed,
  };
}

/** The service's totals (bytes) in the chart's terms (bits). */
export function totalsFrom(total: StatPoint): StatTotals {
  return {
    uplinkBits: finite(total.nodrUpLink) * 8,
    deliveredBits: finite(total.deliveredToViewers) * 8,
    inputBits: finite(total.inputFromCdn) * 8,
    viewers: finite(total.totalViewers),
    quality: finite(total.qualityIndex),
    ratio: Math.max(0, finite(total.deliverToInputRatio)),
  };
}

/** The typed arrays of a series, for `Comlink.transfer` (they move to the receiver, no copy). */
export function buffersOf(series: StatSeries): ArrayBuffer[] {
  return [series.times, ...CHARTED_METRICS.map((metric) => series[metric.chart.series])].map(
    (array) => array.buffer as ArrayBuffer,
  );
}
