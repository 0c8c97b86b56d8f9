import type { Report, ReportTarget, TargetStatus } from './types.js';

/** Base lines a pull request removed, keyed by the head line that stands for them. */
export type RemovedLines = ReadonlyMap<number, NonNullable<ReportTarget['removed']>>;

/** The changed lines of one file grouped by what the campaign learned about them. */
export interface FileLines {
  file: string;
  reached: number[];
  /** Of `reached`, the lines a restored corpus's replay executed (`ReportTarget.reachedByCorpus`). */
  byCorpus: number[];
  unreached: number[];
  unreachable: number[];
  noCode: number[];
  notFuzzed: number[];
  removed: RemovedLines;
}

/**
 * A line compiled into several contracts (a library, a base contract) has one target per contract;
 * the line counts as reached if any of them was, and otherwise takes the most hopeful status left.
 */
const PRECEDENCE: readonly TargetStatus[] = ['reached', 'unreached', 'unreachable', 'not-fuzzed', 'no-code'];

/** Per file (in report order), each changed line once, under its best status. */
export function fileLines(report: Report): FileLines[] {
  const byFile = new Map<string, Map<number, TargetStatus>>();
  for (const target of report.targets) {
    let lines = byFile.get(target.file);
    if (!lines) byFile.set(target.file, (lines = new Map()));
    const previous = lines.get(target.line);
    if (previous === undefined || PRECEDENCE.indexOf(target.status) < PRECEDENCE.indexOf(previous)) lines.set(target.line, target.status);
  }
  const removed = removedLines(report);
  const byCorpus = new Set(report.targets.filter((t) => t.reachedByCorpus).map((t) => `${t.file}:${t.line}`));
  return [...byFile].map(([file, lines]) => {
    const sorted = [...lines].sort(([a], [b]) => a - b);
    const pick = (status: TargetStatus) => sorted.filter(([, s]) => s === status).map(([line]) => line);
    return {
      file,
      reached: pick('reached'),
      byCorpus: pick('reached').filter((line) => byCorpus.has(`${file}:${line}`)),
      unreached: pick('unreached'),
      unreachable: pick('unreachable'),
      noCode: pick('no-code'),
      notFuzzed: pick('not-fuzzed'),
      removed: removed.get(file) ?? new Map(),
    };
  });
}

/** Per file, the targets that stand for removed lines. */
function removedLines(report: Report): Map<string, RemovedLines> {
  const byFile = new Map<string, Map<number, NonNullable<ReportTarget['removed']>>>();
  for (const { file, line, removed } of report.targets) {
    if (removed === undefined) continue;
    const lines = byFile.get(file) ?? new Map();
    byFile.set(file, lines.set(line, removed));
  }
  return byFile;
}

/**
 * `[12, 13, 14, 15, 20]` → `12–15, 20`. Expects ascending lines. A line that stands for removed lines
 * names them instead (a deletion has no line of its own in head): with 20 standing for base lines
 * 17–18, `12–15, removed lines 17–18 (before line 20)`.
 */
export function lineRanges(lines: readonly number[], removed?: RemovedLines): string {
  return lineParts(lines, removed).join(', ');
}

/** The parts `lineRanges` joins, in line order. */
export function lineParts(lines: readonly number[], removed?: RemovedLines): string[] {
  const parts: string[] = [];
  for (let i = 0; i < lines.length;) {
    const span = removed?.get(lines[i]);
    if (span) {
      parts.push(`${span.from === span.to ? `removed line ${span.from}` : `removed lines ${span.from}–${span.to}`} (before line ${lines[i]})`);
      i++;
      continue;
    }
    let j = i;
    while (j + 1 < lines.length && lines[j + 1] === lines[j] + 1 && !removed?.has(lines[j + 1])) j++;
    parts.push(j === i ? `${lines[i]}` : `${lines[i]}–${lines[j]}`);
    i = j + 1;
  }
  return parts;
}

/** How many changed lines (each once, under its best status) the campaign reached, and why the rest were not. */
export interface ChangedLineCounts {
  reached: number;
  /** Lines with code that no proof rules out: reached + unreached. */
  reachable: number;
  unreached: number;
  unreachable: number;
  noCode: number;
  notFuzzed: number;
}

/** The one place changed lines are counted: log, comment, check title, summary and outputs all say this. */
export function changedLineCounts(report: Report): ChangedLineCounts {
  const counts: ChangedLineCounts = { reached: 0, reachable: 0, unreached: 0, unreachable: 0, noCode: 0, notFuzzed: 0 };
  for (const file of fileLines(report)) {
    counts.reached += file.reached.length;
    counts.unreached += file.unreached.length;
    counts.unreachable += file.unreachable.length;
    counts.noCode += file.noCode.length;
    counts.notFuzzed += file.notFuzzed.length;
  }
  counts.reachable = counts.reached + counts.unreached;
  return counts;
}

/** `10 of 10 reachable changed lines reached · 2 proven unreachable · 1 no code` (zero parts left out). */
export function countsText(counts: ChangedLineCounts): string {
  const parts = [`${counts.reached} of ${counts.reachable} reachable changed line${counts.reachable === 1 ? '' : 's'} reached`];
  if (counts.unreachable > 0) parts.push(`${counts.unreachable} proven unreachable`);
  if (counts.notFuzzed > 0) parts.push(`${counts.notFuzzed} not fuzzed`);
  if (counts.noCode > 0) parts.push(`${counts.noCode} no code`);
  return parts.join(' · ');
}

/** Why changed lines were not fuzzed, one entry per reason with the lines it covers (report order). */
export function notFuzzedReasons(report: Report): { reason: string; lines: { file: string; line: number }[] }[] {
  const best = new Map(fileLines(report).map((f) => [f.file, new Set(f.notFuzzed)]));
  const byReason = new Map<string, { file: string; line: number }[]>();
  const seen = new Set<string>();
  for (const target of report.targets) {
    const key = `${target.file}:${target.line}`;
    if (target.status !== 'not-fuzzed' || !best.get(target.file)?.has(target.line) || seen.has(key)) continue;
    seen.add(key);
    const reason = target.reason ?? 'not deployed';
    byReason.set(reason, [...(byReason.get(reason) ?? []), { file: target.file, line: target.line }]);
  }
  return [...byReason].map(([reason, lines]) => ({ reason, lines }));
}

/** Unreached changed lines of one file that share a reason: the branch no execution took toward them (when known). */
export interface UnreachedGroup {
  file: string;
  lines: number[];
  branch: ReportTarget['missedBranch'];
  /** The file's lines that stand for removed lines. */
  removed: RemovedLines;
}

/** Unreached lines (each once, as the counts take them) grouped by file and missed branch, in report order. */
export function unreachedGroups(report: Report): UnreachedGroup[] {
  const files = fileLines(report);
  const unreached = new Map(files.map((f) => [f.file, new Set(f.unreached)]));
  const removed = new Map(files.map((f) => [f.file, f.removed]));
  // Another contract holding the line may know the branch when this one does not.
  const branches = new Map<string, ReportTarget['missedBranch']>();
  for (const t of report.targets) if (t.missedBranch && !branches.has(`${t.file}:${t.line}`)) branches.set(`${t.file}:${t.line}`, t.missedBranch);
  const groups = new Map<string, UnreachedGroup>();
  const seen = new Set<string>();
  for (const target of report.targets) {
    const key = `${target.file}:${target.line}`;
    if (target.status !== 'unreached' || !unreached.get(target.file)?.has(target.line) || seen.has(key)) continue;
    seen.add(key);
    const branch = branches.get(key);
    const groupKey = `${target.file}\0${branch ? `${branch.file}:${branch.line}:${branch.condition}` : ''}`;
    const group = groups.get(groupKey) ?? { file: target.file, lines: [], branch, removed: removed.get(target.file)! };
    group.lines.push(target.line);
    groups.set(groupKey, group);
  }
  return [...groups.values()].map((g) => ({ ...g, lines: g.lines.sort((a, b) => a - b) }));
}
