/**
 * Issue 29, "no finding masks another": a failure already on the base at one kind and location does
 * not stand for the one a pull request introduces at the same place. The fixture is
 * __fixtures__/masking: on the base, `addStake` already fails `_rate` with panic 0x32; the `bug` pull
 * request drops `claim`'s tier check, a second, new way to the same failing line; the `safe` one
 * only rewords that check's revert reason.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { BEHAVIOUR_KINDS } from '../../src/oracles/index.js';
import { renderSarif } from '../../src/report/sarif.js';
import type { ReportFinding } from '../../src/report/types.js';
import { fixturePullRequest, lineOf, lookoutPr, type PrRepo, type PrRun } from './prRepo.js';

const FIXTURE = fileURLToPath(new URL('../../__fixtures__/masking', import.meta.url));
const FILE = 'src/Rewards.sol';
const FAILING_LINE = lineOf(readFileSync(`${FIXTURE}/base/${FILE}`, 'utf8'), 'return rates[tier];');

const repos: PrRepo[] = [];
afterAll(async () => {
  await Promise.all(repos.map((r) => r.dispose()));
});

/**
 * Seed 1 finds the pre-existing panic at its first transaction and has its new way at the second (the
 * seeds call each function once); with two workers they come within the first few each. Twice that
 * would be too little to count on, so a few sequences more.
 */
const BUDGET = '40x';

/** Without the behaviour comparison: the bug pull request changes what `claim` reverts with, which is not what this is about. */
async function pr(overlay: 'bug' | 'safe', workers = 1): Promise<PrRun> {
  const repo = await fixturePullRequest(FIXTURE, overlay);
  repos.push(repo);
  return lookoutPr(repo, { budget: BUDGET, extra: ['--no-behaviour-diff', '--workers', String(workers)] });
}

function failures(run: PrRun): ReportFinding[] {
  return run.report.findings.filter((f) => !BEHAVIOUR_KINDS.includes(f.kind));
}

const preExisting = expect.objectContaining({
  kind: 'panic',
  panicCode: '0x32',
  file: FILE,
  line: FAILING_LINE,
  function: 'addStake(uint256,uint256)',
  introduced: false,
});
const introduced = expect.objectContaining({
  kind: 'panic',
  panicCode: '0x32',
  file: FILE,
  line: FAILING_LINE,
  function: 'claim(uint256,uint256)',
  introduced: true,
  besidePreExisting: true,
  executesChangedLines: true,
});

describe('a pull request that opens a new way to a failure already on the base', () => {
  it('reports the pre-existing finding and, beside it, the introduced one, and fails the check', async () => {
    const run = await pr('bug');
    const found = failures(run);
    expect(found).toEqual([preExisting, introduced]);
    expect(found[0].besidePreExisting).toBeUndefined();
    expect(run.status).toBe(1);
    // Two alerts, two reproducers: nothing downstream takes them for one.
    const results = renderSarif(run.report).runs[0].results ?? [];
    expect(new Set(results.map((r) => r.partialFingerprints?.['lookoutFinding/v1'])).size).toBe(2);
    expect(new Set(found.map((f) => f.reproducer?.file)).size).toBe(2);
  });

  it('does the same on two workers', async () => {
    const run = await pr('bug', 2);
    expect(failures(run)).toEqual([preExisting, introduced]);
    expect(run.status).toBe(1);
  });

  it('reports only the pre-existing finding when the pull request opens no new way (exit 0)', async () => {
    const run = await pr('safe');
    expect(failures(run)).toEqual([preExisting]);
    expect(failures(run)[0].besidePreExisting).toBeUndefined();
    expect(run.status).toBe(0);
  });
});
