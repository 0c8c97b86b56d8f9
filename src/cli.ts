#!/usr/bin/env node
import { parseArgv } from './config/argv.js';
import { errorMessage, isConfigurationError } from './errors.js';
import { consoleLogger } from './logger.js';
import { runPipeline, VERSION } from './pipeline.js';

/** `lookout …`: argv → RunConfig → runPipeline → exit status (0 clean, 1 findings, 2 fix your input, 3 bug). */
async function main(): Promise<number> {
  const logger = consoleLogger({ verbose: process.env.LOOKOUT_DEBUG === '1' });
  try {
    const config = parseArgv(process.argv.slice(2), { cwd: process.cwd(), version: VERSION });
    if (!config) return 0;
    const { exitCode } = await runPipeline(config, { logger });
    return exitCode;
  } catch (error) {
    if (isConfigurationError(error)) {
      logger.error(errorMessage(error));
      return 2;
    }
    logger.error(`internal error (please report it): ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return 3;
  }
}

process.exitCode = await main();
