import { ConfigurationError } from '../errors.js';

/** Ends the check of one key: what `KeyChecks.fail` throws and `KeyChecks.key` catches. */
class KeyProblem extends Error {}

/**
 * Checks a configuration file key by key and reports every problem at once, so that one run shows
 * every mistake: `fail` ends the check of the key at hand, `key` runs one key's check and goes on
 * to the next key when it fails.
 */
export class KeyChecks {
  private readonly problems: string[] = [];

  constructor(private readonly file: string) {}

  readonly fail = (key: string, problem: string): never => {
    throw new KeyProblem(`\`${key}\` ${problem}`);
  };

  /** The check's result, or undefined when it failed (its problem is kept). */
  key<T>(check: () => T): T | undefined {
    try {
      return check();
    } catch (error) {
      if (!(error instanceof KeyProblem)) throw error;
      this.problems.push(error.message);
      return undefined;
    }
  }

  /** The results of the checks of `items` that passed. */
  each<I, T>(items: readonly I[], check: (item: I, index: number) => T): T[] {
    return items.flatMap((item, i) => {
      const checked = this.key(() => check(item, i));
      return checked === undefined ? [] : [checked];
    });
  }

  /** Throws a ConfigurationError naming the file and every problem found, if there was any. */
  done(): void {
    const { file, problems } = this;
    if (problems.length === 1) throw new ConfigurationError(`${file}: ${problems[0]}`);
    if (problems.length > 1) throw new ConfigurationError(`${file} has ${problems.length} problems:\n- ${problems.join('\n- ')}`);
  }
}
