import { errorMessage, Interruption } from '../errors.js';
import type { Logger } from '../logger.js';
import { duration } from '../report/index.js';
import type { RunContext } from './fuzzing.js';

/**
 * Runs one of the steps after fuzzing (comparing with the base, judging findings, checking
 * reproducers, writing the report) under its heading, and logs how long it took when it ends: the
 * budget does not cover these steps, so the log says where the rest of the time went.
 */
export async function step<T>(context: Pick<RunContext, 'logger' | 'clock'>, name: string, fn: () => Promise<T> | T): Promise<T> {
  const started = context.clock();
  const value = await context.logger.group(name, async () => fn());
  context.logger.info(`${name}: done in ${duration(context.clock() - started)}`);
  return value;
}

/**
 * Runs part of a step after fuzzing whose failure must not cost the rest of the report (the findings
 * and lines are known by then): its error is logged and added to `failures`, which the report lists
 * in `errors` (the run exits 2), and undefined is returned. An interruption still ends the run.
 */
export async function isolated<T>(logger: Logger, failures: string[], what: string, fn: () => Promise<T>): Promise<T | undefined> {
  try {
    return await fn();
  } catch (error) {
    if (error instanceof Interruption) throw error;
    const message = `${what} failed: ${errorMessage(error)}`;
    logger.error(message);
    failures.push(message);
    return undefined;
  }
}
