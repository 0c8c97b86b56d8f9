import { printable } from '../logger.js';
import { kindText, provenance } from './findingOrder.js';
import { headline } from './headline.js';
import { itemNotes, reportItems, type ReportItem } from './items.js';
import { accountNames, legendText, sequenceText } from './sequence.js';
import type { AddressNames } from '../abi/index.js';
import { budgetText, count, duration, plural } from '../abi/index.js';
import type { Report } from './types.js';

/** The CLI's closing summary: a pure function of the report, headline first (never "all clear" after an error). */
export function renderText(report: Report): string {
  const { stats } = report;
  const errors = report.errors ?? [];
  // A run that failed before fuzzing has no statistics worth a line.
  const ran = stats.transactions > 0 || errors.length === 0;
  const lines = [
    ...(ran
      ? [
          `lookout: ${count(stats.sequences)} sequences, ${count(stats.transactions)} transactions in ${duration(stats.elapsedMs)} ` +
            `(${count(stats.transactionsPerSecond)}/s), budget ${budgetText(report.budget)}, seed ${report.seed}`,
        ]
      : []),
    ...headline(report).map((item) => `${item.tone === 'problem' ? '✗' : item.tone === 'note' ? '•' : '✓'} ${item.text}`),
  ];
  // The headline says the first error when it is one line and no build error comes before it: not twice.
  const told = (report.buildErrors ?? []).length === 0 && errors.length > 0 && !errors[0]!.includes('\n') ? 1 : 0;
  for (const error of errors.slice(told)) lines.push(`error: ${error}`);
  const names = accountNames(report);
  const { failures, notes } = reportItems(report);
  if (failures.length > 0) lines.push('', `${plural(failures.length, 'finding')}:`);
  failures.forEach((item, i) => lines.push('', ...renderItem(item, i + 1, names, report.base)));
  if (notes.length > 0) lines.push('', `${plural(notes.length, 'kind')} of behaviour change from the base:`);
  notes.forEach((item, i) => lines.push('', ...renderItem(item, i + 1, names, report.base)));
  return printable(lines.join('\n'));
}

function renderItem(item: ReportItem, number: number, names: AddressNames, base: Report['base']): string[] {
  const { finding } = item;
  const where = finding.file ? `${finding.file}:${finding.line}` : 'unknown location';
  // `lookout fuzz` has no base: there, origin says nothing.
  const origin = finding.introduced === null && base === undefined ? '' : ` (${provenance(finding, base)})`;
  const lines = [`${number}. [${kindText(finding)}] ${finding.contract}.${finding.function} at ${where}${origin}: ${finding.message}`];
  lines.push(
    `   found after ${duration(finding.foundMs)} (${count(finding.foundTransactions)} tx); reproduce with ${finding.sequence.length} transaction${finding.sequence.length === 1 ? '' : 's'}:`,
  );
  lines.push(sequenceText(finding.sequence, names, '   '));
  const legend = legendText(finding.sequence, names, '     ');
  if (legend) lines.push('   where', legend);
  for (const note of itemNotes(item)) lines.push(`   ${note}`);
  return lines;
}
