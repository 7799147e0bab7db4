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

const RANKS: Readonly<Record<string, number>> = {trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60, silent: Infinity};

/** JSON lines through the console, for hosts where pino's Node streams are not at hand (Workers); `level` as CORAL_LOG_LEVEL names it. */
export function consoleLogger(bindings: object = {}, level = 'info'): Logger {
  const least = RANKS[level] ?? RANKS.info!;
  const line =
    (at: 'info' | 'warn' | 'error'): LogFn =>
    (details, message) => {
      if (RANKS[at]! < least) return;
      console[at === 'info' ? 'log' : at](JSON.stringify({level: at, time: Date.now(), ...bindings, ...details, msg: message}));
    };
  return {info: line('info'), warn: line('warn'), error: line('error'), child: (more) => consoleLogger({...bindings, ...more}, level)};
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
