import { withCorpusReach } from './entries.js';
import { withGroups } from './items.js';
import type { Report, ReportCorpus, ReportFinding, ReportTarget } from './types.js';

/** The shards' reports joined, or why they cannot be: they are not slices of one run. */
export type ShardMerge = { ok: true; report: Report } | { ok: false; problem: string };

/**
 * Joins the reports of one run's shards (`--shard K/N`) into the report of the whole run: findings
 * deduplicated (same kind at the same place: the shortest sequence kept, ties to the lower shard),
 * a target reached where any shard reached it (the earliest reach, in transactions), counts summed.
 * Each shard judged `introduced` itself against the same base, so that is kept as it is. A shard
 * missing is an error of the merged report; what the others found is still merged.
 */
export function mergeShards(reports: readonly Report[], { examplesPerGroup }: { examplesPerGroup: number }): ShardMerge {
  const problem = mismatch(reports);
  if (problem !== undefined) return { ok: false, problem };
  const shards = [...reports].sort((a, b) => a.shard!.index - b.shard!.index);
  const first = shards[0]!;
  const count = first.shard!.count;
  const present = new Set(shards.map((r) => r.shard!.index));
  const missing = Array.from({ length: count }, (_, i) => i + 1).filter((index) => !present.has(index));
  const errors = [
    ...missing.map(
      (index) => `shard ${index}/${count} is missing: the report joins ${shards.length} of ${count} shards (did its job fail or its artifact not upload?)`,
    ),
    ...shards.flatMap((r) => (r.errors ?? []).map((error) => `shard ${r.shard!.index}/${count}: ${error}`)),
  ];
  const sum = (value: (r: Report) => number | undefined) => shards.reduce((total, r) => total + (value(r) ?? 0), 0);
  const fuzzMs = sum((r) => r.stats.fuzzMs);
  const transactions = sum((r) => r.stats.transactions);
  const prediction = first.stats.prediction && {
    oneShot: sum((r) => r.stats.prediction?.oneShot),
    oneShotHits: sum((r) => r.stats.prediction?.oneShotHits),
    iterated: sum((r) => r.stats.prediction?.iterated),
    iteratedHits: sum((r) => r.stats.prediction?.iteratedHits),
  };
  const findings = mergeFindings(shards, examplesPerGroup);
  const { budgetPlan: _perShard, ...firstStats } = first.stats;
  const report: Report = {
    ...first,
    // The shards' budgets together: what the whole run spent.
    budget: {
      seconds: first.budget.seconds === null ? null : first.budget.seconds * count,
      executions: first.budget.executions === null ? null : first.budget.executions * count,
    },
    stats: {
      ...firstStats,
      // The shards ran side by side: the run took as long as the slowest.
      elapsedMs: Math.max(...shards.map((r) => r.stats.elapsedMs)),
      sequences: sum((r) => r.stats.sequences),
      transactions,
      transactionsPerSecond: fuzzMs > 0 ? Math.round((transactions * 1000) / fuzzMs) : 0,
      analysisMs: sum((r) => r.stats.analysisMs),
      ...(first.stats.fuzzMs !== undefined && { fuzzMs }),
      ...(first.stats.inputsKept !== undefined && { inputsKept: sum((r) => r.stats.inputsKept) }),
      ...(prediction && { prediction: { ...prediction, oneShotSuccessRate: prediction.oneShot > 0 ? prediction.oneShotHits / prediction.oneShot : 0 } }),
      ...(first.stats.behaviourDiff && {
        behaviourDiff: { compared: sum((r) => r.stats.behaviourDiff?.compared), shrinkReplays: sum((r) => r.stats.behaviourDiff?.shrinkReplays) },
      }),
    },
    shard: null,
    targets: mergeTargets(shards),
    findings: withGroups({ findings, senders: first.senders }),
    interrupted: shards.some((r) => r.interrupted),
  };
  const corpus = mergeCorpus(shards);
  if (corpus) report.corpus = corpus;
  if (errors.length > 0) report.errors = errors;
  else delete report.errors;
  return { ok: true, report };
}

/** Why these reports are not the shards of one run, if they are not. */
function mismatch(reports: readonly Report[]): string | undefined {
  if (reports.length === 0) return 'no reports to merge';
  const whole = reports.findIndex((r) => !r.shard);
  if (whole >= 0) return `report ${whole + 1} is not a shard's (it has no "shard"): merge the reports of runs given --shard K/N`;
  const first = reports[0]!;
  const same: [string, (r: Report) => unknown][] = [
    ['shard count', (r) => r.shard!.count],
    ['seed', (r) => r.seed],
    ['budget', (r) => r.budget],
    ['worker count', (r) => r.stats.budgetPlan?.workers],
    ['head commit', (r) => r.revisions?.head],
    ['merge-base commit', (r) => r.revisions?.mergeBase],
    ['Lookout version', (r) => r.tool.version],
    ['changed lines', (r) => r.targets.map((t) => `${t.contractFile}:${t.contract}:${t.file}:${t.line}`)],
  ];
  for (const [what, value] of same) {
    const other = reports.find((r) => JSON.stringify(value(r)) !== JSON.stringify(value(first)));
    if (other) {
      return `the reports are not shards of one run: shard ${first.shard!.index} and shard ${other.shard!.index} differ in ${what} (${JSON.stringify(value(first))} vs ${JSON.stringify(value(other))})`;
    }
  }
  const seen = new Set<number>();
  for (const r of reports) {
    if (seen.has(r.shard!.index)) return `shard ${r.shard!.index}/${r.shard!.count} is given twice`;
    seen.add(r.shard!.index);
  }
  return undefined;
}

/** Same kind at the same place (a behaviour change: the same difference, in the same campaign) is one finding, or one group of examples. */
function findingKey(f: ReportFinding): string {
  const place = [f.kind, f.panicCode, f.contractFile, f.contract, f.function, f.file, f.line];
  return JSON.stringify(f.behaviour ? [...place, f.behaviour.grade, f.behaviour.difference, f.harness?.file, f.harness?.contract] : place);
}

/** What tells two examples apart: the calls, as a run tells its examples apart. */
function sequenceKey(f: ReportFinding): string {
  return JSON.stringify(
    f.sequence.map((c) => [c.sender, c.address, c.calldata, c.value, c.blockDelay, c.timeDelay, c.attacker?.reenters?.function, c.attacker?.reenters?.args]),
  );
}

/**
 * One finding per key, the shortest sequence (ties to the lower shard); a behaviour change keeps, as a
 * whole run does, up to `examplesPerGroup` distinct examples, the shortest. Groups and links are written anew.
 */
function mergeFindings(shards: readonly Report[], examplesPerGroup: number): ReportFinding[] {
  const kept = new Map<string, ReportFinding[]>();
  for (const finding of shards.flatMap((r) => r.findings)) {
    const key = findingKey(finding);
    const held = kept.get(key) ?? [];
    if (!held.some((f) => sequenceKey(f) === sequenceKey(finding))) kept.set(key, [...held, finding]);
  }
  // A stable sort: equal lengths keep shard order.
  const shortest = (examples: ReportFinding[], count: number) => [...examples].sort((a, b) => a.sequence.length - b.sequence.length).slice(0, count);
  return [...kept.values()].flatMap((examples) =>
    examples[0]!.behaviour
      ? shortest(examples, examplesPerGroup).map((f) => {
          const { group: _group, representative: _representative, linkedTo: _linkedTo, ...behaviour } = f.behaviour!;
          return { ...f, behaviour };
        })
      : shortest(examples, 1),
  );
}

/**
 * Each target as the shard that reached it first (in transactions) saw it, else as the first shard
 * did; reached by the corpus when any shard's share of the corpus reached it.
 */
function mergeTargets(shards: readonly Report[]): ReportTarget[] {
  return shards[0]!.targets.map((target, i) => {
    const alike = shards.map((r) => r.targets[i]!);
    const first =
      alike
        .filter((t) => t.status === 'reached')
        .reduce<ReportTarget | undefined>(
          (best, t) => (best === undefined || (t.firstReachedTransactions ?? Infinity) < (best.firstReachedTransactions ?? Infinity) ? t : best),
          undefined,
        ) ?? target;
    return withCorpusReach(first, alike);
  });
}

/** Every shard's corpus counts together; warm when any shard started warm. */
function mergeCorpus(shards: readonly Report[]): ReportCorpus | undefined {
  const corpora = shards.flatMap((r) => (r.corpus ? [r.corpus] : []));
  if (corpora.length === 0) return undefined;
  const sum = (value: (c: ReportCorpus) => number) => corpora.reduce((total, c) => total + value(c), 0);
  const problems = corpora.flatMap((c) => c.problems ?? []);
  return {
    ...corpora[0]!,
    start: corpora.some((c) => c.start === 'warm') ? 'warm' : 'cold',
    loaded: sum((c) => c.loaded),
    replayed: sum((c) => c.replayed),
    dropped: {
      missingFunction: sum((c) => c.dropped.missingFunction),
      undecodable: sum((c) => c.dropped.undecodable),
      reverted: sum((c) => c.dropped.reverted),
    },
    saved: sum((c) => c.saved),
    ...(problems.length > 0 && { problems }),
  };
}
