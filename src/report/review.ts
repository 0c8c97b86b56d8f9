import { codeBlock, escapeMarkdown } from './escape.js';
import { byImportance, failures, provenance, qualifiedFunction } from './findingOrder.js';
import { renderCall } from './text.js';
import type { Report, ReportFinding } from './types.js';

/** An inline review comment on one line of the PR head. */
export interface ReviewComment {
  path: string;
  line: number;
  body: string;
}

/** Changed lines a finding's sequence enters that get a comment of their own (the rest are in the sticky comment). */
const MAX_ENTERED_COMMENTS = 5;

/**
 * For each finding, most important first: a comment on the line where it fails, and a short one on
 * each changed line its sequence enters on the way. Which of them GitHub accepts (lines inside the
 * diff hunks) is decided by the GitHub client; the rest stay in the sticky comment.
 */
export function renderReviewComments(report: Report): ReviewComment[] {
  // Behaviour changes stay in the comment's own section: a review thread is for a failure.
  return byImportance(failures(report)).flatMap((finding) => [...failureComment(finding), ...enteredComments(finding)]);
}

function enteredComments(finding: ReportFinding): ReviewComment[] {
  const at = finding.file === null ? 'an unknown line' : `${finding.file}:${finding.line}`;
  return (finding.enteredLines ?? [])
    .filter((l) => l.file !== finding.file || l.line !== finding.line)
    .slice(0, MAX_ENTERED_COMMENTS)
    .map((l) => ({
      path: l.file,
      line: l.line,
      body: `**Lookout:** the sequence that fails with ${escapeMarkdown(kindOf(finding))} in ${escapeMarkdown(qualifiedFunction(finding))} (${escapeMarkdown(at)}) executes this changed line — **${provenance(finding)}**.`,
    }));
}

function failureComment(finding: ReportFinding): ReviewComment[] {
  if (finding.file === null || finding.line === null) return [];
  const sequence = finding.sequence.map((call, i) => `${i + 1}. ${renderCall(call)}`).join('\n');
  const body = [
    `**Lookout: ${escapeMarkdown(kindOf(finding))}** in ${escapeMarkdown(qualifiedFunction(finding))} — **${provenance(finding)}**`,
    '',
    `> ${escapeMarkdown(finding.message)}`,
    '',
    codeBlock(sequence),
  ].join('\n');
  return [{ path: finding.file, line: finding.line, body }];
}

function kindOf(finding: ReportFinding): string {
  return finding.panicCode ? `${finding.kind} ${finding.panicCode}` : finding.kind;
}
