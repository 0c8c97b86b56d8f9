import { codeBlock, escapeHtml, escapeMarkdown, lineUrl } from './escape.js';
import { behaviourGroups, byImportance, failures, location, provenance, qualifiedFunction } from './findingOrder.js';
import { fileLines, lineRanges, notFuzzedReasons, reachCounts, type FileLines } from './lineStatus.js';
import { renderCall } from './text.js';
import type { Report, ReportFinding } from './types.js';

/** Hidden first line of the sticky PR comment; the GitHub client finds its earlier comment by it. */
export const REPORT_MARKER = '<!-- lookout-report -->';

/** GitHub rejects issue comments longer than this many characters. */
export const MAX_COMMENT_LENGTH = 65_536;

export interface MarkdownOptions {
  /** Defaults to MAX_COMMENT_LENGTH. */
  maxLength?: number;
  /** Where the untruncated report is (the job summary of the run); linked when truncating. */
  summaryUrl?: string;
  /** Commit the links point at (the PR head, not the merge commit). */
  headSha?: string;
  /** e.g. `https://github.com/owner/repo`; with headSha, locations become links. */
  repoUrl?: string;
}

/** Stage errors can be whole compiler logs; the comment keeps the start of each. */
const MAX_ERROR_LENGTH = 1_000;

/**
 * The sticky PR comment: a pure function of the report. When it does not fit in `maxLength`
 * characters it degrades step by step, least important first: line lists of the biggest files
 * become counts, then sequences of the least important findings go, then whole findings, then
 * whole files; a pointer to the job summary says where the rest is.
 */
export function renderMarkdown(report: Report, options: MarkdownOptions = {}): string {
  const maxLength = options.maxLength ?? MAX_COMMENT_LENGTH;
  const files = fileLines(report);
  const findings = byImportance(failures(report));
  const header = renderHeader(report, files) + behaviourSection(report);
  const document = new Document(header, files, findings, options);
  if (document.length <= maxLength) return document.render();

  const pointer = truncationPointer(options.summaryUrl);
  const budget = maxLength - pointer.length - 2;
  const biggestFirst = files.map((_, i) => i).sort((a, b) => lineCount(files[b]) - lineCount(files[a]) || a - b);
  for (const i of biggestFirst) if (document.length > budget) document.compactFile(i);
  for (let i = findings.length - 1; i >= 0 && document.length > budget; i--) document.dropSequence(i);
  while (document.length > budget && document.dropLastFinding());
  while (document.length > budget && document.dropLastFile());
  const text = document.render();
  return `${text.length > budget ? text.slice(0, budget) : text}\n\n${pointer}`;
}

function renderHeader(report: Report, files: readonly FileLines[]): string {
  const lines = [REPORT_MARKER, '### Lookout', '', summaryLine(report, files)];
  const errors = report.errors ?? [];
  if (errors.length > 0) {
    lines.push('', '**Errors**', '');
    for (const error of errors) {
      const shown = error.length > MAX_ERROR_LENGTH ? `${error.slice(0, MAX_ERROR_LENGTH)}…` : error;
      lines.push(`- ${escapeMarkdown(shown)}`);
    }
  }
  const notFuzzed = notFuzzedReasons(report);
  if (notFuzzed.length > 0) {
    const count = notFuzzed.reduce((n, r) => n + r.lines.length, 0);
    lines.push('', `**${plural(count, 'changed line')} not fuzzed**`, '');
    for (const { reason, lines: where } of notFuzzed) {
      lines.push(`- ${escapeMarkdown(where.map((l) => `${l.file}:${l.line}`).join(', '))}: ${escapeMarkdown(reason)}`);
    }
  }
  return lines.join('\n');
}

/** One line a reviewer reads first: findings by origin, reach, budget and seed. */
export function summaryLine(report: Report, files: readonly FileLines[] = fileLines(report)): string {
  const found = failures(report);
  const introduced = found.filter((f) => f.introduced === true).length;
  const existing = found.filter((f) => f.introduced === false).length;
  const unknown = found.filter((f) => f.introduced === null).length;
  const changes = behaviourGroups(report).length;
  const counts = reachCounts(files);
  const parts = [
    introduced > 0 ? `**${plural(introduced, 'finding')} introduced by this PR**` : 'no findings introduced by this PR',
    `${existing} already on the base branch`,
  ];
  if (unknown > 0) parts.push(`${unknown} of unknown origin (base could not be built)`);
  if (changes > 0) parts.push(`${plural(changes, 'kind')} of behaviour change`);
  parts.push(`${counts.reached}/${counts.total} changed lines reached`, `${counts.unreachable} unreachable`);
  if (counts.notFuzzed > 0) parts.push(`**${counts.notFuzzed} not fuzzed**`);
  parts.push(`budget ${budgetText(report.budget)}`, `seed ${report.seed}`);
  return parts.join(' · ');
}

/** Groups of behaviour changes shown in the comment; the rest are in the JSON report and the job summary. */
export const MAX_BEHAVIOUR_GROUPS = 5;

/**
 * "Behaviour changes": per (function, what differs), base and head side by side and the shortest
 * sequence that shows it. A short, grouped section even for a feature PR that changes behaviour on purpose.
 */
function behaviourSection(report: Report): string {
  const groups = behaviourGroups(report);
  if (groups.length === 0) return '';
  const lines = ['', '', '#### Behaviour changes', '', 'The same transactions behave differently on the base and on this PR (reported, not failing unless asked):', ''];
  for (const { key, examples } of groups.slice(0, MAX_BEHAVIOUR_GROUPS)) {
    const [first] = examples;
    const more = examples.length > 1 ? ` (${plural(examples.length, 'example')})` : '';
    lines.push(`- **${escapeMarkdown(key)}**${more}: base ${escapeMarkdown(first.behaviour?.base ?? '')}; head ${escapeMarkdown(first.behaviour?.head ?? '')}`);
    const sequence = first.sequence.map((call, i) => `${i + 1}. ${renderCall(call)}`).join('\n');
    lines.push(`  <details><summary>${escapeHtml(`Shown by ${plural(first.sequence.length, 'transaction')}`)}</summary>`, '', indent(codeBlock(sequence)), '', '  </details>');
  }
  if (groups.length > MAX_BEHAVIOUR_GROUPS) lines.push('', `…and ${plural(groups.length - MAX_BEHAVIOUR_GROUPS, 'more kind')} in the job summary.`);
  return lines.join('\n');
}

function indent(text: string): string {
  return text.split('\n').map((line) => `  ${line}`).join('\n');
}

export function budgetText(budget: Report['budget']): string {
  if (budget.executions !== null) return `${budget.executions} executions`;
  return budget.seconds !== null ? `${budget.seconds}s` : 'unlimited';
}

function truncationPointer(summaryUrl: string | undefined): string {
  const where = summaryUrl ? `[job summary](${summaryUrl})` : 'job summary of this run';
  return `> [!NOTE]\n> Shortened to fit a PR comment; the full report is in the ${where}.`;
}

const FILES_HEADING = '#### Changed lines\n\n| file | reached | unreached | unreachable | not fuzzed | no code |\n| --- | --- | --- | --- | --- | --- |';
const FINDINGS_HEADING = '#### Findings\n\n';

/**
 * The comment as replaceable parts with a running length, so each degradation step costs O(1)
 * instead of a re-render (a report can hold thousands of files and findings).
 */
class Document {
  private readonly rows: string[];
  private readonly items: string[];
  private rowChars: number;
  private itemChars: number;
  private omittedFindings = 0;
  private omittedFiles = 0;

  constructor(
    private readonly header: string,
    private readonly files: readonly FileLines[],
    private readonly findings: readonly ReportFinding[],
    private readonly options: MarkdownOptions,
  ) {
    this.rows = files.map((file) => fileRow(file, false));
    this.items = findings.map((finding, i) => renderFinding(finding, i + 1, options, true));
    this.rowChars = sum(this.rows);
    this.itemChars = sum(this.items);
  }

  /** Equals `render().length`. */
  get length(): number {
    let length = this.header.length;
    if (this.rows.length > 0 || this.omittedFiles > 0) {
      length += 2 + FILES_HEADING.length + this.rowChars + this.rows.length;
      if (this.omittedFiles > 0) length += 2 + moreFiles(this.omittedFiles).length;
    }
    if (this.items.length > 0 || this.omittedFindings > 0) {
      length += 2 + FINDINGS_HEADING.length + this.itemChars + 2 * Math.max(0, this.items.length - 1);
      if (this.omittedFindings > 0) length += (this.items.length > 0 ? 2 : 0) + moreFindings(this.omittedFindings).length;
    }
    return length;
  }

  compactFile(i: number): void {
    const row = fileRow(this.files[i], true);
    if (row.length >= this.rows[i].length) return; // `1 line` is no shorter than `5`
    this.rowChars += row.length - this.rows[i].length;
    this.rows[i] = row;
  }

  dropSequence(i: number): void {
    if (i >= this.items.length) return;
    const item = renderFinding(this.findings[i], i + 1, this.options, false);
    if (item.length >= this.items[i].length) return;
    this.itemChars += item.length - this.items[i].length;
    this.items[i] = item;
  }

  dropLastFinding(): boolean {
    const item = this.items.pop();
    if (item === undefined) return false;
    this.itemChars -= item.length;
    this.omittedFindings++;
    return true;
  }

  dropLastFile(): boolean {
    const row = this.rows.pop();
    if (row === undefined) return false;
    this.rowChars -= row.length;
    this.omittedFiles++;
    return true;
  }

  render(): string {
    const blocks = [this.header];
    if (this.rows.length > 0 || this.omittedFiles > 0) {
      const table = [FILES_HEADING, ...this.rows];
      if (this.omittedFiles > 0) table.push('', moreFiles(this.omittedFiles));
      blocks.push(table.join('\n'));
    }
    if (this.items.length > 0 || this.omittedFindings > 0) {
      const list = [...this.items];
      if (this.omittedFindings > 0) list.push(moreFindings(this.omittedFindings));
      blocks.push(`${FINDINGS_HEADING}${list.join('\n\n')}`);
    }
    return blocks.join('\n\n');
  }
}

const moreFiles = (count: number) => `…and ${plural(count, 'more file')}.`;
const moreFindings = (count: number) => `…and ${plural(count, 'more finding')}.`;
const sum = (parts: readonly string[]) => parts.reduce((total, part) => total + part.length, 0);

function fileRow(file: FileLines, compact: boolean): string {
  const cell = (lines: number[]) => (lines.length === 0 ? '' : compact ? plural(lines.length, 'line') : lineRanges(lines));
  return `| ${escapeMarkdown(file.file)} | ${cell(file.reached)} | ${cell(file.unreached)} | ${cell(file.unreachable)} | ${cell(file.notFuzzed)} | ${cell(file.noCode)} |`;
}

function renderFinding(finding: ReportFinding, number: number, options: MarkdownOptions, withSequence: boolean): string {
  const where = escapeMarkdown(location(finding));
  const url = finding.file === null ? undefined : lineUrl(options, finding.file, finding.line);
  const kind = finding.panicCode ? `${finding.kind} ${finding.panicCode}` : finding.kind;
  const lines = [
    `**${number}. ${escapeMarkdown(kind)}** in ${escapeMarkdown(qualifiedFunction(finding))} at ${url ? `[${where}](${url})` : where} — **${provenance(finding)}**`,
  ];
  if (finding.message) lines.push('', `> ${escapeMarkdown(finding.message)}`);
  if (finding.executesChangedLines === false) lines.push('', 'Its sequence does not execute any changed line.');
  const calls = plural(finding.sequence.length, 'transaction');
  if (withSequence) {
    const sequence = finding.sequence.map((call, i) => `${i + 1}. ${renderCall(call)}`).join('\n');
    lines.push('', `<details><summary>${escapeHtml(`Reproduce with ${calls}`)}</summary>`, '', codeBlock(sequence), '', '</details>');
  } else {
    lines.push('', `Reproduces with ${calls} (sequence in the job summary).`);
  }
  return lines.join('\n');
}

function lineCount(file: FileLines): number {
  return file.reached.length + file.unreached.length + file.unreachable.length + file.notFuzzed.length + file.noCode.length;
}

export function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
