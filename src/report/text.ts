import { behaviourChanges, failures } from './findingOrder.js';
import type { Report, ReportCall, ReportFinding } from './types.js';

/** The CLI's closing summary: a pure function of the report. */
export function renderText(report: Report): string {
  const { stats } = report;
  const lines = [
    `lookout: ${stats.sequences} sequences, ${stats.transactions} transactions in ${(stats.elapsedMs / 1000).toFixed(1)}s ` +
      `(${Math.round(stats.transactionsPerSecond)} tx/s), seed ${report.seed}`,
  ];
  for (const error of report.errors ?? []) lines.push(`error: ${error}`);
  const found = failures(report);
  const changes = behaviourChanges(report);
  if (found.length === 0) lines.push('No failures found.');
  else lines.push(`${found.length} failure${found.length === 1 ? '' : 's'} found:`);
  found.forEach((finding, i) => lines.push('', ...renderFinding(finding, i + 1)));
  if (changes.length > 0) lines.push('', `${changes.length} behaviour change${changes.length === 1 ? '' : 's'} from the base:`);
  changes.forEach((change, i) => lines.push('', ...renderFinding(change, i + 1)));
  return lines.join('\n');
}

function renderFinding(finding: ReportFinding, number: number): string[] {
  const where = finding.file ? `${finding.file}:${finding.line}` : 'unknown location';
  const lines = [`${number}. [${finding.kind}] ${finding.contract}.${finding.function} at ${where}: ${finding.message}`];
  lines.push(`   found after ${finding.foundMs} ms; reproduce with ${finding.sequence.length} transaction${finding.sequence.length === 1 ? '' : 's'}:`);
  finding.sequence.forEach((call, i) => lines.push(`   ${i + 1}. ${renderCall(call)}`));
  return lines;
}

export function renderCall(call: ReportCall): string {
  const value = call.value === '0' ? '' : ` value=${call.value}`;
  const callee = call.contract === undefined ? '' : `${call.contract}.`;
  return `${callee}${call.function.replace(/\(.*$/, '')}(${call.args.map(renderArg).join(', ')}) from ${call.sender}${value}`;
}

function renderArg(arg: unknown): string {
  if (Array.isArray(arg)) return `[${arg.map(renderArg).join(', ')}]`;
  // Numbers arrive as decimal strings (JSON has no 256-bit integers); other strings are quoted.
  return typeof arg === 'string' && !/^(0x[0-9a-f]*|-?\d+)$/i.test(arg) ? JSON.stringify(arg) : String(arg);
}
