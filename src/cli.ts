#!/usr/bin/env node
import { interruptOnSignals, runCommand } from './command.js';
import { consoleLogger } from './logger.js';
import { isCampaignWorker } from './run/index.js';

// The bundle is also the campaign workers' script: started as one, it serves (see run/workers/thread.ts).
if (!isCampaignWorker()) {
  process.exitCode = await runCommand(process.argv.slice(2), {
    cwd: process.cwd(),
    logger: consoleLogger({ verbose: process.env.LOOKOUT_DEBUG === '1' }),
    signal: interruptOnSignals({ secondSignalExits: true }),
  });
}
