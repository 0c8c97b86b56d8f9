import { printable } from '../logger.js';
import { escapeMarkdown } from './escape.js';
import { kindText, provenance, qualifiedFunction } from './findingOrder.js';
import { itemNotes, reportItems, type ReportItem } from './items.js';
import { lineRanges } from './lineStatus.js';
import { accountNames, sequenceTable } from './sequence.js';
import { plural, type AddressNames } from '../abi/index.js';
import type { Report, ReportFinding } from './types.js';

/** An inline review comment on one line of the PR head. */
export interface ReviewComment {
  path: string;
  line: number;
  body: string;
}

/** A finding's review thread. */
export interface ReviewThread {
  finding: ReportFinding;
  comment: ReviewComment;
}

/**
 * One thread per item (a finding, or a graded group of behaviour changes by its most alarming example), most important first: on the line where it fails, or — when `commentable`
 * (inside the diff hunks) refuses that line — on the first changed line its sequence enters that it
 * accepts; a finding with neither gets none (the sticky comment has it). Each thread lists the
 * changed lines the sequence executes. Behaviour-change notes stay in the comment: a thread is for a failure.
 */
export function reviewThreads(report: Report, commentable: (path: string, line: number) => boolean = () => true): ReviewThread[] {
  const names = accountNames(report);
  return reportItems(report).failures.flatMap((item) => {
    const { finding } = item;
    const failing = finding.file !== null && finding.line !== null ? [{ path: finding.file, line: finding.line }] : [];
    const entered = (finding.enteredLines ?? []).map((l) => ({ path: l.file, line: l.line }));
    const at = [...failing, ...entered].find((p) => commentable(p.path, p.line));
    return at ? [{ finding, comment: { ...at, body: printable(threadBody(item, at, names, report.base)) } }] : [];
  });
}

/** The review's own body: how many threads, and what the findings are. */
export function reviewBody(report: Report, threads: number): string {
  const found = reportItems(report).failures;
  const introduced = found.filter((item) => item.finding.introduced === true).length;
  const existing = found.filter((item) => item.finding.introduced === false).length;
  const unknown = found.length - introduced - existing;
  const origins = [
    introduced > 0 ? `${introduced} introduced by this PR` : '',
    unknown > 0 ? `${unknown} of unknown origin` : '',
    existing > 0 ? `${existing} already on the base branch` : '',
  ].filter(Boolean);
  const left = found.length - threads;
  const rest = left > 0 ? ` ${plural(left, 'finding')} outside the diff ${left === 1 ? 'is' : 'are'} only in the sticky comment.` : '';
  return `Lookout: one thread per finding (${origins.join(', ')}).${rest} The sticky comment has the full report.`;
}

function threadBody(item: ReportItem, at: { path: string; line: number }, names: AddressNames, base: Report['base']): string {
  const { finding } = item;
  const failsHere = finding.file === at.path && finding.line === at.line;
  const where = finding.file === null ? 'an unknown line' : finding.line === null ? finding.file : `${finding.file}:${finding.line}`;
  const lines = [
    `**Lookout: ${escapeMarkdown(kindText(finding))}** in ${escapeMarkdown(qualifiedFunction(finding))} — **${escapeMarkdown(provenance(finding, base))}**`,
  ];
  if (!failsHere) lines.push('', `Fails at ${escapeMarkdown(where)}, outside the diff; its sequence enters this changed line on the way.`);
  if (finding.message) lines.push('', `> ${escapeMarkdown(finding.message)}`);
  const notes = itemNotes(item);
  if (notes.length > 0) lines.push('', ...notes.map((note) => `- ${escapeMarkdown(note)}`));
  const entered = enteredSummary(finding);
  if (entered) lines.push('', `Changed lines the sequence executes: ${escapeMarkdown(entered)}`);
  // The thread's column is narrow: a long argument must not push the call out of view.
  lines.push('', sequenceTable(finding.sequence, names, { narrow: true }));
  return lines.join('\n');
}

/** `src/A.sol:12–15, 20; src/B.sol:3` in order of file first entered. */
function enteredSummary(finding: ReportFinding): string {
  const byFile = new Map<string, number[]>();
  for (const { file, line } of finding.enteredLines ?? []) byFile.set(file, [...(byFile.get(file) ?? []), line]);
  return [...byFile].map(([file, lines]) => `${file}:${lineRanges([...new Set(lines)].sort((a, b) => a - b))}`).join('; ');
}
