import { codeBlock, escapeMarkdown } from './escape.js';
import { behaviourChanges, byImportance, failures, location, provenance, qualifiedFunction } from './findingOrder.js';
import { fileLines, lineRanges } from './lineStatus.js';
import { budgetText, plural, summaryLine } from './markdown.js';
import { renderCall } from './text.js';
import type { Report, ReportFinding } from './types.js';

/** GitHub refuses a step summary above 1 MiB. */
export const MAX_SUMMARY_BYTES = 1024 * 1024;

/** Points on the reach chart's time axis. */
const CHART_POINTS = 21;

/**
 * The job summary: everything in the report, untruncated (the PR comment points here), with a
 * mermaid chart of targets reached over time. Only above 1 MiB are the last blocks left out.
 */
export function renderSummary(report: Report, maxBytes = MAX_SUMMARY_BYTES): string {
  const blocks = [`## Lookout\n\n${summaryLine(report)}`, statsBlock(report)];
  if ((report.errors ?? []).length > 0) blocks.push(`### Errors\n\n${report.errors!.map((e) => codeBlock(e)).join('\n\n')}`);
  // Findings before the line tables: if the 1 MiB cap cuts anything, it is the per-target detail.
  const findings = byImportance(failures(report));
  if (findings.length > 0) blocks.push(`### Findings\n\n${findings.map((f, i) => findingBlock(f, i + 1)).join('\n\n')}`);
  const changes = behaviourChanges(report);
  if (changes.length > 0) blocks.push(`### Behaviour changes\n\n${changes.map((f, i) => findingBlock(f, i + 1)).join('\n\n')}`);
  const chart = reachChart(report);
  if (chart) blocks.push(`### Targets reached over time\n\n${chart}`);
  if (report.targets.length > 0) blocks.push(linesBlock(report), targetsBlock(report));
  return fitBytes(blocks, maxBytes);
}

function statsBlock(report: Report): string {
  const { stats } = report;
  return [
    '| elapsed | sequences | transactions | tx/s | analysis | budget | seed |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    `| ${(stats.elapsedMs / 1000).toFixed(1)}s | ${stats.sequences} | ${stats.transactions} | ${Math.round(stats.transactionsPerSecond)} | ` +
      `${(stats.analysisMs / 1000).toFixed(1)}s | ${budgetText(report.budget)} | ${report.seed} |`,
  ].join('\n');
}

/**
 * Cumulative targets (one per changed line per contract, code only) first reached by each point
 * in time, as a mermaid xychart line. Undefined when there is nothing to draw.
 */
export function reachChart(report: Report): string | undefined {
  const withCode = report.targets.filter((t) => t.status !== 'no-code' && t.status !== 'not-fuzzed');
  if (withCode.length === 0) return undefined;
  const times = withCode.map((t) => t.firstReachedMs).filter((ms): ms is number => ms !== null).sort((a, b) => a - b);
  const horizon = Math.max(report.stats.elapsedMs, times[times.length - 1] ?? 0, 1);
  const labels: string[] = [];
  const counts: number[] = [];
  let reached = 0;
  for (let i = 0; i < CHART_POINTS; i++) {
    const at = (horizon * i) / (CHART_POINTS - 1);
    while (reached < times.length && times[reached] <= at) reached++;
    labels.push(`"${horizon < 20_000 ? (at / 1000).toFixed(1) : Math.round(at / 1000)}s"`);
    counts.push(reached);
  }
  return [
    '```mermaid',
    'xychart-beta',
    '    title "Changed-line targets reached"',
    `    x-axis "time" [${labels.join(', ')}]`,
    `    y-axis "targets reached" 0 --> ${withCode.length}`,
    `    line [${counts.join(', ')}]`,
    '```',
  ].join('\n');
}

function linesBlock(report: Report): string {
  const rows = fileLines(report).map(
    (f) => `| ${escapeMarkdown(f.file)} | ${lineRanges(f.reached)} | ${lineRanges(f.unreached)} | ${lineRanges(f.unreachable)} | ${lineRanges(f.notFuzzed)} | ${lineRanges(f.noCode)} |`,
  );
  const header = ['| file | reached | unreached | unreachable | not fuzzed | no code |', '| --- | --- | --- | --- | --- | --- |'];
  return ['### Changed lines', '', ...header, ...rows].join('\n');
}

/** Every target, one per contract, with when it was first reached. */
function targetsBlock(report: Report): string {
  const rows = report.targets.map(
    (t) =>
      `| ${escapeMarkdown(t.file)} | ${t.line} | ${escapeMarkdown(t.contract)} | ${t.status} | ${t.pcs.length} | ` +
      `${t.firstReachedMs ?? ''} | ${t.firstReachedSequence ?? ''} |`,
  );
  return [
    `<details><summary>All ${plural(report.targets.length, 'target')}</summary>`,
    '',
    '| file | line | contract | status | pcs | first reached (ms) | sequence # |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...rows,
    '',
    '</details>',
  ].join('\n');
}

function findingBlock(finding: ReportFinding, number: number): string {
  const kind = finding.panicCode ? `${finding.kind} ${finding.panicCode}` : finding.kind;
  const calls = finding.sequence.map((call, i) => `${i + 1}. ${renderCall(call)}\n   calldata ${call.calldata}`).join('\n');
  return [
    `#### ${number}. ${escapeMarkdown(kind)} in ${escapeMarkdown(qualifiedFunction(finding))}`,
    '',
    `at ${escapeMarkdown(location(finding))} — **${provenance(finding)}** — found after ${finding.foundMs} ms`,
    '',
    `> ${escapeMarkdown(finding.message)}`,
    '',
    codeBlock(calls),
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
