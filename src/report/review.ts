import { codeBlock, escapeMarkdown } from './escape.js';
import { byImportance, provenance, qualifiedFunction } from './findingOrder.js';
import { renderCall } from './text.js';
import type { Report } from './types.js';

/** An inline review comment on one line of the PR head. */
export interface ReviewComment {
  path: string;
  line: number;
  body: string;
}

/**
 * One inline comment per finding that has a source line, most important first. Which of them GitHub
 * accepts (lines inside the diff hunks) is decided by the GitHub client; the rest stay in the
 * sticky comment.
 */
export function renderReviewComments(report: Report): ReviewComment[] {
  return byImportance(report.findings).flatMap((finding) => {
    if (finding.file === null || finding.line === null) return [];
    const kind = finding.panicCode ? `${finding.kind} ${finding.panicCode}` : finding.kind;
    const sequence = finding.sequence.map((call, i) => `${i + 1}. ${renderCall(call)}`).join('\n');
    const body = [
      `**Lookout: ${escapeMarkdown(kind)}** in ${escapeMarkdown(qualifiedFunction(finding))} — **${provenance(finding)}**`,
      '',
      `> ${escapeMarkdown(finding.message)}`,
      '',
      codeBlock(sequence),
    ].join('\n');
    return [{ path: finding.file, line: finding.line, body }];
  });
}
