/** spec 4 leaves it open; at most this many open event streams per user, the oldest closed first. */
export const MAX_STREAMS_PER_USER = 10;

type Close = (lastMessage?: string) => void;

/** Every open event stream of this process, per user in the order they opened. */
export class StreamRegistry {
  private readonly byUser = new Map<number, Close[]>();

  /** Registers a stream, closing the user's oldest ones beyond the cap. Returns the removal. */
  add(userId: number, close: Close): () => void {
    const streams = this.byUser.get(userId) ?? [];
    this.byUser.set(userId, streams);
    streams.push(close);
    while (streams.length > MAX_STREAMS_PER_USER) streams[0]?.();
    return () => {
      const index = streams.indexOf(close);
      if (index >= 0) streams.splice(index, 1);
      if (streams.length === 0 && this.byUser.get(userId) === streams) this.byUser.delete(userId);
    };
  }

  closeAll(lastMessage?: string): void {
    for (const streams of [...this.byUser.values()]) for (const close of [...streams]) close(lastMessage);
  }
}
