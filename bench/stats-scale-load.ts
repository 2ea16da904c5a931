/**
 * The load of bench/stats-scale.ts, run in a child process so it does not share the server's event loop: requests to
 * POST /stats/v1/nodr/month, each with the next of the given bodies (distinct windows and nodes). Reads its options
 * from the JSON file named by argv[2] and prints the result as JSON in autocannon's shape (latency p50/p99/max,
 * requests, non2xx, errors).
 *
 * - At a fixed rate (`rate` > 0) the load is open: one request every 1/rate seconds, whatever the answers, over a
 *   pool of at most `connections` keep-alive sockets (a request waits for a free socket when all are busy, and that
 *   wait is part of its latency). Each latency is counted from the moment the request was due, not from when it went
 *   out, so a server (or a client) that falls behind shows it instead of slowing the load down. autocannon's
 *   `overallRate` was used before: each of its connections sends its share of a second as fast as it can at the start
 *   of the second and then waits for the next one, so "500 per second" was 20 requests in flight for part of each
 *   second and idle for the rest, and the latencies were those of 20 concurrent requests, not of a 500 req/s stream.
 * - As fast as the connections go (`rate` 0): autocannon, `connections` requests always in flight.
 */
import fs from 'node:fs';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';

interface LoadOptions {
  url: string;
  token: string;
  bodies: string[];
  connections: number;
  seconds: number;
  /** Requests per second over all connections; 0 for as fast as they go. */
  rate: number;
}

interface LoadResult {
  latency: { p50: number; p99: number; max: number };
  requests: { average: number; total: number };
  non2xx: number;
  errors: number;
}

const options = JSON.parse(fs.readFileSync(process.argv[2]!, 'utf8')) as LoadOptions;
const headers = { 'content-type': 'application/json', authorization: `Bearer ${options.token}` };
let next = 0;
const nextBody = () => options.bodies[next++ % options.bodies.length]!;

/** One request; resolves with its status code, or 0 when it failed without an answer. */
function send(agent: http.Agent, url: URL, body: string): Promise<number> {
  return new Promise((resolve) => {
    const request = http.request(url, { method: 'POST', agent, headers }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
      response.on('error', () => resolve(0));
    });
    request.on('error', () => resolve(0));
    request.end(body);
  });
}

const percentile = (sorted: number[], q: number) =>
  sorted.length === 0 ? Number.NaN : sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;

async function openLoad(): Promise<LoadResult> {
  const url = new URL(options.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const interval = 1000 / options.rate;
  const total = Math.round(options.rate * options.seconds);
  const latencies: number[] = [];
  let non2xx = 0;
  let errors = 0;
  const pending: Promise<void>[] = [];
  const start = performance.now();
  for (let sent = 0; sent < total; ) {
    // Every request that is due by now goes out; a late timer sends the ones it missed at once.
    const due = Math.min(total, Math.floor((performance.now() - start) / interval) + 1);
    for (; sent < due; sent += 1) {
      const dueAt = start + sent * interval;
      pending.push(
        send(agent, url, nextBody()).then((status) => {
          latencies.push(performance.now() - dueAt);
          if (status === 0) errors += 1;
          else if (status < 200 || status >= 300) non2xx += 1;
        }),
      );
    }
    await new Promise((resolve) =>
      setTimeout(resolve, Math.max(0, start + sent * interval - performance.now())),
    );
  }
  await Promise.all(pending);
  const elapsed = (performance.now() - start) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const ms = (value: number) => Math.round(value * 10) / 10;
  return {
    latency: {
      p50: ms(percentile(latencies, 0.5)),
      p99: ms(percentile(latencies, 0.99)),
      max: ms(latencies.at(-1) ?? 0),
    },
    requests: { average: latencies.length / elapsed, total: latencies.length },
    non2xx,
    errors,
  };
}

async function closedLoad(): Promise<LoadResult> {
  return autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.seconds,
    requests: [
      {
        method: 'POST',
        headers,
        setupRequest: (request) => {
          request.body = nextBody();
          return request;
        },
      },
    ],
  });
}

const result = options.rate > 0 ? await openLoad() : await closedLoad();
process.stdout.write(JSON.stringify(result));
