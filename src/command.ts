import { parseArgv } from './config/index.js';
import { errorMessage, isConfigurationError } from './errors.js';
import type { Logger } from './logger.js';
import { runPipeline, VERSION } from './run/index.js';

/**
 * `lookout …` minus the process: argv → RunConfig → runPipeline → exit status
 * (0 clean, 1 findings, 2 something the user must fix, 3 a bug in Lookout).
 */
export async function runCommand(argv: readonly string[], io: { cwd: string; logger: Logger; write?: (text: string) => void }): Promise<number> {
  try {
    const config = parseArgv(argv, { cwd: io.cwd, version: VERSION, write: io.write });
    if (!config) return 0;
    return (await runPipeline(config, { logger: io.logger })).exitCode;
  } catch (error) {
    if (isConfigurationError(error)) {
      io.logger.error(errorMessage(error));
      return 2;
    }
    io.logger.error(`internal error (please report it): ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return 3;
  }
}
