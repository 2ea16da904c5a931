/**
 * The load of bench/stats-scale.ts, run in a child process so it does not share the server's event loop: autocannon
 * against POST /stats/v1/nodr/month, each request with the next of the given bodies (distinct windows and nodes), at
 * a fixed overall rate or as fast as the connections go. Reads its options from the JSON file named by argv[2] and
 * prints autocannon's result as JSON.
 */
import fs from 'node:fs';
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

const options = JSON.parse(fs.readFileSync(process.argv[2]!, 'utf8')) as LoadOptions;
let next = 0;
const result = await autocannon({
  url: options.url,
  connections: options.connections,
  duration: options.seconds,
  ...(options.rate > 0 ? { overallRate: options.rate } : {}),
  requests: [
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${options.token}` },
      setupRequest: (request) => {
        request.body = options.bodies[next++ % options.bodies.length];
        return request;
      },
    },
  ],
});
process.stdout.write(JSON.stringify(result));
