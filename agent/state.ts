import fs from 'node:fs/promises';
import path from 'node:path';

/** What the agent remembers across restarts (state-dir/state.json). */
export interface AgentState {
  /** Unix seconds of the last minute whose traffic was collected: a minute is never reported twice. */
  lastMinute?: number;
  /** The last signed request's timestamp, ms: the next one must be newer. */
  lastRequestMs?: number;
  /** The node status of the last heartbeat answer. */
  lastStatus?: number;
}

export class StateFile {
  private constructor(
    private readonly file: string,
    private state: AgentState,
  ) {}

  static async open(file: string): Promise<StateFile> {
    try {
      const parsed: unknown = JSON.parse(await fs.readFile(file, 'utf8'));
      return new StateFile(file, typeof parsed === 'object' && parsed !== null ? (parsed as AgentState) : {});
    } catch {
      return new StateFile(file, {});
    }
  }

  get value(): Readonly<AgentState> {
    return this.state;
  }

  async update(patch: AgentState): Promise<void> {
    const next = { ...this.state, ...patch };
    if (JSON.stringify(next) === JSON.stringify(this.state)) return;
    this.state = next;
    await fs.mkdir(path.dirname(this.file), { recursive: true });
    const temp = `${this.file}.tmp`;
    await fs.writeFile(temp, JSON.stringify(next), { mode: 0o600 });
    await fs.rename(temp, this.file);
  }
}
