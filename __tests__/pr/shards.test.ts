/**
 * A run over a job matrix (issue 32, item 3): `lookout pr --shard K/N` fuzzes slice K of N, and
 * `lookout merge` joins the slices into the report of the whole run.
 */
import { readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { runCommand } from '../../src/command.js';
import { memoryLogger } from '../../src/logger.js';
import { BEHAVIOUR_KINDS } from '../../src/oracles/index.js';
import { mergeShards } from '../../src/report/index.js';
import type { Report, ReportFinding } from '../../src/report/types.js';
import { EXAMPLES_PER_GROUP } from '../../src/run/behaviourWatch.js';
import { REPO_ROOT } from '../helpers/repoRoot.js';
import { lookoutPr, pullRequest, type PrRepo } from './prRepo.js';

const ENGINE = path.join(REPO_ROOT, '__fixtures__/engine');
const vault = readFileSync(path.join(ENGINE, 'Vault.sol'), 'utf8');
const vaultSafe = readFileSync(path.join(ENGINE, 'VaultSafe.sol'), 'utf8').replaceAll('VaultSafe', 'Vault');

/** The bug's findings as kind and place (behaviour changes aside: the PR that brings the bug in changes behaviour too). */
const bugs = (findings: readonly ReportFinding[]) =>
  findings.filter((f) => !BEHAVIOUR_KINDS.includes(f.kind)).map((f) => [f.kind, f.panicCode, f.contract, f.function, f.file, f.line, f.introduced]);

let merges = 0;

/** `lookout merge …` in-process: its exit status, log and merged report (when written). */
async function lookoutMerge(repo: PrRepo, reports: string[]): Promise<{ status: number; log: string[]; report?: Report }> {
  const json = path.join(repo.dir, `merged-${++merges}.json`);
  const logger = memoryLogger();
  const status = await runCommand(['merge', ...reports, '--json', json], { cwd: repo.dir, logger });
  const report = await readFile(json, 'utf8').then(
    (text) => JSON.parse(text) as Report,
    () => undefined,
  );
  return { status, log: logger.lines, report };
}

describe('lookout pr --shard K/N and lookout merge', () => {
  let repo: PrRepo;
  let shards: string[];
  // Vault's out-of-bounds read, brought in by the pull request (it needs a funding call first). Measured:
  // at 40 transactions a shard no shard finds it; at 100 (300 together, the single run's budget) they do.
  const SHARD_BUDGET = '100x';

  beforeAll(async () => {
    repo = await pullRequest({ 'src/Vault.sol': vaultSafe }, { 'src/Vault.sol': vault });
    shards = [];
    for (const k of [1, 2, 3]) {
      const { report } = await lookoutPr(repo, { budget: SHARD_BUDGET, extra: ['--shard', `${k}/3`] });
      const file = path.join(repo.dir, `shard-${k}.json`);
      await writeFile(file, JSON.stringify(report));
      shards.push(file);
    }
  });
  afterAll(() => repo.dispose());

  const shard = (k: number) => JSON.parse(readFileSync(shards[k - 1], 'utf8')) as Report;

  it('writes a partial report per shard, the same for the same seed, budget, workers and shard', async () => {
    expect([1, 2, 3].map((k) => shard(k).shard)).toEqual([1, 2, 3].map((index) => ({ index, count: 3 })));
    // Same build and plan in every shard; the work differs, each drawing its own mutation streams.
    expect(new Set([1, 2, 3].map((k) => JSON.stringify(shard(k).targets.map((t) => [t.file, t.line]))))).toHaveProperty('size', 1);
    expect(new Set([1, 2, 3].map((k) => JSON.stringify(shard(k).findings.map((f) => f.sequence))))).not.toHaveProperty('size', 1);
    const again = await lookoutPr(repo, { budget: SHARD_BUDGET, extra: ['--shard', '2/3'] });
    expect(again.report.findings.map((f) => [f.kind, f.foundTransactions, f.sequence])).toEqual(
      shard(2).findings.map((f) => [f.kind, f.foundTransactions, f.sequence]),
    );
    expect(again.report.stats.transactions).toBe(shard(2).stats.transactions);
  });

  it('merges the shards into the report of one run of their budgets together: the same bug, the same verdict', async () => {
    const single = await lookoutPr(repo, { budget: '300x' });
    const merged = await lookoutMerge(repo, shards);
    expect(merged.report).toBeDefined();
    const report = merged.report!;
    expect(bugs(single.report.findings)).toEqual([['panic', '0x32', 'Vault', expect.any(String), 'src/Vault.sol', expect.any(Number), true]]);
    expect(bugs(report.findings)).toEqual(bugs(single.report.findings));
    expect(merged.status).toBe(single.status);
    expect(merged.status).toBe(1);
    expect(report.shard).toBeNull();
    expect(report.budget).toEqual({ seconds: null, executions: 300 });
    expect(report.stats.transactions).toBe([1, 2, 3].reduce((sum, k) => sum + shard(k).stats.transactions, 0));
    expect(report.targets.map((t) => [t.line, t.status])).toEqual(single.report.targets.map((t) => [t.line, t.status]));
    // Each kept finding is the shortest of the shards' at its place.
    const shortest = Math.min(
      ...[1, 2, 3].flatMap((k) =>
        shard(k)
          .findings.filter((f) => f.kind === 'panic')
          .map((f) => f.sequence.length),
      ),
    );
    expect(report.findings.find((f) => f.kind === 'panic')!.sequence).toHaveLength(shortest);
    // A behaviour change keeps, as a whole run does, up to three distinct examples: not one per shard, not one in all.
    const change = (f: ReportFinding) => JSON.stringify([f.kind, f.contract, f.function, f.behaviour!.grade, f.behaviour!.difference]);
    const examples = new Map<string, Set<string>>();
    for (const f of [1, 2, 3].flatMap((k) => shard(k).findings.filter((f) => f.behaviour)))
      examples.set(change(f), (examples.get(change(f)) ?? new Set()).add(JSON.stringify(f.sequence.map((c) => [c.sender, c.calldata, c.value]))));
    expect(examples.size).toBeGreaterThan(0);
    for (const [key, distinct] of examples)
      expect(report.findings.filter((f) => f.behaviour && change(f) === key)).toHaveLength(Math.min(EXAMPLES_PER_GROUP, distinct.size));
    expect(report.errors).toBeUndefined();
  });

  it('keeps up to three distinct examples of a behaviour change across the shards, the shortest, as a whole run does', () => {
    const first = shard(1);
    const change = [1, 2, 3].flatMap((k) => shard(k).findings).find((f) => f.behaviour)!;
    // Examples told apart by the last call's value, of 1–3 calls.
    const example = (value: number, calls: number): ReportFinding => ({
      ...change,
      sequence: Array.from({ length: calls }, () => ({ ...change.sequence.at(-1)!, value: String(value) })),
    });
    const others = first.findings.filter((f) => !f.behaviour);
    const slices = [[example(1, 1)], [example(2, 3), example(3, 1)], [example(4, 2), example(1, 1)]];
    const merged = mergeShards(
      slices.map((findings, i) => ({ ...first, shard: { index: i + 1, count: 3 }, findings: [...others, ...findings] })),
      { examplesPerGroup: EXAMPLES_PER_GROUP },
    );
    expect(merged.ok).toBe(true);
    const kept = merged.ok ? merged.report.findings.filter((f) => f.behaviour) : [];
    expect(kept.map((f) => [f.sequence.at(-1)!.value, f.sequence.length])).toEqual([
      ['1', 1],
      ['3', 1],
      ['4', 2],
    ]);
  });

  it('refuses reports of different runs, saying which field differs', async () => {
    const other = path.join(repo.dir, 'other-seed.json');
    await writeFile(other, JSON.stringify({ ...shard(2), seed: 7 }));
    const seeds = await lookoutMerge(repo, [shards[0], other, shards[2]]);
    expect(seeds.status).toBe(2);
    expect(seeds.report).toBeUndefined();
    expect(seeds.log.join('\n')).toMatch(/not shards of one run: shard 1 and shard 2 differ in seed \(1 vs 7\)/);
    const moved = path.join(repo.dir, 'other-head.json');
    await writeFile(moved, JSON.stringify({ ...shard(3), revisions: { ...shard(3).revisions!, head: 'f'.repeat(40) } }));
    const heads = await lookoutMerge(repo, [shards[0], shards[1], moved]);
    expect(heads.status).toBe(2);
    expect(heads.log.join('\n')).toMatch(/differ in head commit/);
  });

  it('merges what is there when a shard is missing, and says so in the errors', async () => {
    const merged = await lookoutMerge(repo, [shards[0], shards[2]]);
    expect(merged.report!.errors).toEqual([expect.stringMatching(/^shard 2\/3 is missing: the report joins 2 of 3 shards/)]);
    expect(merged.status).toBe(2);
    expect(merged.report!.stats.transactions).toBe(shard(1).stats.transactions + shard(3).stats.transactions);
  });
});
