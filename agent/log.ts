/** Where the agent writes what it does. */
export interface AgentLogger {
  debug(message: string): void;
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

/** One line per event on stdout/stderr, with an ISO time, for `docker compose logs`. */
export function consoleLogger(verbose = false): AgentLogger {
  const line = (level: string, message: string) => `${new Date().toISOString()} ${level} ${message}`;
  return {
    debug: (message) => {
      if (verbose) console.info(line('debug', message));
    },
    info: (message) => console.info(line('info', message)),
    warn: (message) => console.warn(line('warn', message)),
    error: (message) => console.error(line('error', message)),
  };
}
