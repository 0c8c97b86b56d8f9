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

/**
 * Injected everywhere output is produced, so the CLI and the Action print through their own channels.
 * The run's results (`result`) are kept apart from its log: the CLI prints them on stdout, the log on
 * stderr, so `lookout pr … > out.txt` keeps the summary.
 */
export interface Logger {
  info(message: string): void;
  warning(message: string): void;
  error(message: string): void;
  debug(message: string): void;
  /** The run's results: the closing summary and its findings. */
  result(text: string): void;
  /** A campaign's progress: rewritten in place when `live`, else a log line like `info`. */
  progress(message: string): void;
  /** Whether `progress` rewrites one line in place (a terminal), so it may be called often. */
  readonly live: boolean;
  /** Runs `fn` inside a collapsible group (Actions) or under a heading (console). */
  group<T>(name: string, fn: () => Promise<T>): Promise<T>;
}

/** Clears the terminal line the cursor is on (carriage return, erase to the end of the line). */
const CLEAR_LINE = '\r\u001b[K';

/**
 * The CLI's logger: the log on `stream` (stderr), results on `results` (stdout). On a terminal, not
 * in CI, progress is one line rewritten in place that the next log line replaces.
 */
export function consoleLogger(
  options: { verbose?: boolean; stream?: NodeJS.WritableStream & { isTTY?: boolean }; results?: NodeJS.WritableStream; env?: NodeJS.ProcessEnv } = {},
): Logger {
  const out = options.stream ?? process.stderr;
  const results = options.results ?? process.stdout;
  const env = options.env ?? process.env;
  const live = out.isTTY === true && !env.CI && !env.GITHUB_ACTIONS;
  let progressShown = false;
  const clearProgress = () => {
    if (progressShown) out.write(CLEAR_LINE);
    progressShown = false;
  };
  const write = (line: string) => {
    clearProgress();
    out.write(`${printable(line)}\n`);
  };
  return {
    live,
    info: write,
    warning: (m) => write(`warning: ${m}`),
    error: (m) => write(`error: ${m}`),
    debug: (m) => {
      if (options.verbose) write(`debug: ${m}`);
    },
    result: (text) => {
      clearProgress();
      results.write(`${printable(text)}\n`);
    },
    progress: (m) => {
      if (!live) return write(m);
      out.write(`${CLEAR_LINE}${printable(m)}`);
      progressShown = true;
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
    live: false,
    info: (m) => lines.push(printable(m)),
    warning: (m) => lines.push(`warning: ${printable(m)}`),
    error: (m) => lines.push(`error: ${printable(m)}`),
    debug: () => undefined,
    result: (text) => lines.push(printable(text)),
    progress: (m) => lines.push(printable(m)),
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
    result: (text) => core.info(inert(printable(text))),
    progress: (m) => core.info(inert(printable(m))),
    live: false,
    group: (name, fn) => core.group(inert(printable(name)), fn),
  };
}
