import * as core from '@actions/core';

/**
 * C0 controls but tab and line feed, DEL, C1 controls, and the bidirectional marks, embeddings,
 * overrides and isolates (Trojan Source, CVE-2021-42574): a revert string or a file name from the
 * pull request could otherwise rewrite a terminal line or make displayed text lie about its order.
 */
const UNPRINTABLE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * `text` without the characters of UNPRINTABLE, applied where text leaves Lookout (log lines, every
 * rendered report). `escape` writes each as `\uXXXX` instead, for text inside a JSON or Solidity string
 * literal, which reads the escape back as the character.
 */
export function printable(text: string, how: 'strip' | 'escape' = 'strip'): string {
  return text.replace(UNPRINTABLE, (c) => (how === 'strip' ? '' : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`));
}

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
  const write = (line: string) => out.write(`${printable(line)}\n`);
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
    info: (m) => lines.push(printable(m)),
    warning: (m) => lines.push(`warning: ${printable(m)}`),
    error: (m) => lines.push(`error: ${printable(m)}`),
    debug: () => undefined,
    async group(name, fn) {
      lines.push(`== ${printable(name)}`);
      return fn();
    },
  };
}

/**
 * A plain log line the runner would read as a workflow command (`::add-mask::`, `::error file=…::`,
 * `::stop-commands::`) when a revert string or a name from the pull request starts a line with `::`:
 * the colons are parted so it prints as text. (Annotations and debug lines are escaped by @actions/core.)
 */
function inert(text: string): string {
  return text.replace(/^(\s*):(?=:)/gm, '$1: ');
}

/**
 * The Action's logger: warnings and errors become workflow-command annotations without a file (the
 * run page lists them), debug lines show when the run has step debug logging on, groups fold.
 */
export function actionsLogger(): Logger {
  return {
    info: (m) => core.info(inert(printable(m))),
    warning: (m) => core.warning(printable(m)),
    error: (m) => core.error(printable(m)),
    debug: (m) => core.debug(printable(m)),
    group: (name, fn) => core.group(inert(printable(name)), fn),
  };
}
