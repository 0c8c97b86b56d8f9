import { printable } from '../logger.js';
import { codeBlock, escapeMarkdown } from './escape.js';
import { kindText, location, provenance, qualifiedFunction } from './findingOrder.js';
import { itemNotes, reportItems, type ReportItem } from './items.js';
import { fileLines, lineRanges } from './lineStatus.js';
import { contextLine, headlineMarkdown, type MarkdownOptions } from './markdown.js';
import { accountNames, sequenceTable } from './sequence.js';
import { reproducerDetails } from './reproducerDetails.js';
import type { AddressNames } from './solidityValues.js';
import { budgetText, count, duration, plural } from './units.js';
import type { Report } from './types.js';

/** GitHub refuses a step summary above 1 MiB. */
export const MAX_SUMMARY_BYTES = 1024 * 1024;

/** Rows of the reach-over-time table. */
const TIME_ROWS = 6;

/**
 * The job summary: everything in the report, untruncated (the PR comment points here), with a
 * table of changed lines reached over time. Only above 1 MiB are the last blocks left out.
 */
export function renderSummary(report: Report, options: Pick<MarkdownOptions, 'headSha' | 'repoUrl' | 'summaryUrl'> = {}, maxBytes = MAX_SUMMARY_BYTES): string {
  const head = ['## Lookout', '', ...headlineMarkdown(report), '', contextLine(report, options)].join('\n');
  const blocks = [head, statsBlock(report)];
  if ((report.errors ?? []).length > 0) blocks.push(`### Errors\n\n${report.errors!.map((e) => codeBlock(e)).join('\n\n')}`);
  // Findings before the line tables: if the 1 MiB cap cuts anything, it is the per-target detail.
  const names = accountNames(report);
  const { failures, notes } = reportItems(report);
  if (failures.length > 0) blocks.push(`### Findings\n\n${failures.map((item, i) => findingBlock(item, i + 1, names, report.base)).join('\n\n')}`);
  if (notes.length > 0) blocks.push(`### Behaviour changes\n\n${notes.map((item, i) => findingBlock(item, i + 1, names, report.base)).join('\n\n')}`);
  const overTime = reachOverTime(report);
  if (overTime) blocks.push(`### Changed lines reached over time\n\n${overTime}`);
  if (report.targets.length > 0) blocks.push(linesBlock(report), targetsBlock(report));
  return printable(fitBytes(blocks, maxBytes));
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
 * as a table: a chart's axis labels are unreadable at summary width. Undefined when nothing has code.
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
  const rows = Array.from({ length: TIME_ROWS }, (_, i) => {
    const at = (horizon * (i + 1)) / TIME_ROWS;
    const reached = times.filter((ms) => ms <= at).length;
    return `| ${duration(at)} | ${reached} of ${first.size} |`;
  });
  return ['| after | reachable changed lines reached |', '| --- | --- |', ...new Set(rows)].join('\n');
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
      `${t.firstReachedMs === null ? '' : duration(t.firstReachedMs)} | ${t.firstReachedSequence === null ? '' : count(t.firstReachedSequence)} |`,
  );
  return [
    `<details><summary>All ${plural(report.targets.length, 'target')}</summary>`,
    '',
    '| file | line | contract | status | instructions | first reached after | by sequence number |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...rows,
    '',
    '</details>',
  ].join('\n');
}

function findingBlock(item: ReportItem, number: number, names: AddressNames, base: Report['base']): string {
  const { finding } = item;
  const notes = itemNotes(item).map((note) => `- ${escapeMarkdown(note)}`);
  const calldata = finding.sequence.map((call, i) => `${i + 1}. ${call.calldata}`).join('\n');
  return [
    `#### ${number}. ${escapeMarkdown(kindText(finding))} in ${escapeMarkdown(qualifiedFunction(finding))}`,
    '',
    `at ${escapeMarkdown(location(finding))} — **${escapeMarkdown(provenance(finding, base))}** — found after ${duration(finding.foundMs)}`,
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
    ...(finding.reproducer?.source ? ['', reproducerDetails(finding.reproducer)] : []),
  ].join('\n');
}

/** The blocks that fit in `maxBytes` (UTF-8), in order, and a note when any had to be left out. */
function fitBytes(blocks: readonly string[], maxBytes: number): string {
  const note = '> [!NOTE]\n> Parts of this summary were left out to stay under GitHub’s 1 MiB limit; the JSON report has everything.';
  const budget = maxBytes - Buffer.byteLength(note) - 2;
  const kept: string[] = [];
  let used = 0;
  for (const block of blocks) {
    const size = Buffer.byteLength(block) + 2;
    if (used + size > budget) continue;
    kept.push(block);
    used += size;
  }
  return kept.length === blocks.length ? kept.join('\n\n') : [...kept, note].join('\n\n');
}
