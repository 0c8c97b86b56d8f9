import type { Report, TargetStatus } from './types.js';

/** The changed lines of one file grouped by what the campaign learned about them. */
export interface FileLines {
  file: string;
  reached: number[];
  unreached: number[];
  unreachable: number[];
  noCode: number[];
  notFuzzed: number[];
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
  return [...byFile].map(([file, lines]) => {
    const sorted = [...lines].sort(([a], [b]) => a - b);
    const pick = (status: TargetStatus) => sorted.filter(([, s]) => s === status).map(([line]) => line);
    return { file, reached: pick('reached'), unreached: pick('unreached'), unreachable: pick('unreachable'), noCode: pick('no-code'), notFuzzed: pick('not-fuzzed') };
  });
}

/** `[12, 13, 14, 15, 20]` → `12–15, 20`. Expects ascending lines. */
export function lineRanges(lines: readonly number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < lines.length; ) {
    let j = i;
    while (j + 1 < lines.length && lines[j + 1] === lines[j] + 1) j++;
    parts.push(j === i ? `${lines[i]}` : `${lines[i]}–${lines[j]}`);
    i = j + 1;
  }
  return parts.join(', ');
}

/**
 * Targets reached / all targets that hold code, counted per (file, line) as the tables show them.
 * Lines no deployed contract holds are counted apart, never in `total`: they were not fuzzed at all.
 */
export function reachCounts(files: readonly FileLines[]): { reached: number; total: number; unreachable: number; notFuzzed: number } {
  let reached = 0;
  let total = 0;
  let unreachable = 0;
  let notFuzzed = 0;
  for (const file of files) {
    reached += file.reached.length;
    unreachable += file.unreachable.length;
    notFuzzed += file.notFuzzed.length;
    total += file.reached.length + file.unreached.length + file.unreachable.length;
  }
  return { reached, total, unreachable, notFuzzed };
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
