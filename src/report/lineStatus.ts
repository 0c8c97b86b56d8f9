import type { Report, TargetStatus } from './types.js';

/** The changed lines of one file grouped by what the campaign learned about them. */
export interface FileLines {
  file: string;
  reached: number[];
  unreached: number[];
  unreachable: number[];
  noCode: number[];
}

/**
 * A line compiled into several contracts (a library, a base contract) has one target per contract;
 * the line counts as reached if any of them was, and otherwise takes the most hopeful status left.
 */
const PRECEDENCE: readonly TargetStatus[] = ['reached', 'unreached', 'unreachable', 'no-code'];

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
    return { file, reached: pick('reached'), unreached: pick('unreached'), unreachable: pick('unreachable'), noCode: pick('no-code') };
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

/** Targets reached / all targets that hold code, counted per (file, line) as the tables show them. */
export function reachCounts(files: readonly FileLines[]): { reached: number; total: number; unreachable: number } {
  let reached = 0;
  let total = 0;
  let unreachable = 0;
  for (const file of files) {
    reached += file.reached.length;
    unreachable += file.unreachable.length;
    total += file.reached.length + file.unreached.length + file.unreachable.length;
  }
  return { reached, total, unreachable };
}
