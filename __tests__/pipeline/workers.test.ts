/**
 * Campaigns on worker threads (issue 13): with an execution budget the report is a function of the
 * seed and the worker count, and what one thread finds, two find too.
 */
import { compileProject } from '../../src/compile/compile.js';
import { EXCHANGE_EVERY, workerRunner } from '../../src/run/workers/coordinator.js';
import { parseBudget } from '../../src/config/budget.js';
import { ALL_TECHNIQUES, fuzzConfig } from '../../src/config/defaults.js';
import { PROJECT_CONFIG_FILE, readProjectConfig } from '../../src/config/projectConfig.js';
import type { CampaignSetup } from '../../src/fuzz/campaign/loop.js';
import type { ReachTracker } from '../../src/fuzz/schedule/reach.js';
import { DEFAULT_PANIC_CODES } from '../../src/abi/panic.js';
import { BEHAVIOUR_KINDS } from '../../src/oracles/index.js';
import type { FuzzConfig } from '../../src/config/types.js';
import { memoryLogger } from '../../src/logger.js';
import { runPipeline } from '../../src/run/pipeline.js';
import type { Report, ReportFinding } from '../../src/report/types.js';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { lookoutPr, pullRequest, type PrRepo } from '../pr/prRepo.js';
import { REPO_ROOT } from '../helpers/repoRoot.js';

const VAULT = '__fixtures__/engine/Vault.sol';
const WALL_CLOCK = ['elapsedMs', 'fuzzMs', 'transactionsPerSecond', 'foundMs', 'analysisMs', 'firstReachedMs'];
/** Each of two workers fuzzes 500 transactions past its first trade, so the runs compared include what the workers traded. */
const BUDGET = 2 * (EXCHANGE_EVERY + 500);

async function fuzz(overrides: Partial<FuzzConfig>): Promise<{ report: Report; log: string[] }> {
  const logger = memoryLogger();
  const config = fuzzConfig(REPO_ROOT, [VAULT], { budget: parseBudget(`${BUDGET}x`), seed: 7, workers: 2, ...overrides });
  const { report } = await runPipeline(config, { logger });
  return { report, log: logger.lines };
}

const strip = (report: Report) => JSON.parse(JSON.stringify(report, (key, value) => (WALL_CLOCK.includes(key) ? 0 : value)));

describe('two workers', () => {
  const targets = [22, 23].map((line) => ({ file: VAULT, line }));
  let first: Report;

  beforeAll(async () => {
    first = (await fuzz({ targets })).report;
  }, 120_000);

  it('find the fixture bug with its minimal sequence and reach the changed lines', () => {
    expect(first.findings.map((f) => [f.kind, f.line, f.sequence.map((c) => c.function)])).toEqual([['panic', 23, ['deposit()', 'slot(uint256)']]]);
    expect(first.targets.map((t) => t.status)).toEqual(['reached', 'reached']);
    // Both workers spend their share: the budget is split, not multiplied.
    expect(first.stats.transactions).toBeGreaterThanOrEqual(BUDGET);
    expect(first.stats.transactions).toBeLessThan(BUDGET + 2 * 16);
    // Counts on the campaign's numbering across both workers: within what the run executed.
    for (const count of [...first.findings.map((f) => f.foundTransactions), ...first.targets.map((t) => t.firstReachedTransactions!)]) {
      expect(count).toBeGreaterThan(0);
      expect(count).toBeLessThanOrEqual(first.stats.transactions);
    }
  });

  it('give the same report for the same seed, budget and worker count (wall-clock fields aside)', async () => {
    expect(strip((await fuzz({ targets })).report)).toEqual(strip(first));
  }, 120_000);

  it('run other campaigns than one worker does', async () => {
    const one = (await fuzz({ targets, workers: 1 })).report;
    expect(one.stats.sequences).not.toBe(first.stats.sequences);
  }, 120_000);
});

describe('lookout pr on two workers', () => {
  const repos: PrRepo[] = [];
  afterAll(async () => {
    await Promise.all(repos.map((repo) => repo.dispose()));
  });

  async function behaviourPr(name: string): Promise<PrRepo> {
    const fixture = path.join(REPO_ROOT, '__fixtures__/behaviour', name);
    const files = (revision: string) =>
      Object.fromEntries(readdirSync(path.join(fixture, revision)).map((file) => [`src/${file}`, readFileSync(path.join(fixture, revision, file), 'utf8')]));
    const repo = await pullRequest(files('base'), files('head'));
    repos.push(repo);
    return repo;
  }

  it('compare their own sequences with the base: a transposed constant shows as a different return value', async () => {
    const repo = await behaviourPr('transposed-constant');
    // Within 40 transactions (not 30) the workers keep a sequence that returns another value on the base.
    const run = await lookoutPr(repo, { budget: '100x', extra: ['--workers', '2'] });
    const changes = run.report.findings.filter((f) => f.kind === 'behaviour-change');
    expect(changes.map((c) => [c.contract, c.behaviour?.difference])).toContainEqual(['FeeMath', 'return-value']);
    expect(run.report.targets.some((t) => t.status === 'reached')).toBe(true);
  }, 120_000);

  // Issue 29, item 8: each worker compares its share as it runs (divergent sequences become inputs of
  // their own there too), so the workers find what one thread finds: a stranger taking ownership
  // (seed 1: after 81 transactions on one thread, 82 of two workers') and what the new owner may then do.
  it('find the same kinds of behaviour change as one thread at the same seed and budget', async () => {
    const repo = await behaviourPr('ownership-takeover');
    const changes = async (workers: number) => {
      const run = await lookoutPr(repo, { budget: '300x', extra: ['--workers', String(workers)] });
      return strip(run.report).findings.filter((f: ReportFinding) => BEHAVIOUR_KINDS.includes(f.kind)) as ReportFinding[];
    };
    const kinds = (found: ReportFinding[]) =>
      [...new Set(found.map((c) => `${c.contract}.${c.function}/${c.behaviour?.grade}/${c.behaviour?.difference}`))].sort();
    const one = kinds(await changes(1));
    expect(one).toEqual(['Registry.acceptOwnership()/permits/outcome']);
    const two = await changes(2);
    expect(kinds(two)).toEqual(one);
    // The workers' comparisons join the rounds in a fixed order: the same examples every time.
    expect(await changes(2)).toEqual(two);
  }, 180_000);
});

describe('a worker that fails', () => {
  it("fails the campaign with the worker's own message", async () => {
    const project = await compileProject({ root: REPO_ROOT, paths: [VAULT] });
    const config = readProjectConfig(path.join(REPO_ROOT, PROJECT_CONFIG_FILE));
    const run = workerRunner([
      {
        // A recipe naming a contract the build does not have: the worker cannot rebuild the world.
        recipe: { kind: 'deployment', contracts: project.contracts, wanted: ['src/Nowhere.sol:Nope'], config, seed: 1 },
        subject: 0,
        asts: project.asts,
        targets: [],
        budget: parseBudget('100x'),
        seed: 1,
        contract: 'src/Nowhere.sol:Nope',
        worker: 0,
        schedule: 'baseline',
        panicCodes: [...DEFAULT_PANIC_CODES],
        techniques: ALL_TECHNIQUES,
        maxSequenceLength: 8,
        exchangeEvery: EXCHANGE_EVERY,
      },
    ]);
    // The coordinator reads only the setup's events and stop condition; no worker reaches a target here.
    const setup = { onEvent: () => {} } as unknown as CampaignSetup;
    await expect(run(setup, undefined as unknown as ReachTracker)).rejects.toThrow(/Campaign worker 0 failed: .*src\/Nowhere\.sol:Nope is not in the build/);
  }, 60_000);
});
