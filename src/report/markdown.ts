import { printable } from '../logger.js';
import { codeSpan, escapeHtml, escapeMarkdown, lineUrl } from './escape.js';
import { kindText, location, provenance, qualifiedFunction } from './findingOrder.js';
import { headline } from './headline.js';
import { itemNotes, reportItems, type GroupItem, type ReportItem } from './items.js';
import { fileLines, lineRanges, type FileLines } from './lineStatus.js';
import { accountNames, sequenceTable } from './sequence.js';
import { reproducerDetails } from './reproducerDetails.js';
import type { AddressNames } from '../abi/index.js';
import { budgetText, count, duration, plural } from '../abi/index.js';
import type { Report, ReportCorpus } from './types.js';

/** Hidden first line of the sticky PR comment; the GitHub client finds its earlier comment by it. */
export const REPORT_MARKER = '<!-- lookout-report -->';

/** GitHub rejects issue comments longer than this many characters. */
export const MAX_COMMENT_LENGTH = 65_536;

export interface MarkdownOptions {
  /** Defaults to MAX_COMMENT_LENGTH. */
  maxLength?: number;
  /** Defaults to MAX_COMMENT_LINES. */
  maxLines?: number;
  /** The workflow run, whose page shows the untruncated job summary: linked in the context line and when truncating. */
  summaryUrl?: string;
  /** Commit the links point at (the PR head, not the merge commit). */
  headSha?: string;
  /** e.g. `https://github.com/owner/repo`; with headSha, locations become links. */
  repoUrl?: string;
}

/** Stage errors can be whole compiler logs; the comment keeps the start of each. */
const MAX_ERROR_LENGTH = 1_000;

/** Lines the sticky comment may take: a reviewer reads it in the PR timeline, and the issue's acceptance asks under 120 for a release-sized diff. */
export const MAX_COMMENT_LINES = 110;

/**
 * The sticky PR comment, a pure function of the report, in reading order: the headline, the failing
 * findings (introduced first) each with the behaviour changes its sequence shows, then the other
 * behaviour changes as notes (one line per function and grade, the example folded), then the
 * changed-lines table. Capped at `maxLines` lines and `maxLength` characters, it degrades step by
 * step, least important first: line lists of the biggest files become counts, the notes' examples go,
 * then the sequences of findings already on the base, the reproducers (the first finding's last), table
 * rows and notes from the end, the other findings' sequences, and findings from the end (the first
 * finding's sequence last of all), each list saying how many more the job summary and the JSON report
 * hold.
 */
export function renderMarkdown(report: Report, options: MarkdownOptions = {}): string {
  const maxLength = options.maxLength ?? MAX_COMMENT_LENGTH;
  const maxLines = options.maxLines ?? MAX_COMMENT_LINES;
  const files = fileLines(report);
  const { failures: findings, notes } = reportItems(report);
  const context: FindingContext = { options, names: accountNames(report), base: report.base };
  const findingList = new ListPart(
    FINDINGS_HEADING,
    findings.map((finding, i) => renderFinding(finding, i + 1, context, 'reproducer')),
    '\n\n',
    (n) => `…and ${plural(n, 'more finding')} in the job summary and the JSON report.`,
  );
  const noteList = new ListPart(
    NOTES_HEADING,
    notes.slice(0, MAX_BEHAVIOUR_GROUPS).map((note) => renderNote(note, context.names, true)),
    '\n',
    (n) => `\n…and ${plural(n, 'more kind')} of behaviour change in the job summary and the JSON report.`,
    Math.max(0, notes.length - MAX_BEHAVIOUR_GROUPS),
  );
  // After a warm start, reached lines are told apart: those the restored corpus already ran, and the new ones.
  const warm = report.corpus?.start === 'warm';
  const fileTable = new ListPart(
    warm ? WARM_FILES_HEADING : FILES_HEADING,
    files.map((file) => fileRow(file, false, warm)),
    '\n',
    (n) => `\n…and ${plural(n, 'more file')} in the job summary and the JSON report.`,
  );
  const document = new Document(renderHeader(report, options), [findingList, noteList, fileTable]);
  if (document.length <= maxLength && document.lines <= maxLines) return printable(document.render());

  const pointer = truncationPointer(options.summaryUrl);
  const budget = maxLength - pointer.length - 2;
  const lineBudget = maxLines - pointer.split('\n').length - 1;
  const over = () => document.length > budget || document.lines > lineBudget;
  const biggestFirst = files.map((_, i) => i).sort((a, b) => lineCount(files[b]) - lineCount(files[a]) || a - b);
  for (const i of biggestFirst) if (over()) fileTable.replace(i, fileRow(files[i], true, warm));
  for (let i = noteList.size - 1; i >= 0 && over(); i--) noteList.replace(i, renderNote(notes[i], context.names, false));
  const shown = (i: number, detail: FindingDetail) => findingList.replace(i, renderFinding(findings[i], i + 1, context, detail));
  // Sequences of findings already on the base and the reproducers (some 40 lines each, the first
  // finding's last) go before the table; the sequences of findings that fail the check after it, the
  // most important finding's last of all.
  for (let i = findingList.size - 1; i >= 1 && over(); i--) if (findings[i].finding.introduced === false) shown(i, 'brief');
  for (let i = findingList.size - 1; i >= 0 && over(); i--) shown(i, 'sequence');
  for (const part of [fileTable, noteList]) while (over() && part.dropLast());
  for (let i = findingList.size - 1; i >= 1 && over(); i--) shown(i, 'brief');
  while (over() && findingList.size > 1) findingList.dropLast();
  if (over() && findingList.size > 0) shown(0, 'brief');
  while (over() && findingList.dropLast());
  const text = document.render();
  return printable(`${text.length > budget ? text.slice(0, budget) : text}\n\n${pointer}`);
}

function renderHeader(report: Report, options: MarkdownOptions): string {
  const lines = [REPORT_MARKER, '### Lookout', '', ...headlineMarkdown(report), '', contextLine(report, options)];
  if (report.corpus) lines.push(`<sub>${escapeMarkdown(corpusText(report.corpus))}</sub>`);
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

/** Which commit, how long, what budget, and (in the comment) where the run and its job summary are. */
export function contextLine(report: Report, options: MarkdownOptions): string {
  const parts: string[] = [];
  if (options.headSha) {
    const short = escapeMarkdown(options.headSha.slice(0, 7));
    parts.push(`head ${options.repoUrl ? `[${short}](${options.repoUrl.replace(/\/+$/, '')}/commit/${encodeURIComponent(options.headSha)})` : short}`);
  }
  parts.push(`ran ${duration(report.stats.elapsedMs)}`, `budget ${budgetText(report.budget)}`, `seed ${escapeMarkdown(report.seed)}`);
  if (options.summaryUrl) parts.push(`[workflow run and job summary](${options.summaryUrl})`);
  return `<sub>${parts.join(' · ')}</sub>`;
}

/** How the run started from its corpus: `Started warm from 37 corpus inputs (4 dropped)`. */
export function corpusText(corpus: ReportCorpus): string {
  const dropped = corpus.dropped.missingFunction + corpus.dropped.undecodable + corpus.dropped.reverted;
  const droppedText = dropped > 0 ? ` (${count(dropped)} dropped)` : '';
  const problems = (corpus.problems ?? []).length > 0 ? `; ${plural(corpus.problems!.length, 'corpus file')} left unread` : '';
  const start =
    corpus.start === 'warm'
      ? `Started warm from ${plural(corpus.replayed, 'corpus input')}${droppedText}`
      : `Started cold${dropped > 0 ? `: every corpus input dropped${droppedText}` : ''}`;
  return `${start}${problems}; saved ${plural(corpus.saved, 'input')}`;
}

/** Groups of behaviour changes shown in the comment; the rest are in the JSON report and the job summary. */
export const MAX_BEHAVIOUR_GROUPS = 5;

const NOTES_HEADING = {
  title: '#### Behaviour changes',
  lead: '\n\nThe same transactions behave differently on the base and on this PR (reported, not failing unless asked):\n',
};

/** One line per (function, grade): base and head side by side, the most alarming example folded under it. */
function renderNote(note: GroupItem, names: AddressNames, withExample: boolean): string {
  const { title, representative: first, examples } = note.group;
  const more = examples.length > 1 ? ` (${plural(examples.length, 'example')})` : '';
  const line = `- **${escapeMarkdown(title)}**${more}: base ${escapeMarkdown(first.behaviour?.base ?? '')}; head ${escapeMarkdown(first.behaviour?.head ?? '')}`;
  if (!withExample) return line;
  return [
    line,
    `  <details><summary>${escapeHtml(`Shown by ${plural(first.sequence.length, 'transaction')}`)}</summary>`,
    '',
    indent(sequenceTable(first.sequence, names)),
    '',
    '  </details>',
  ].join('\n');
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((line) => `  ${line}`)
    .join('\n');
}

function truncationPointer(summaryUrl: string | undefined): string {
  const where = summaryUrl ? `[job summary](${summaryUrl})` : 'job summary of this run';
  return `> [!NOTE]\n> Shortened to stay readable in a PR comment; the full report is in the ${where} and the JSON report.`;
}

const FILES_HEADING = {
  title: '#### Changed lines',
  lead: '\n\n| file | reached | unreached | unreachable | not fuzzed | no code |\n| --- | --- | --- | --- | --- | --- |',
};
const WARM_FILES_HEADING = {
  title: '#### Changed lines',
  lead:
    '\n\n| file | reached by the restored corpus | newly reached by this run | unreached | unreachable | not fuzzed | no code |' +
    '\n| --- | --- | --- | --- | --- | --- | --- |',
};
const FINDINGS_HEADING = { title: '#### Findings', lead: '' };

/** A list's heading, and what goes under it only while some entry is shown (a table's header row, an introduction). */
interface Heading {
  title: string;
  lead: string;
}

/**
 * A list of the comment (findings, notes, table rows) under its heading, with running character and
 * line counts, so each degradation step costs O(1) instead of a re-render (a report can hold
 * thousands of files and findings).
 */
class ListPart {
  private readonly texts: string[];
  private chars: number;
  private newlines: number;

  constructor(
    private readonly headingParts: Heading,
    texts: readonly string[],
    private readonly separator: string,
    private readonly more: (count: number) => string,
    private omitted = 0,
  ) {
    this.texts = [...texts];
    this.chars = sum(this.texts, (text) => text.length);
    this.newlines = sum(this.texts, newlineCount);
  }

  get size(): number {
    return this.texts.length;
  }

  get empty(): boolean {
    return this.texts.length === 0 && this.omitted === 0;
  }

  private get heading(): string {
    return this.texts.length > 0 ? this.headingParts.title + this.headingParts.lead : this.headingParts.title;
  }

  /** Equals `render().length`. */
  get length(): number {
    const tail = this.omitted > 0 ? this.more(this.omitted).length : 0;
    return this.heading.length + this.chars + tail + this.separator.length * this.pieces();
  }

  /** Equals the newlines in `render()`. */
  get lines(): number {
    const tail = this.omitted > 0 ? newlineCount(this.more(this.omitted)) : 0;
    return newlineCount(this.heading) + this.newlines + tail + newlineCount(this.separator) * this.pieces();
  }

  /** Shows entry `i` as `text` when that is shorter (a count instead of line ranges, no sequence). */
  replace(i: number, text: string): void {
    if (text.length >= this.texts[i].length) return;
    this.chars += text.length - this.texts[i].length;
    this.newlines += newlineCount(text) - newlineCount(this.texts[i]);
    this.texts[i] = text;
  }

  dropLast(): boolean {
    const text = this.texts.pop();
    if (text === undefined) return false;
    this.chars -= text.length;
    this.newlines -= newlineCount(text);
    this.omitted++;
    return true;
  }

  render(): string {
    return [this.heading, ...this.texts, ...(this.omitted > 0 ? [this.more(this.omitted)] : [])].join(this.separator);
  }

  /** Separators between the heading, the entries and the "and N more" line. */
  private pieces(): number {
    return this.texts.length + (this.omitted > 0 ? 1 : 0);
  }
}

/** The header and the non-empty lists, a blank line apart. */
class Document {
  constructor(
    private readonly header: string,
    private readonly parts: readonly ListPart[],
  ) {}

  /** Equals `render().length`. */
  get length(): number {
    return this.shown().reduce((total, part) => total + 2 + part.length, this.header.length);
  }

  /** Equals the lines of `render()`. */
  get lines(): number {
    return this.shown().reduce((total, part) => total + 2 + part.lines, newlineCount(this.header) + 1);
  }

  render(): string {
    return [this.header, ...this.shown().map((part) => part.render())].join('\n\n');
  }

  private shown(): ListPart[] {
    return this.parts.filter((part) => !part.empty);
  }
}

const sum = (texts: readonly string[], measure: (text: string) => number) => texts.reduce((total, text) => total + measure(text), 0);
const newlineCount = (text: string) => {
  let count = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) count++;
  return count;
};

/** `warm`: the reached lines in two columns, those the restored corpus ran and those this run reached anew. */
function fileRow(file: FileLines, compact: boolean, warm: boolean): string {
  const cell = (lines: number[]) => (lines.length === 0 ? '' : escapeMarkdown(compact ? plural(lines.length, 'line') : lineRanges(lines, file.removed)));
  const byCorpus = new Set(file.byCorpus);
  const reached = warm ? [cell(file.byCorpus), cell(file.reached.filter((line) => !byCorpus.has(line)))] : [cell(file.reached)];
  return `| ${[escapeMarkdown(file.file), ...reached, cell(file.unreached), cell(file.unreachable), cell(file.notFuzzed), cell(file.noCode)].join(' | ')} |`;
}

/** What rendering a finding needs besides the finding: links, account names, why origins are unknown. */
interface FindingContext {
  options: MarkdownOptions;
  names: AddressNames;
  base: Report['base'];
}

/** How much of a finding the comment shows: all of it, all but the reproducer's source, or a line for its sequence. */
type FindingDetail = 'reproducer' | 'sequence' | 'brief';

function renderFinding(item: ReportItem, number: number, context: FindingContext, detail: FindingDetail): string {
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
  if (detail === 'brief') lines.push('', `Reproduces with ${calls} (sequence in the job summary).`);
  else
    lines.push(
      '',
      `<details><summary>${escapeHtml(`Reproduce with ${calls}`)}</summary>`,
      '',
      sequenceTable(finding.sequence, context.names),
      '',
      '</details>',
    );
  // A reproducer is a regression test for what fails the check; a pre-existing finding's stays in the artifact.
  const reproducer = finding.reproducer?.source && finding.introduced !== false ? finding.reproducer : undefined;
  if (reproducer && detail === 'reproducer') lines.push('', reproducerDetails(reproducer));
  else if (reproducer) lines.push('', `Foundry reproducer ${codeSpan(reproducer.file)} in the job summary and the JSON report.`);
  return lines.join('\n');
}

function lineCount(file: FileLines): number {
  return file.reached.length + file.unreached.length + file.unreachable.length + file.notFuzzed.length + file.noCode.length;
}
