import { parseArgv } from './config/index.js';
import { errorMessage, Interruption, isConfigurationError } from './errors.js';
import type { Logger } from './logger.js';
import { mergeRun, runPipeline, VERSION } from './run/index.js';

/**
 * `lookout …` minus the process: argv → RunConfig → runPipeline → exit status (0 clean, 1 findings,
 * 2 something the user must fix, 3 a bug in Lookout; interrupted by `signal`, 130 for SIGINT and 143
 * for SIGTERM, the report so far written).
 */
export async function runCommand(
  argv: readonly string[],
  io: { cwd: string; logger: Logger; write?: (text: string) => void; signal?: AbortSignal },
): Promise<number> {
  try {
    const config = parseArgv(argv, { cwd: io.cwd, version: VERSION, write: io.write });
    if (!config) return 0;
    const { report, exitCode } =
      config.command === 'merge' ? mergeRun(config, { logger: io.logger }) : await runPipeline(config, { logger: io.logger, signal: io.signal });
    if (!report.interrupted) return exitCode;
    const interruption = io.signal?.reason instanceof Interruption ? io.signal.reason : new Interruption('SIGINT');
    io.logger.warning(`Lookout was ${interruption.message}: the report holds what was found so far.`);
    return interruption.exitStatus;
  } catch (error) {
    if (isConfigurationError(error)) {
      io.logger.error(errorMessage(error));
      return 2;
    }
    io.logger.error(`internal error (please report it): ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return 3;
  }
}

/**
 * An AbortSignal that SIGINT and SIGTERM (Ctrl-C, a cancelled job, `timeout-minutes`) abort with an
 * Interruption, in place of Node's default of exiting at once: the run then stops its campaigns,
 * removes its temporary folders and writes the report so far. A second signal, with
 * `secondSignalExits`, ends the process at once (a user pressing Ctrl-C again); without it (the
 * Action, whose runner follows SIGINT with SIGTERM and then kills the job) it is ignored.
 */
export function interruptOnSignals(options: { secondSignalExits: boolean }): AbortSignal {
  const controller = new AbortController();
  for (const name of ['SIGINT', 'SIGTERM'] as const) {
    process.on(name, () => {
      if (!controller.signal.aborted) controller.abort(new Interruption(name));
      else if (options.secondSignalExits) process.exit(new Interruption(name).exitStatus);
    });
  }
  return controller.signal;
}
