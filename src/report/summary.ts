import { printable } from '../logger.js';
import { codeBlock, escapeMarkdown } from './escape.js';
import { kindText, location, provenance, qualifiedFunction } from './findingOrder.js';
import { itemNotes, reportItems, type ReportItem } from './items.js';
import { fileLines, lineRanges } from './lineStatus.js';
import { contextLine, headlineMarkdown, type MarkdownOptions } from './markdown.js';
import { accountNames, sequenceTable } from './sequence.js';
import { reproducerDetails } from './reproducerDetails.js';
import type { AddressNames } from '../abi/index.js';
import { budgetText, count, duration, plural } from '../abi/index.js';
import type { Report } from './types.js';

/** GitHub refuses a step summary above 1 MiB. */
export const MAX_SUMMARY_BYTES = 1024 * 1024;
/** Lines of the job summary: the full report for a reader, not a dump (the JSON report and the artifact are). */
export const MAX_SUMMARY_LINES = 1_000;

/** Rows of the reach-over-time table, before the rows that say nothing new are left out. */
const TIME_ROWS = 6;

/** What the note says of the blocks of one kind it left out. */
const LEFT_OUT = {
  finding: (n: number) => plural(n, 'more finding'),
  change: (n: number) => `${plural(n, 'more kind')} of behaviour change`,
  lines: () => 'the changed-lines table',
  targets: () => 'the table of every target',
};

/** A block of the summary; one with `kind` is named in the note when it is left out. */
interface SummaryBlock {
  text: string;
  kind?: keyof typeof LEFT_OUT;
}

/**
 * The job summary: the report for a reader (the PR comment points here), headline first, every
 * finding with its sequence and calldata, the behaviour changes, the changed lines and every target.
 * The workflow run's page shows it, so it does not link to itself. Above `maxLines` lines or
 * `maxBytes` bytes, the blocks that do not fit are left out and counted.
 */
export function renderSummary(
  report: Report,
  options: Pick<MarkdownOptions, 'headSha' | 'repoUrl'> = {},
  maxBytes = MAX_SUMMARY_BYTES,
  maxLines = MAX_SUMMARY_LINES,
): string {
  const head = ['## Lookout', '', ...headlineMarkdown(report), '', contextLine(report, { headSha: options.headSha, repoUrl: options.repoUrl })].join('\n');
  const blocks: SummaryBlock[] = [{ text: head }, { text: statsBlock(report) }];
  if ((report.errors ?? []).length > 0) blocks.push({ text: `### Errors\n\n${report.errors!.map((e) => codeBlock(e)).join('\n\n')}` });
  // Findings before the line tables: if the cap cuts anything, it is the per-target detail.
  const names = accountNames(report);
  const { failures, notes } = reportItems(report);
  if (failures.length > 0)
    blocks.push({ text: '### Findings' }, ...failures.map((item, i) => ({ text: findingBlock(item, i + 1, names, report.base), kind: 'finding' as const })));
  if (notes.length > 0)
    blocks.push(
      { text: '### Behaviour changes' },
      // A note's reproducer is in the artifact: the summary keeps reproducers for what fails the check.
      ...notes.map((item, i) => ({ text: findingBlock(item, i + 1, names, report.base, false), kind: 'change' as const })),
    );
  const overTime = reachOverTime(report);
  if (overTime) blocks.push({ text: `### Changed lines reached over time\n\n${overTime}` });
  if (report.targets.length > 0) blocks.push({ text: linesBlock(report), kind: 'lines' }, { text: targetsBlock(report), kind: 'targets' });
  return printable(fitBlocks(blocks, maxBytes, maxLines));
}

function statsBlock(report: Report): string {
  const { stats } = report;
  return [
    '| ran for | sequences | transactions | transactions/s | analysis | budget | seed |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    `| ${duration(stats.elapsedMs)} | ${count(stats.sequences)} | ${count(stats.transactions)} | ${count(stats.transactionsPerSecond)} | ` +
      `${duration(stats.analysisMs)} | ${budgetText(report.budget)} | ${escapeMarkdown(report.seed)} |`,
  ].join('\n');
}

/**
 * Changed lines with code (each once, as the counts take them) first reached by each point in time,
 * as a table (a chart's axis labels are unreadable at summary width), a row where the count changed.
 * Undefined when nothing has code or the count never changed.
 */
export function reachOverTime(report: Report): string | undefined {
  const first = new Map<string, number | null>();
  for (const t of report.targets) {
    if (t.status === 'no-code' || t.status === 'not-fuzzed' || t.status === 'unreachable') continue;
    const key = `${t.file}:${t.line}`;
    const previous = first.get(key);
    const ms = t.firstReachedMs;
    if (previous === undefined || (ms !== null && (previous === null || ms < previous))) first.set(key, ms);
  }
  if (first.size === 0) return undefined;
  const times = [...first.values()].filter((ms): ms is number => ms !== null).sort((a, b) => a - b);
  const horizon = Math.max(report.stats.elapsedMs, times.at(-1) ?? 0, 1);
  const points = Array.from({ length: TIME_ROWS }, (_, i) => {
    const at = (horizon * (i + 1)) / TIME_ROWS;
    return { at, reached: times.filter((ms) => ms <= at).length };
  });
  // A row only where the count changed; no table when it never did (all reached at once, or none).
  const changes = points.filter((point, i) => i === 0 || point.reached !== points[i - 1].reached);
  if (changes.length < 2) return undefined;
  const rows = changes.map(({ at, reached }) => `| ${duration(at)} | ${reached} of ${first.size} |`);
  return ['| after | reachable changed lines reached |', '| --- | --- |', ...rows].join('\n');
}

function linesBlock(report: Report): string {
  const rows = fileLines(report).map((f) => {
    const cells = [f.file, ...[f.reached, f.unreached, f.unreachable, f.notFuzzed, f.noCode].map((lines) => lineRanges(lines, f.removed))];
    return `| ${cells.map((cell) => escapeMarkdown(cell)).join(' | ')} |`;
  });
  const header = ['| file | reached | unreached | unreachable | not fuzzed | no code |', '| --- | --- | --- | --- | --- | --- |'];
  return ['### Changed lines', '', ...header, ...rows].join('\n');
}

/** Every target, one per contract, with when it was first reached. */
function targetsBlock(report: Report): string {
  const rows = report.targets.map(
    (t) =>
      `| ${escapeMarkdown(t.file)} | ${escapeMarkdown(lineRanges([t.line], t.removed && new Map([[t.line, t.removed]])))} | ${escapeMarkdown(t.contract)} | ${escapeMarkdown(t.status)} | ${count(t.pcs.length)} | ` +
      `${t.firstReachedMs === null ? '' : duration(t.firstReachedMs)} | ${t.firstReachedTransactions === null ? '' : count(t.firstReachedTransactions)} | ` +
      `${t.firstReachedSequence === null ? '' : count(t.firstReachedSequence)} |`,
  );
  return [
    `<details><summary>All ${plural(report.targets.length, 'target')}</summary>`,
    '',
    '| file | line | contract | status | instructions | first reached after | after transactions | by sequence number |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows,
    '',
    '</details>',
  ].join('\n');
}

function findingBlock(item: ReportItem, number: number, names: AddressNames, base: Report['base'], withReproducer = true): string {
  const { finding } = item;
  const notes = itemNotes(item).map((note) => `- ${escapeMarkdown(note)}`);
  const calldata = finding.sequence.map((call, i) => `${i + 1}. ${call.calldata}`).join('\n');
  return [
    `#### ${number}. ${escapeMarkdown(kindText(finding))} in ${escapeMarkdown(qualifiedFunction(finding))}`,
    '',
    `at ${escapeMarkdown(location(finding))} — **${escapeMarkdown(provenance(finding, base))}** — found after ${duration(finding.foundMs)} (${count(finding.foundTransactions)} transactions)`,
    '',
    `> ${escapeMarkdown(finding.message)}`,
    ...(notes.length > 0 ? ['', ...notes] : []),
    '',
    sequenceTable(finding.sequence, names),
    '',
    '<details><summary>Calldata</summary>',
    '',
    codeBlock(calldata),
    '',
    '</details>',
    ...(finding.reproducer?.source && withReproducer ? ['', reproducerDetails(finding.reproducer)] : []),
  ].join('\n');
}

/** The blocks that fit in `maxBytes` (UTF-8) and `maxLines`, in order, and a note counting those left out. */
function fitBlocks(blocks: readonly SummaryBlock[], maxBytes: number, maxLines: number): string {
  // Room for the note: its first line and one line per noun.
  const kinds = new Set(blocks.flatMap((block) => (block.kind ? [block.kind] : [])));
  const byteBudget = maxBytes - 300 - 100 * kinds.size;
  const lineBudget = maxLines - 4 - kinds.size;
  const kept: string[] = [];
  const omitted = new Map<keyof typeof LEFT_OUT, number>();
  let bytes = 0;
  let lines = -1;
  for (const block of blocks) {
    const size = Buffer.byteLength(block.text) + 2;
    const height = block.text.split('\n').length + 1;
    if (bytes + size > byteBudget || lines + height > lineBudget) {
      if (block.kind) omitted.set(block.kind, (omitted.get(block.kind) ?? 0) + 1);
      continue;
    }
    kept.push(block.text);
    bytes += size;
    lines += height;
  }
  if (kept.length === blocks.length) return kept.join('\n\n');
  const more = [...omitted].map(([kind, n]) => `> - …and ${LEFT_OUT[kind](n)}`);
  const note = [
    '> [!NOTE]',
    '> Left out to keep this summary readable; the JSON report and the report artifact have everything.',
    ...(more.length > 0 ? ['>', ...more] : []),
  ];
  return [...kept, note.join('\n')].join('\n\n');
}
