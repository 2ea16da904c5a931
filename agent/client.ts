import type { HardwareCheck } from '../contracts/hardware-check.schema.ts';
import type {
  CheckBody,
  HardwareReport,
  HeartbeatAnswer,
  HeartbeatBody,
  TelemetryAnswer,
  TelemetryPoint,
} from '../contracts/node-protocol.schema.ts';
import { AGENT_VERSION } from '../contracts/node-versions.ts';
import type { RequestSigner } from './signer.ts';

/** The part of `fetch` the agent uses; tests and the in-process demo agent pass their own. */
export type FetchLike = (
  url: string,
  init: { method: 'POST'; headers: Record<string, string>; body: string; signal?: AbortSignal },
) => Promise<{ status: number; text(): Promise<string> }>;

/** A request that did not succeed. `status` 0 means no answer at all (server down, timeout). */
export class NodeApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }

  /** Worth sending again later as it is: no answer, a server fault, or a timing rule of the signature. */
  get retryable(): boolean {
    return (
      this.status === 0 ||
      this.status === 429 ||
      this.status >= 500 ||
      this.code === 'stale_timestamp' ||
      this.code === 'replayed'
    );
  }
}

/** Signed calls to the node endpoints (docs/node-protocol.md), one at a time. */
export class NodeClient {
  private readonly base: string;

  constructor(
    apiUrl: string,
    private readonly signer: RequestSigner,
    private readonly fetch: FetchLike,
    private readonly timeoutMs = 30_000,
  ) {
    this.base = apiUrl.endsWith('/') ? apiUrl : `${apiUrl}/`;
  }

  /** The timestamp of the last signed request (kept in the state file). */
  get lastTimestampMs(): number {
    return this.signer.lastTimestampMs;
  }

  /** The check and every heartbeat say which agent runs, so the dashboard can show it and offer an update. */
  check(report: HardwareReport, signal?: AbortSignal): Promise<HardwareCheck> {
    const body: CheckBody = { ...report, agentVersion: AGENT_VERSION };
    return this.post('v1/check', body, signal);
  }

  heartbeat(signal?: AbortSignal): Promise<HeartbeatAnswer> {
    const body: HeartbeatBody = { agentVersion: AGENT_VERSION };
    return this.post('v1/heartbeat', body, signal);
  }

  telemetry(points: readonly TelemetryPoint[], signal?: AbortSignal): Promise<TelemetryAnswer> {
    return this.post('v1/telemetry', { points }, signal);
  }

  private async post<T>(path: string, body: unknown, signal?: AbortSignal): Promise<T> {
    const raw = JSON.stringify(body);
    const timeout = AbortSignal.timeout(this.timeoutMs);
    let status: number;
    let text: string;
    try {
      const response = await this.fetch(`${this.base}${path}`, {
        method: 'POST',
        headers: this.signer.headers(raw),
        body: raw,
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
      status = response.status;
      text = await response.text();
    } catch (error) {
      if (signal?.aborted) throw new NodeApiError(0, 'aborted', 'The agent is stopping.');
      throw new NodeApiError(0, 'network', `No answer from ${this.base}${path}: ${(error as Error).message}`);
    }
    let data: unknown;
    try {
      data = text === '' ? {} : JSON.parse(text);
    } catch {
      data = {};
    }
    if (status >= 200 && status < 300) return data as T;
    const { error, message } = data as { error?: unknown; message?: unknown };
    throw new NodeApiError(
      status,
      typeof error === 'string' ? error : 'http_error',
      typeof message === 'string' ? message : `HTTP ${status} from ${path}`,
    );
  }
}
