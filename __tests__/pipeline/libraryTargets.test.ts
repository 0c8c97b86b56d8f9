import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseBudget } from '../../src/config/budget.js';
import { fuzzConfig } from '../../src/config/defaults.js';
import type { ScheduleName } from '../../src/config/types.js';
import { memoryLogger } from '../../src/logger.js';
import { runPipeline } from '../../src/run/pipeline.js';
import { REPO_ROOT } from '../helpers/repoRoot.js';

/**
 * `lookout fuzz --targets` on lines of an external library: they are fuzzed through the contract
 * that links it (they used to be "not among the fuzzed contracts"), and the library's own
 * empty-prefix check reports its dead line unreachable, which the baseline schedule cannot.
 */
const FIXTURE = '__fixtures__/bran/LibraryGuard.sol';
const MARKERS = ['DEAD_IN_LIBRARY', 'LIVE_IN_LIBRARY'] as const;

function lineOf(marker: string): number {
  return (
    readFileSync(path.join(REPO_ROOT, FIXTURE), 'utf8')
      .split('\n')
      .findIndex((text) => text.includes(`// ${marker}`)) + 1
  );
}

async function statuses(schedule: ScheduleName): Promise<Record<string, string>> {
  const config = fuzzConfig(REPO_ROOT, [FIXTURE], {
    targets: MARKERS.map((marker) => ({ file: FIXTURE, line: lineOf(marker) })),
    schedule,
    seed: 1,
    budget: parseBudget('300x'),
  });
  const { report } = await runPipeline(config, { logger: memoryLogger() });
  return Object.fromEntries(report.targets.map((t) => [MARKERS.find((m) => lineOf(m) === t.line)!, t.status]));
}

describe('lookout fuzz --targets on an external library', () => {
  it('reaches the live line through the linking contract and proves the dead one unreachable (lookahead)', async () => {
    expect(await statuses('lookahead')).toEqual({ DEAD_IN_LIBRARY: 'unreachable', LIVE_IN_LIBRARY: 'reached' });
  });

  it('without the analysis (baseline) leaves the dead line unreached', async () => {
    expect(await statuses('baseline')).toEqual({ DEAD_IN_LIBRARY: 'unreached', LIVE_IN_LIBRARY: 'reached' });
  });
});
