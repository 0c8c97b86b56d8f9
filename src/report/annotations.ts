import { printable } from '../logger.js';
import { kindText, provenance, qualifiedFunction } from './findingOrder.js';
import { itemNotes, reportItems, type ReportItem } from './items.js';
import { accountNames, legendText, sequenceText } from './sequence.js';
import type { AddressNames } from '../abi/index.js';
import type { Report, ReportFinding, ReportTarget } from './types.js';

export type AnnotationLevel = 'failure' | 'warning' | 'notice';

/** One inline note on a changed Solidity line; plain text (GitHub does not render markdown here). */
export interface Annotation {
  path: string;
  startLine: number;
  endLine: number;
  level: AnnotationLevel;
  title: string;
  message: string;
}

/**
 * Annotations most important first, because GitHub shows only the first few per level: compiler
 * errors (failure, at the solc error's line), findings the PR introduced or of unknown origin
 * (failure), pre-existing findings and behaviour changes (warning; one per group, see `reportItems`), unreached changed lines
 * (warning), lines proven unreachable (notice). Consecutive lines of one file with one status become
 * one annotation. Findings without a source location cannot be placed and are left to the comment
 * and summary; findings in `threaded` already have a review thread, which an annotation would repeat.
 */
export function renderAnnotations(report: Report, threaded: ReadonlySet<ReportFinding> = new Set()): Annotation[] {
  const placed = (list: ReportItem[]) => list.filter(({ finding: f }) => f.file !== null && f.line !== null && !threaded.has(f));
  const { failures, notes } = reportItems(report);
  const findings = placed(failures);
  const names = accountNames(report);
  const annotate = (level: AnnotationLevel) => (item: ReportItem) => findingAnnotation(item, level, names, report.base);
  const annotations = [
    ...buildErrorAnnotations(report),
    ...findings.filter((item) => item.finding.introduced !== false).map(annotate('failure')),
    ...findings.filter((item) => item.finding.introduced === false).map(annotate('warning')),
    ...placed(notes).map(annotate('warning')),
    ...lineAnnotations(report.targets, 'unreached', 'warning'),
    ...lineAnnotations(report.targets, 'unreachable', 'notice'),
  ];
  // The path stays as it is: it must name the file.
  return annotations.map((a) => ({ ...a, title: printable(a.title), message: printable(a.message) }));
}

function buildErrorAnnotations(report: Report): Annotation[] {
  return (report.buildErrors ?? []).map((error) => ({
    path: error.file,
    startLine: error.line ?? 1,
    endLine: error.line ?? 1,
    level: 'failure',
    title: 'Lookout: the build failed',
    message: error.message,
  }));
}

function findingAnnotation(item: ReportItem, level: AnnotationLevel, names: AddressNames, base: Report['base']): Annotation {
  const { finding } = item;
  const legend = legendText(finding.sequence, names);
  return {
    path: finding.file as string,
    startLine: finding.line as number,
    endLine: finding.line as number,
    level,
    title: `Lookout: ${kindText(finding)} in ${qualifiedFunction(finding)} (${provenance(finding, base)})`,
    message: [finding.message, ...itemNotes(item), '', 'Reproduce:', sequenceText(finding.sequence, names), ...(legend ? ['', legend] : [])].join('\n'),
  };
}

/**
 * A line belongs here only when no contract reached it (a library line reached through one contract
 * is covered) and, for `unreachable`, when every contract holding it proved it so.
 */
function lineAnnotations(targets: readonly ReportTarget[], status: 'unreached' | 'unreachable', level: AnnotationLevel): Annotation[] {
  const statuses = new Map<string, Map<number, Set<string>>>();
  for (const target of targets) {
    let lines = statuses.get(target.file);
    if (!lines) statuses.set(target.file, (lines = new Map()));
    const set = lines.get(target.line) ?? new Set();
    lines.set(target.line, set.add(target.status));
  }
  const branches = new Map<string, NonNullable<ReportTarget['missedBranch']>>();
  for (const t of targets) if (t.missedBranch && !branches.has(`${t.file}:${t.line}`)) branches.set(`${t.file}:${t.line}`, t.missedBranch);
  const annotations: Annotation[] = [];
  for (const [file, lines] of statuses) {
    const matching = [...lines]
      .filter(([, set]) => !set.has('reached') && (status === 'unreached' ? set.has('unreached') : set.has('unreachable') && !set.has('unreached')))
      .map(([line]) => line)
      .sort((a, b) => a - b);
    for (const [start, end] of runs(matching)) {
      // A run is consecutive lines: the first with a known branch speaks for it.
      let branch: ReportTarget['missedBranch'];
      for (let line = start; line <= end && !branch; line++) branch = branches.get(`${file}:${line}`);
      const range = start === end ? `line ${start}` : `lines ${start}–${end}`;
      annotations.push({
        path: file,
        startLine: start,
        endLine: end,
        level,
        title:
          status === 'unreached'
            ? `Lookout: changed line${start === end ? '' : 's'} not reached`
            : `Lookout: changed line${start === end ? '' : 's'} unreachable`,
        message:
          status === 'unreached'
            ? `No transaction sequence executed ${range} within the fuzzing budget.${branch ? ` No run took the branch at ${branch.file}:${branch.line} toward it: ${branch.condition}` : ''}`
            : `The lookahead analysis proved that no transaction sequence can execute ${range}.`,
      });
    }
  }
  return annotations;
}

function runs(lines: readonly number[]): Array<[number, number]> {
  const result: Array<[number, number]> = [];
  for (const line of lines) {
    const last = result[result.length - 1];
    if (last && line === last[1] + 1) last[1] = line;
    else result.push([line, line]);
  }
  return result;
}

/** `::error` etc.: the workflow command for each annotation level. */
const COMMAND: Record<AnnotationLevel, string> = { failure: 'error', warning: 'warning', notice: 'notice' };

/**
 * Workflow-command annotations for when the token cannot create check runs. GitHub displays only
 * `limitPerLevel` (10) per level per step, so the rest are dropped here rather than lost silently
 * in GitHub's cut; the input order (importance) decides which stay.
 */
export function toWorkflowCommands(annotations: readonly Annotation[], limitPerLevel = 10): string[] {
  const used: Record<AnnotationLevel, number> = { failure: 0, warning: 0, notice: 0 };
  const commands: string[] = [];
  for (const a of annotations) {
    if (used[a.level]++ >= limitPerLevel) continue;
    const properties = [`file=${escapeProperty(a.path)}`, `line=${a.startLine}`, `endLine=${a.endLine}`, `title=${escapeProperty(a.title)}`];
    commands.push(`::${COMMAND[a.level]} ${properties.join(',')}::${escapeData(a.message)}`);
  }
  return commands;
}

/** The escaping @actions/core applies to command data. */
export function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** Command properties additionally escape the separators `:` and `,`. */
export function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}
