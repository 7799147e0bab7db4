/**
 * The operator's log: one JSON line per entry (pino on Node), each about one
 * request carrying its request id. Entries name what happened and never carry
 * a supporter's details or a request body.
 */

type LogFn = (details: object, message?: string) => void;

export interface Logger {
  info: LogFn;
  warn: LogFn;
  error: LogFn;
  child(bindings: object): Logger;
}

/** JSON lines through the console, for hosts where pino's Node streams are not at hand (Workers). */
export function consoleLogger(bindings: object = {}): Logger {
  const line =
    (level: 'info' | 'warn' | 'error'): LogFn =>
    (details, message) =>
      console[level === 'info' ? 'log' : level](JSON.stringify({level, time: Date.now(), ...bindings, ...details, msg: message}));
  return {info: line('info'), warn: line('warn'), error: line('error'), child: (more) => consoleLogger({...bindings, ...more})};
}

/** Keeps what is logged, for tests. */
export function memoryLogger(
  lines: Array<Record<string, unknown>> = [],
  bindings: object = {},
): Logger & {lines: Array<Record<string, unknown>>} {
  const line =
    (level: string): LogFn =>
    (details, message) =>
      lines.push({level, ...bindings, ...details, ...(message === undefined ? {} : {msg: message})});
  return {
    lines,
    info: line('info'),
    warn: line('warn'),
    error: line('error'),
    child: (more) => memoryLogger(lines, {...bindings, ...more}),
  };
}
