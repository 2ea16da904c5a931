import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TelemetryPoint } from '../contracts/node-protocol.schema.ts';
import { PointQueue } from './queue.ts';

const point = (ts: number, delivered = 100): TelemetryPoint => ({
  ts,
  uplink: 40,
  delivered,
  input: delivered - 40,
  viewers: 3,
  quality: 97.5,
});

describe('PointQueue', () => {
  let file: string;
  beforeEach(() => {
    file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'nodr-queue-')), 'state', 'queue.jsonl');
  });
  afterEach(() => fs.rmSync(path.dirname(path.dirname(file)), { recursive: true, force: true }));

  it('keeps undelivered points on disk, oldest first, across a reopen', async () => {
    const queue = await PointQueue.open(file);
    await queue.push([point(180), point(60), point(120)]);
    await queue.drop(1);
    const reopened = await PointQueue.open(file);
    expect(reopened.peek(10).map((p) => p.ts)).toEqual([120, 180]);
    expect((fs.statSync(file).mode & 0o777).toString(8)).toBe('600');
  });

  it('holds a minute once: the first report of it wins', async () => {
    const queue = await PointQueue.open(file);
    await queue.push([point(60, 100)]);
    await queue.push([point(60, 999), point(120)]);
    expect(queue.peek(10)).toEqual([point(60, 100), point(120)]);
  });

  it('is bounded: past the limit the oldest minutes are dropped and counted', async () => {
    const queue = await PointQueue.open(file, 5);
    const dropped = await queue.push(Array.from({ length: 8 }, (_, index) => point((index + 1) * 60)));
    expect(dropped).toBe(3);
    expect(queue.peek(10).map((p) => p.ts)).toEqual([240, 300, 360, 420, 480]);
  });

  it('skips a torn or foreign line instead of failing', async () => {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(
      file,
      `${JSON.stringify(point(60))}\nnot json\n{"ts":120}\n${JSON.stringify(point(180)).slice(0, 20)}`,
    );
    const queue = await PointQueue.open(file);
    expect(queue.peek(10)).toEqual([point(60)]);
  });
});
