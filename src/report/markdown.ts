import { printable } from '../logger.js';
import { escapeHtml, escapeMarkdown, lineUrl } from './escape.js';
import { kindText, location, provenance, qualifiedFunction } from './findingOrder.js';
import { headline } from './headline.js';
import { itemNotes, reportItems, type GroupItem, type ReportItem } from './items.js';
import { fileLines, lineRanges, type FileLines } from './lineStatus.js';
import { accountNames, sequenceTable } from './sequence.js';
import { reproducerDetails } from './reproducerDetails.js';
import type { AddressNames } from './solidityValues.js';
import { budgetText, duration, plural } from './units.js';
import type { Report } from './types.js';

/** Hidden first line of the sticky PR comment; the GitHub client finds its earlier comment by it. */
export const REPORT_MARKER = '<!-- lookout-report -->';

/** GitHub rejects issue comments longer than this many characters. */
export const MAX_COMMENT_LENGTH = 65_536;

export interface MarkdownOptions {
  /** Defaults to MAX_COMMENT_LENGTH. */
  maxLength?: number;
  /** The workflow run, whose page shows the untruncated job summary: linked in the context line and when truncating. */
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
  const { failures: findings, notes } = reportItems(report);
  const names = accountNames(report);
  const header = renderHeader(report, options) + behaviourSection(notes, names);
  const document = new Document(header, files, findings, { options, names, base: report.base });
  if (document.length <= maxLength) return printable(document.render());

  const pointer = truncationPointer(options.summaryUrl);
  const budget = maxLength - pointer.length - 2;
  const biggestFirst = files.map((_, i) => i).sort((a, b) => lineCount(files[b]) - lineCount(files[a]) || a - b);
  for (const i of biggestFirst) if (document.length > budget) document.compactFile(i);
  for (let i = findings.length - 1; i >= 0 && document.length > budget; i--) document.dropSequence(i);
  while (document.length > budget && document.dropLastFinding());
  while (document.length > budget && document.dropLastFile());
  const text = document.render();
  return printable(`${text.length > budget ? text.slice(0, budget) : text}\n\n${pointer}`);
}

function renderHeader(report: Report, options: MarkdownOptions): string {
  const lines = [REPORT_MARKER, '### Lookout', '', ...headlineMarkdown(report), '', contextLine(report, options)];
  const errors = report.errors ?? [];
  if (errors.length > 0) {
    lines.push('', '**Errors**', '');
    for (const error of errors) {
      const shown = error.length > MAX_ERROR_LENGTH ? `${error.slice(0, MAX_ERROR_LENGTH)}…` : error;
      lines.push(`- ${escapeMarkdown(shown)}`);
    }
  }
  return lines.join('\n');
}

/** The headline as a list, problems in bold and first (see headline()). */
export function headlineMarkdown(report: Report): string[] {
  return headline(report).map((item) => `- ${item.tone === 'problem' ? `**${escapeMarkdown(item.text)}**` : escapeMarkdown(item.text)}`);
}

/** Which commit, how long, what budget, and where the run and its job summary are. */
export function contextLine(report: Report, options: MarkdownOptions): string {
  const parts: string[] = [];
  if (options.headSha) {
    const short = escapeMarkdown(options.headSha.slice(0, 7));
    parts.push(`head ${options.repoUrl ? `[${short}](${options.repoUrl.replace(/\/+$/, '')}/commit/${encodeURIComponent(options.headSha)})` : short}`);
  }
  parts.push(`ran ${duration(report.stats.elapsedMs)}`, `budget ${budgetText(report.budget)}`, `seed ${escapeMarkdown(report.seed)}`);
  if (options.summaryUrl) parts.push(`[workflow run](${options.summaryUrl})`, `[job summary](${options.summaryUrl})`);
  return `<sub>${parts.join(' · ')}</sub>`;
}

/** Groups of behaviour changes shown in the comment; the rest are in the JSON report and the job summary. */
export const MAX_BEHAVIOUR_GROUPS = 5;

/**
 * "Behaviour changes": per (function, grade), base and head side by side and the sequence of the most
 * alarming example. A short, grouped section even for a feature PR that changes behaviour on purpose.
 */
function behaviourSection(groups: readonly GroupItem[], names: AddressNames): string {
  if (groups.length === 0) return '';
  const lines = [
    '',
    '',
    '#### Behaviour changes',
    '',
    'The same transactions behave differently on the base and on this PR (reported, not failing unless asked):',
    '',
  ];
  for (const {
    group: { title, representative: first, examples },
  } of groups.slice(0, MAX_BEHAVIOUR_GROUPS)) {
    const more = examples.length > 1 ? ` (${plural(examples.length, 'example')})` : '';
    lines.push(
      `- **${escapeMarkdown(title)}**${more}: base ${escapeMarkdown(first.behaviour?.base ?? '')}; head ${escapeMarkdown(first.behaviour?.head ?? '')}`,
    );
    lines.push(
      `  <details><summary>${escapeHtml(`Shown by ${plural(first.sequence.length, 'transaction')}`)}</summary>`,
      '',
      indent(sequenceTable(first.sequence, names)),
      '',
      '  </details>',
    );
  }
  if (groups.length > MAX_BEHAVIOUR_GROUPS) lines.push('', `…and ${plural(groups.length - MAX_BEHAVIOUR_GROUPS, 'more kind')} in the job summary.`);
  return lines.join('\n');
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((line) => `  ${line}`)
    .join('\n');
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
    private readonly findings: readonly ReportItem[],
    private readonly context: FindingContext,
  ) {
    this.rows = files.map((file) => fileRow(file, false));
    this.items = findings.map((finding, i) => renderFinding(finding, i + 1, context, true));
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
    const item = renderFinding(this.findings[i], i + 1, this.context, false);
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
  const cell = (lines: number[]) => (lines.length === 0 ? '' : escapeMarkdown(compact ? plural(lines.length, 'line') : lineRanges(lines, file.removed)));
  return `| ${escapeMarkdown(file.file)} | ${cell(file.reached)} | ${cell(file.unreached)} | ${cell(file.unreachable)} | ${cell(file.notFuzzed)} | ${cell(file.noCode)} |`;
}

/** What rendering a finding needs besides the finding: links, account names, why origins are unknown. */
interface FindingContext {
  options: MarkdownOptions;
  names: AddressNames;
  base: Report['base'];
}

function renderFinding(item: ReportItem, number: number, context: FindingContext, withSequence: boolean): string {
  const { finding } = item;
  const where = escapeMarkdown(location(finding));
  const url = finding.file === null ? undefined : lineUrl(context.options, finding.file, finding.line);
  const lines = [
    `**${number}. ${escapeMarkdown(kindText(finding))}** in ${escapeMarkdown(qualifiedFunction(finding))} at ${url ? `[${where}](${url})` : where} — **${escapeMarkdown(provenance(finding, context.base))}**`,
  ];
  if (finding.message) lines.push('', `> ${escapeMarkdown(finding.message)}`);
  if (finding.executesChangedLines === false) lines.push('', 'Its sequence does not execute any changed line.');
  const notes = itemNotes(item);
  if (notes.length > 0) lines.push('', ...notes.map((note) => `- ${escapeMarkdown(note)}`));
  const calls = plural(finding.sequence.length, 'transaction');
  if (withSequence) {
    lines.push(
      '',
      `<details><summary>${escapeHtml(`Reproduce with ${calls}`)}</summary>`,
      '',
      sequenceTable(finding.sequence, context.names),
      '',
      '</details>',
    );
    if (finding.reproducer?.source) lines.push('', reproducerDetails(finding.reproducer));
  } else {
    lines.push('', `Reproduces with ${calls} (sequence in the job summary).`);
  }
  return lines.join('\n');
}

function lineCount(file: FileLines): number {
  return file.reached.length + file.unreached.length + file.unreachable.length + file.notFuzzed.length + file.noCode.length;
}
