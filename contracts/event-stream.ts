/**
 * The event stream's last message when the server shuts down (issue 10): a named event, so a client that reads
 * only the spec's numbered messages ignores it, while the web app reconnects (to another server) with its backoff.
 */
export const SHUTDOWN_EVENT = 'shutdown';
