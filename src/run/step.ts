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
