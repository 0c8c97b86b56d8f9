import { jest } from '@jest/globals';
import { parseBudget } from '../../../src/config/budget.js';
import { fuzzConfig } from '../../../src/config/defaults.js';
import { Executor } from '../../../src/evm/executor.js';
import { memoryLogger } from '../../../src/logger.js';
import { runPipeline } from '../../../src/run/pipeline.js';
import type { Report } from '../../../src/report/types.js';
import { REPO_ROOT } from '../../helpers/repoRoot.js';

/**
 * A campaign whose executor replays property probes on unchanged state (`ProbeMemo`) is the campaign
 * that runs every probe: the same report, finding for finding and transaction for transaction, on
 * fixtures that declare properties (broken and holding, one reading the block). Budgets: about twice
 * what seed 1 needs to find the bug where there is one; the shapes' properties hold.
 */
const CAMPAIGNS = [
  { file: '__fixtures__/parity/PropertyOnlyCompare.sol', budget: '100x' },
  { file: '__fixtures__/parity/RevertProperty.sol', budget: '100x' },
  { file: '__fixtures__/engine/Guarded.sol', budget: '300x' },
  { file: '__fixtures__/bench/shapes/Simple.sol', budget: '300x' },
  { file: '__fixtures__/bench/shapes/Blockhash.sol', budget: '200x' },
];

const { view, lastTrace } = Executor.prototype;
let probesRun = 0;
/** The path of each transaction with the probes after it, as the campaign saw them, in order. */
let paths: string[] = [];

beforeEach(() => {
  probesRun = 0;
  paths = [];
  jest.spyOn(Executor.prototype, 'view').mockImplementation(function (this: Executor, to, data, sender, options) {
    if (options?.extendLastTrace) probesRun++;
    return view.call(this, to, data, sender, options);
  });
  jest.spyOn(Executor.prototype, 'lastTrace').mockImplementation(function (this: Executor) {
    const trace = lastTrace.call(this);
    paths.push(trace.pathId);
    return trace;
  });
});

afterEach(() => jest.restoreAllMocks());

async function campaign(file: string, budget: string): Promise<Report> {
  const config = fuzzConfig(REPO_ROOT, [file], { budget: parseBudget(budget), seed: 1, workers: 1 });
  const { report } = await runPipeline(config, { logger: memoryLogger() });
  return report;
}

/** Every probe run on the EVM, as before the executor replayed any. */
function runEveryProbe(): void {
  jest.spyOn(Executor.prototype, 'probe').mockImplementation(function (this: Executor, to, data, sender) {
    return this.view(to, data, sender, { extendLastTrace: true });
  });
}

/** The report without what the clock decides. */
function untimed(report: Report): unknown {
  return JSON.parse(JSON.stringify(report, (key, value) => (/Ms$|PerSecond$/.test(key) ? undefined : typeof value === 'bigint' ? `${value}` : value)));
}

describe('property probes replayed in a campaign', () => {
  it.each(CAMPAIGNS)('$file: the same paths and report as running every probe, with fewer probes run', async ({ file, budget }) => {
    const replayed = await campaign(file, budget);
    const [replayedProbes, replayedPaths] = [probesRun, paths];
    probesRun = 0;
    paths = [];
    runEveryProbe();
    const everyProbe = await campaign(file, budget);
    expect(untimed(replayed)).toEqual(untimed(everyProbe));
    expect(replayedPaths).toEqual(paths);
    expect(replayedProbes).toBeLessThan(probesRun);
  });
});
