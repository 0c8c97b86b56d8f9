import * as core from '@actions/core';

/** Injected everywhere output is produced, so the CLI and the Action print through their own channels. */
export interface Logger {
  info(message: string): void;
  warning(message: string): void;
  error(message: string): void;
  debug(message: string): void;
  /** Runs `fn` inside a collapsible group (Actions) or under a heading (console). */
  group<T>(name: string, fn: () => Promise<T>): Promise<T>;
}

export function consoleLogger(options: { verbose?: boolean; stream?: NodeJS.WritableStream } = {}): Logger {
  const out = options.stream ?? process.stderr;
  const write = (line: string) => out.write(`${line}\n`);
  return {
    info: write,
    warning: (m) => write(`warning: ${m}`),
    error: (m) => write(`error: ${m}`),
    debug: (m) => {
      if (options.verbose) write(`debug: ${m}`);
    },
    async group(name, fn) {
      write(`== ${name}`);
      return fn();
    },
  };
}

/** A logger that records lines; for tests. */
export function memoryLogger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  return {
    lines,
    info: (m) => lines.push(m),
    warning: (m) => lines.push(`warning: ${m}`),
    error: (m) => lines.push(`error: ${m}`),
    debug: () => undefined,
    async group(name, fn) {
      lines.push(`== ${name}`);
      return fn();
    },
  };
}

/**
 * The Action's logger: warnings and errors become workflow-command annotations without a file (the
 * run page lists them), debug lines show when the run has step debug logging on, groups fold.
 */
export function actionsLogger(): Logger {
  return {
    info: (m) => core.info(m),
    warning: (m) => core.warning(m),
    error: (m) => core.error(m),
    debug: (m) => core.debug(m),
    group: (name, fn) => core.group(name, fn),
  };
}
