import type { HardwareCheck } from '../contracts/hardware-check.schema.ts';
import type { HardwareReport } from '../contracts/node-protocol.schema.ts';
import { MAX_POINTS_PER_REQUEST, minuteOf } from '../contracts/node-protocol.ts';
import { NODE_STATUS } from '../contracts/node-status.ts';
import { Backoff } from './backoff.ts';
import type { NodeApiError, NodeClient } from './client.ts';
import type { AgentClock } from './clock.ts';
import type { AgentLogger } from './log.ts';
import type { PointQueue } from './queue.ts';
import type { StateFile } from './state.ts';
import type { TrafficSource } from './traffic.ts';

export interface NodeAgentDeps {
  client: NodeClient;
  queue: PointQueue;
  state: StateFile;
  traffic: TrafficSource;
  /** measures (or simulates) the host for the hardware check */
  measure: () => Promise<HardwareReport>;
  clock: AgentClock;
  log: AgentLogger;
  random?: () => number;
  /** between heartbeats, ms (60 s) */
  heartbeatMs?: number;
  /** between hardware checks while the node is being configured, ms (60 s) */
  recheckMs?: number;
  /** after a minute ends, when its traffic is collected, ms (2 s) */
  collectDelayMs?: number;
  /** after a stall (a suspended host), at most this many ended minutes are collected at once (10) */
  maxCatchUpMinutes?: number;
  /** largest backoff between retries, ms (5 min) */
  maxBackoffMs?: number;
}

type Task = 'check' | 'heartbeat' | 'collect' | 'flush';
/** Within one step, tasks run in protocol order: a passed check is followed at once by the heartbeat. */
const ORDER: readonly Task[] = ['check', 'heartbeat', 'collect', 'flush'];

const STATUS_NAMES: Record<number, string> = {
  [NODE_STATUS.configuring]: 'being configured',
  [NODE_STATUS.active]: 'active',
  [NODE_STATUS.inactive]: 'inactive',
  [NODE_STATUS.inactiveVariant30]: 'inactive',
  [NODE_STATUS.inactiveVariant40]: 'inactive',
  [NODE_STATUS.deleted]: 'deleted',
};

function failedItems(answer: HardwareCheck): string {
  const failed = Object.entries(answer.check_config_nodr ?? {})
    .filter(([, verdict]) => !verdict.result)
    .map(([name, verdict]) => `${name} (${String(verdict.used)})`);
  return failed.join(', ') || 'no item named';
}

/**
 * The node agent's scheduler (docs/agent.md): the hardware check, a heartbeat a minute, and one telemetry point a
 * minute through a bounded on-disk queue, every request one after another (the server's replay guard wants
 * increasing timestamps). Each task has a due time; a failed request is retried after an exponential backoff with
 * jitter, and what could not be delivered stays queued. Time, network and disk are injected, so `step()` can be
 * driven by a test clock.
 */
export class NodeAgent {
  private readonly due: Record<Task, number>;
  private readonly backoff: Backoff;
  private status: number | undefined;
  /** After a failed request, no request is sent before this time (ms): one backoff for the whole agent. */
  private pausedUntil = 0;
  private readonly heartbeatMs: number;
  private readonly recheckMs: number;
  private readonly collectDelayMs: number;
  private readonly maxCatchUpMinutes: number;

  constructor(private readonly deps: NodeAgentDeps) {
    this.heartbeatMs = deps.heartbeatMs ?? 60_000;
    this.recheckMs = deps.recheckMs ?? 60_000;
    this.collectDelayMs = deps.collectDelayMs ?? 2_000;
    this.maxCatchUpMinutes = deps.maxCatchUpMinutes ?? 10;
    this.backoff = new Backoff({ maxMs: deps.maxBackoffMs ?? 300_000, random: deps.random });
    this.status = deps.state.value.lastStatus;
    const now = deps.clock.now();
    this.due = {
      check: now,
      heartbeat: now,
      collect: this.nextCollect(now),
      flush: Number.POSITIVE_INFINITY,
    };
  }

  /** The node status the last heartbeat reported, if any. */
  get nodeStatus(): number | undefined {
    return this.status;
  }

  /** Runs until `signal` aborts. */
  async run(signal: AbortSignal): Promise<void> {
    this.deps.log.info(`agent started; ${this.deps.queue.size} undelivered minute(s) queued`);
    while (!signal.aborted) {
      const next = await this.step(signal);
      await this.deps.clock.sleep(next - this.deps.clock.now(), signal);
    }
    this.deps.log.info('agent stopped');
  }

  /** Runs every task that is due now, then returns when the next task is due (Unix ms). */
  async step(signal?: AbortSignal): Promise<number> {
    for (const task of ORDER) {
      if (signal?.aborted) break;
      if (this.wakeAt(task) > this.deps.clock.now()) continue;
      try {
        await this[task](signal);
      } catch (error) {
        // Not a request failure (those are handled in the task): e.g. a full disk. Try again in a minute.
        this.deps.log.error(`${task} failed: ${(error as Error).message}`);
        this.due[task] = Math.max(this.due[task], this.deps.clock.now() + 60_000);
      }
    }
    try {
      await this.deps.state.update({
        lastRequestMs: this.deps.client.lastTimestampMs,
        lastStatus: this.status,
      });
    } catch (error) {
      this.deps.log.error(`cannot save the agent state: ${(error as Error).message}`);
    }
    return Math.min(...ORDER.map((task) => this.wakeAt(task)));
  }

  /** When a task may run: its due time, and for a request not before the backoff pause ends. */
  private wakeAt(task: Task): number {
    return task === 'collect' ? this.due.collect : Math.max(this.due[task], this.pausedUntil);
  }

  private nextCollect(now: number): number {
    return (minuteOf(now) + 60) * 1000 + this.collectDelayMs;
  }

  private setStatus(status: number | undefined): void {
    if (status !== this.status && status !== undefined) {
      this.deps.log.info(`node status ${status} (${STATUS_NAMES[status] ?? 'suspended'})`);
    }
    this.status = status;
  }

  /** A request failed: logs it and returns when to try again. */
  private retryAfter(what: string, error: unknown): number {
    const failure = error as NodeApiError;
    // Stopping mid-request is not a failure: the task stays due for the next start.
    if (failure.code === 'aborted') return this.deps.clock.now();
    const delay = this.backoff.next();
    this.pausedUntil = this.deps.clock.now() + delay;
    const reason = failure.status ? `${failure.status} ${failure.code}: ${failure.message}` : failure.message;
    const message = `${what} failed (${reason}); retrying in ${Math.round(delay / 1000)} s`;
    // No answer or a server fault is expected now and then; anything else needs the operator's attention.
    if (failure.status === 0 || failure.status >= 500) this.deps.log.warn(message);
    else this.deps.log.error(message);
    return this.pausedUntil;
  }

  private async check(signal?: AbortSignal): Promise<void> {
    try {
      const answer = await this.deps.client.check(await this.deps.measure(), signal);
      this.backoff.reset();
      if (answer.result) this.deps.log.info('hardware check passed');
      else this.deps.log.warn(`hardware check failed: ${failedItems(answer)} below the configuration`);
      this.due.check = Number.POSITIVE_INFINITY;
      this.due.heartbeat = Math.min(this.due.heartbeat, this.deps.clock.now());
    } catch (error) {
      // 409: the node is not being configured (already active, or inactive); the heartbeat tells which.
      if ((error as NodeApiError).status === 409) {
        this.due.check = Number.POSITIVE_INFINITY;
        return;
      }
      this.due.check = this.retryAfter('hardware check', error);
    }
  }

  private async heartbeat(signal?: AbortSignal): Promise<void> {
    const now = this.deps.clock.now();
    try {
      const { status } = await this.deps.client.heartbeat(signal);
      this.backoff.reset();
      this.setStatus(status);
      this.due.heartbeat = now + this.heartbeatMs;
      // Still being configured: a failed check, or a reconfiguration from the dashboard; check again.
      if (status === NODE_STATUS.configuring && this.due.check === Number.POSITIVE_INFINITY)
        this.due.check = now + this.recheckMs;
      if (status === NODE_STATUS.active && this.deps.queue.size > 0)
        this.due.flush = Math.min(this.due.flush, now);
    } catch (error) {
      this.due.heartbeat = this.retryAfter('heartbeat', error);
    }
  }

  private async collect(): Promise<void> {
    const now = this.deps.clock.now();
    this.due.collect = this.nextCollect(now);
    const ended = minuteOf(now) - 60;
    const { lastMinute } = this.deps.state.value;
    const minutes: number[] = [];
    // Only an active node serves traffic; the first minute after a start is the one the agent started in.
    if (this.status === NODE_STATUS.active && lastMinute !== undefined) {
      const first = Math.max(lastMinute + 60, ended - (this.maxCatchUpMinutes - 1) * 60);
      for (let ts = first; ts <= ended; ts += 60) minutes.push(ts);
    }
    const points = await this.deps.traffic.collect(minutes);
    await this.deps.state.update({ lastMinute: Math.max(ended, lastMinute ?? ended) });
    if (points.length === 0) return;
    const dropped = await this.deps.queue.push(points);
    if (dropped > 0) this.deps.log.warn(`queue full: dropped the ${dropped} oldest undelivered minute(s)`);
    this.due.flush = Math.min(this.due.flush, now);
  }

  private async flush(signal?: AbortSignal): Promise<void> {
    const batch = this.deps.queue.peek(MAX_POINTS_PER_REQUEST);
    if (batch.length === 0 || this.status !== NODE_STATUS.active) {
      // Nothing to send, or the node is not active: the next active heartbeat re-arms the flush.
      this.due.flush = Number.POSITIVE_INFINITY;
      return;
    }
    try {
      const answer = await this.deps.client.telemetry(batch, signal);
      this.backoff.reset();
      await this.deps.queue.drop(batch.length);
      this.deps.log.debug(
        `delivered ${batch.length} minute(s): ${answer.accepted} new, ${answer.duplicates} already known`,
      );
      this.due.flush = this.deps.queue.size > 0 ? this.deps.clock.now() : Number.POSITIVE_INFINITY;
    } catch (error) {
      const failure = error as NodeApiError;
      if (failure.status === 409) {
        // The node is no longer active (deactivated in the dashboard): keep the minutes, ask for the status.
        this.setStatus(undefined);
        this.due.flush = Number.POSITIVE_INFINITY;
        this.due.heartbeat = this.deps.clock.now();
      } else if (failure.status === 400) {
        // The server can never accept this batch as it is; keeping it would block every later minute.
        this.deps.log.error(`telemetry refused (${failure.message}); dropping ${batch.length} minute(s)`);
        await this.deps.queue.drop(batch.length);
        this.due.flush = this.deps.queue.size > 0 ? this.deps.clock.now() : Number.POSITIVE_INFINITY;
      } else {
        this.due.flush = this.retryAfter('telemetry', error);
      }
    }
  }
}
