/**
 * One campaign to profile: `node --cpu-prof --cpu-prof-dir DIR --import tsx bench/profileCampaign.ts [BUDGET] [FILE]`
 * (default: the ERC-20 bench token, 6000 transactions, one worker). Prints the transactions per second.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseBudget } from '../src/config/budget.js';
import { fuzzConfig } from '../src/config/defaults.js';
import { memoryLogger } from '../src/logger.js';
import { runPipeline } from '../src/run/pipeline.js';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const budget = parseBudget(process.argv[2] ?? '6000x');
const file = process.argv[3] ?? '__fixtures__/bench/ERC20.sol';
const { report } = await runPipeline(fuzzConfig(root, [file], { budget }), { logger: memoryLogger() });
console.log(`${report.stats.transactions} transactions, ${report.stats.transactionsPerSecond} tx/s, ${report.findings.length} finding(s)`);
