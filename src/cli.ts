#!/usr/bin/env node
import { runCommand } from './command.js';
import { consoleLogger } from './logger.js';

process.exitCode = await runCommand(process.argv.slice(2), {
  cwd: process.cwd(),
  logger: consoleLogger({ verbose: process.env.LOOKOUT_DEBUG === '1' }),
});
