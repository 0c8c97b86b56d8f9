import { findingText, provenance } from './findingOrder.js';
import { reportItems, type ReportItem } from './items.js';
import { changedLineCounts, countsText } from './lineStatus.js';
import { accountNames, legendText, sequenceText } from './sequence.js';
import { count, plural, type AddressNames } from '../abi/index.js';
import type { Report, ReportFinding } from './types.js';

/** Which findings fail the check: the run's policy (`fail-on`, the command), which the report alone does not hold. */
export type FailsCheck = (finding: ReportFinding) => boolean;

/**
 * JUnit XML for CI dashboards (the schema Jenkins, GitLab and the JUnit report actions read), a pure
 * function of the report. Suite `contracts`: one test case per fuzzed contract, failing when a
 * finding the check fails on is in it, skipped when it was not deployed. Suite `findings`: one test
 * case per item the other outputs list (a group of behaviour changes is one): failing with the
 * finding's one-line text when the check fails on it, else skipped with its provenance; its
 * reproducing sequence is in `system-out`. Every string is escaped, whatever the repository put in it.
 */
export function renderJunit(report: Report, fails: FailsCheck): string {
  const names = accountNames(report);
  const { failures, notes } = reportItems(report);
  const items = [...failures, ...notes];
  const contracts = contractCases(report, items, fails);
  const findings = items.map((item) => findingCase(item, names, report.base, fails));
  const seconds = (report.stats.elapsedMs / 1000).toFixed(3);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="lookout"${counts([...contracts, ...findings])} time="${seconds}">`,
    ...suite('contracts', contracts),
    ...suite('findings', findings),
    '</testsuites>',
    '',
  ].join('\n');
}

interface TestCase {
  classname: string;
  name: string;
  outcome: { kind: 'passed' } | { kind: 'failure' | 'skipped'; message: string; type?: string; text?: string };
  systemOut?: string;
}

function suite(name: string, cases: readonly TestCase[]): string[] {
  return [`  <testsuite name="${name}"${counts(cases)}>`, ...cases.map(testCase), '  </testsuite>'];
}

/** ` tests="3" failures="1" skipped="0" errors="0"`. */
function counts(cases: readonly TestCase[]): string {
  const of = (kind: string) => cases.filter((c) => c.outcome.kind === kind).length;
  return ` tests="${cases.length}" failures="${of('failure')}" errors="0" skipped="${of('skipped')}"`;
}

function testCase({ classname, name, outcome, systemOut }: TestCase): string {
  const open = `    <testcase classname="${xmlText(classname)}" name="${xmlText(name)}"`;
  const body: string[] = [];
  if (outcome.kind !== 'passed') {
    const type = outcome.type === undefined ? '' : ` type="${xmlText(outcome.type)}"`;
    const attributes = `message="${xmlText(outcome.message)}"${type}`;
    body.push(
      outcome.text === undefined ? `      <${outcome.kind} ${attributes}/>` : `      <${outcome.kind} ${attributes}>${xmlText(outcome.text)}</${outcome.kind}>`,
    );
  }
  if (systemOut !== undefined) body.push(`      <system-out>${xmlText(systemOut)}</system-out>`);
  return body.length === 0 ? `${open}/>` : [`${open}>`, ...body, '    </testcase>'].join('\n');
}

/**
 * One case per contract the run deployed (its changed lines' counts in `system-out`), and per contract
 * a finding failed in that was not among them (a Foundry test contract); skipped deployments say why.
 */
function contractCases(report: Report, items: readonly ReportItem[], fails: FailsCheck): TestCase[] {
  const key = (file: string, contract: string) => `${file}:${contract}`;
  const cases = new Map<string, TestCase>();
  for (const d of report.deployments ?? []) {
    const outcome = d.skipped === null ? ({ kind: 'passed' } as const) : ({ kind: 'skipped', message: `not deployed: ${d.skipped}` } as const);
    cases.set(key(d.file, d.contract), { classname: d.file, name: d.contract, outcome });
  }
  for (const { finding } of items) {
    const k = key(finding.contractFile, finding.contract);
    if (!cases.has(k)) cases.set(k, { classname: finding.contractFile, name: finding.contract, outcome: { kind: 'passed' } });
  }
  return [...cases.entries()].map(([k, c]) => {
    const failing = items.filter(({ finding }) => key(finding.contractFile, finding.contract) === k && fails(finding));
    const targets = report.targets.filter((t) => key(t.contractFile, t.contract) === k);
    const withCounts = targets.length === 0 ? c : { ...c, systemOut: countsText(changedLineCounts({ ...report, targets })) };
    if (failing.length === 0) return withCounts;
    const message = `${plural(failing.length, 'finding')} that fail the check: ${failing.map(({ finding }) => findingText(finding)).join('; ')}`;
    return { ...withCounts, outcome: { kind: 'failure', message } };
  });
}

function findingCase(item: ReportItem, names: AddressNames, base: Report['base'], fails: FailsCheck): TestCase {
  const { finding } = item;
  const where = finding.file === null ? finding.contractFile : finding.line === null ? finding.file : `${finding.file}:${finding.line}`;
  const text = findingText(finding);
  const legend = legendText(finding.sequence, names, '  ');
  const systemOut = [
    `Found after ${count(finding.foundTransactions)} transactions; reproduces with ${plural(finding.sequence.length, 'transaction')}:`,
    sequenceText(finding.sequence, names),
    ...(legend ? ['where', legend] : []),
    ...(item.group && item.group.examples.length > 1 ? [`${plural(item.group.examples.length - 1, 'more example')} in the JSON report`] : []),
  ].join('\n');
  const outcome = fails(finding)
    ? ({ kind: 'failure', message: text, type: finding.kind, text: `${text}\nat ${where} (${provenance(finding, base)})` } as const)
    : ({ kind: 'skipped', message: `not failing the check: ${provenance(finding, base)}` } as const);
  return { classname: `${finding.contractFile}:${finding.contract}`, name: `${finding.kind} at ${where}: ${finding.function}`, outcome, systemOut };
}

/**
 * Text in an XML attribute or element. Markup characters become entities (quotes too, for attributes);
 * characters XML 1.0 does not allow at all (controls other than tab, newline and carriage return, lone
 * surrogates, U+FFFE and U+FFFF) are written as `\uXXXX`, so a revert string cannot make the file unreadable.
 */
export function xmlText(text: string): string {
  return text
    .replace(/[&<>"']/g, (c) => XML_ENTITIES[c])
    .replace(
      /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g,
      (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
    );
}

const XML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
