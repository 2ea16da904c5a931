import fs from 'node:fs/promises';
import path from 'node:path';
import type { TelemetryPoint } from '../contracts/node-protocol.schema.ts';

/** Seven days of minutes: a node may lose the server for a week without losing a report. */
export const DEFAULT_QUEUE_LIMIT = 10_080;

function isPoint(value: unknown): value is TelemetryPoint {
  const point = value as Record<string, unknown> | null;
  return (
    typeof point === 'object' &&
    point !== null &&
    ['ts', 'uplink', 'delivered', 'input', 'viewers', 'quality'].every((key) => Number.isFinite(point[key]))
  );
}

/**
 * The minutes not yet delivered, oldest first, kept in a JSON-lines file so a restart loses nothing. Bounded: past
 * the limit the oldest minutes are dropped. A minute is held once (the first report of it wins, as on the server).
 */
export class PointQueue {
  private constructor(
    private readonly file: string,
    private readonly limit: number,
    private points: TelemetryPoint[],
  ) {}

  static async open(file: string, limit = DEFAULT_QUEUE_LIMIT): Promise<PointQueue> {
    let text = '';
    try {
      text = await fs.readFile(file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    const byMinute = new Map<number, TelemetryPoint>();
    for (const line of text.split('\n')) {
      if (line.trim() === '') continue;
      try {
        const point: unknown = JSON.parse(line);
        // A torn last line (power cut mid-write) is skipped rather than blocking the queue.
        if (isPoint(point) && !byMinute.has(point.ts)) byMinute.set(point.ts, point);
      } catch {}
    }
    const points = [...byMinute.values()].sort((a, b) => a.ts - b.ts).slice(-limit);
    return new PointQueue(file, limit, points);
  }

  get size(): number {
    return this.points.length;
  }

  /** The oldest `count` points. */
  peek(count: number): TelemetryPoint[] {
    return this.points.slice(0, count);
  }

  /** Adds points (minutes already queued are ignored) and returns how many old ones the bound dropped. */
  async push(points: readonly TelemetryPoint[]): Promise<number> {
    const queued = new Set(this.points.map((point) => point.ts));
    const fresh: TelemetryPoint[] = [];
    for (const point of points) {
      if (queued.has(point.ts)) continue;
      queued.add(point.ts);
      fresh.push(point);
    }
    if (fresh.length === 0) return 0;
    const all = [...this.points, ...fresh].sort((a, b) => a.ts - b.ts);
    const dropped = Math.max(0, all.length - this.limit);
    this.points = all.slice(dropped);
    await this.save();
    return dropped;
  }

  /** Removes the oldest `count` points (the server has them). */
  async drop(count: number): Promise<void> {
    if (count <= 0) return;
    this.points = this.points.slice(count);
    await this.save();
  }

  // Write-then-rename: the file on disk is always a whole old or a whole new queue.
  private async save(): Promise<void> {
    await fs.mkdir(path.dirname(this.file), { recursive: true });
    const temp = `${this.file}.tmp`;
    await fs.writeFile(temp, this.points.map((point) => `${JSON.stringify(point)}\n`).join(''), {
      mode: 0o600,
    });
    await fs.rename(temp, this.file);
  }
}
