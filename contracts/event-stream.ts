/**
 * The event stream's numbered messages (spec 4 "Live updates", spec 7 `v1/sse/handle`): on any of them the page
 * reloads what it shows. The names say which change the server announces.
 */
export const STREAM_EVENT = {
  /** A node was created, renamed, toggled, reconfigured or deleted. */
  nodes: 10,
  /** A node's hardware check or verification changed. */
  verification: 20,
  /** The account or its team changed (profile, e-mail, deletion). */
  account: 30,
} as const;

export type StreamEventCode = (typeof STREAM_EVENT)[keyof typeof STREAM_EVENT];

/**
 * The event stream's last message when the server shuts down: a named event, so a client that reads
 * only the spec's numbered messages ignores it, while the web app reconnects (to another server) with its backoff.
 */
export const SHUTDOWN_EVENT = 'shutdown';
