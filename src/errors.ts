import { constants } from 'node:os';

/**
 * Two kinds of error: a ConfigurationError is something the user can fix (bad flag, a file that does
 * not compile, a missing token); anything else is a bug in Lookout. Entry points print the former
 * without a stack trace and exit with status 2.
 */
export class ConfigurationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigurationError';
  }
}

/** A project that does not compile: names every file:line with the compiler's message. */
export class BuildError extends ConfigurationError {
  constructor(
    message: string,
    readonly diagnostics: readonly BuildDiagnostic[],
  ) {
    super(message);
    this.name = 'BuildError';
  }
}

export interface BuildDiagnostic {
  file: string;
  /** 1-based; 0 when the compiler gave no location. */
  line: number;
  column: number;
  message: string;
}

export function isConfigurationError(error: unknown): error is ConfigurationError {
  return error instanceof ConfigurationError;
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The run was asked to stop (SIGINT, SIGTERM: Ctrl-C, a cancelled job, `timeout-minutes`): the reason
 * of the AbortSignal the run is given. Campaigns stop, nothing more is shrunk, and the report so far is
 * written, marked `interrupted`; a stage that has not begun throws this (`signal.throwIfAborted()`).
 */
export class Interruption extends Error {
  constructor(readonly signal: 'SIGINT' | 'SIGTERM') {
    super(`interrupted by ${signal}`);
    this.name = 'Interruption';
  }

  /** 128 + the signal's number (130, 143), as a shell reports a process the signal ended. */
  get exitStatus(): number {
    return 128 + constants.signals[this.signal];
  }
}
