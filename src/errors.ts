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
