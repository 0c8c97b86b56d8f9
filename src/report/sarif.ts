import type { Location, Log, ReportingDescriptor, Result, ThreadFlowLocation } from 'sarif';
import { printable } from '../logger.js';
import { findingText, provenance, qualifiedFunction } from './findingOrder.js';
import { itemNotes, reportItems, type ReportItem } from './items.js';
import { accountNames, callText, delayText } from './sequence.js';
import { addressText, type AddressNames } from '../abi/index.js';
import type { FindingKind, Report, ReportFinding } from './types.js';

export const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';

/** Lookout's repository (`uses: lookout/lookout@v1`), whose README explains each finding kind. */
export const LOOKOUT_REPOSITORY_URL = 'https://github.com/lookout/lookout';

export interface SarifOptions {
  /**
   * Shown by code scanning as the tool's home page, and where each rule's helpUri points (the README's
   * section of its kind); defaults to LOOKOUT_REPOSITORY_URL (the Action passes the repository it runs from).
   */
  informationUri?: string;
}

/** The README's anchor for a finding kind (its row of the "Finding kinds" table). */
export function findingKindAnchor(kind: FindingKind): string {
  return `kind-${kind}`;
}

/**
 * Per kind: names, descriptions, and GitHub's `security-severity` (0–10: ≥ 9 critical, ≥ 7 high,
 * ≥ 4 medium). An attacker taking funds or control is critical or high; a failed check is medium.
 */
const RULES: Record<FindingKind, { name: string; short: string; full: string; severity: number }> = {
  assertion: {
    name: 'AssertionFailure',
    short: 'An assertion failed',
    full: 'A transaction sequence makes an assert() fail (panic 0x01).',
    severity: 5.0,
  },
  panic: {
    name: 'SolidityPanic',
    short: 'A Solidity panic',
    full: 'A transaction sequence triggers a Solidity panic such as an out-of-bounds index, division by zero or an invalid enum value.',
    severity: 5.0,
  },
  property: {
    name: 'PropertyViolation',
    short: 'A property function returned false',
    full: 'A transaction sequence makes a property_* or echidna_* function return false.',
    severity: 5.0,
  },
  'arbitrary-storage-write': {
    name: 'ArbitraryStorageWrite',
    short: 'A caller can write an arbitrary storage slot',
    full: 'A transaction writes a storage slot chosen by its caller (SWC-124).',
    severity: 9.0,
  },
  'ether-leak': {
    name: 'EtherLeak',
    short: 'A sender takes out more ether than it put in',
    full: 'A transaction sequence lets a sender other than the deployer end with more ether than it sent in, taken from a contract it did not fund.',
    severity: 8.0,
  },
  'token-theft': {
    name: 'TokenTheft',
    short: "Tokens move without their holder's consent",
    full: "A holder's token balance falls in a transaction it did not send without an allowance covering it, an allowance rises without its owner's approval, or transferFrom moves more than the allowance.",
    severity: 8.0,
  },
  'unprotected-selfdestruct': {
    name: 'UnprotectedSelfdestruct',
    short: 'Anyone can self-destruct the contract',
    full: 'A sender other than the deployer reaches SELFDESTRUCT (SWC-106).',
    severity: 9.0,
  },
  'controlled-delegatecall': {
    name: 'ControlledDelegatecall',
    short: 'Delegatecall to an address the caller chose',
    full: 'A sender other than the deployer makes the contract delegatecall into an address taken from its input (SWC-112).',
    severity: 9.0,
  },
  reentrancy: {
    name: 'Reentrancy',
    short: 'Re-entering the contract changes the outcome',
    full: 'A contract that the code pays or calls back re-enters it and ends with more ether than the same calls made one after the other give it (SWC-107).',
    severity: 8.0,
  },
  'behaviour-change': {
    name: 'BehaviourChange',
    short: 'Behaviour differs from the base revision',
    full: 'The same transactions give a caller a different outcome, return value, events, ether or token balances on the pull request than on its base.',
    severity: 2.0,
  },
  'behaviour-permits': {
    name: 'BehaviourPermits',
    short: 'A call the base refused now succeeds',
    full: 'A call the base revision refused (an authorization, role, owner or pause check, or a caller other than the deployer) succeeds on the pull request and writes state or moves value.',
    severity: 8.5,
  },
  'behaviour-value': {
    name: 'BehaviourValue',
    short: 'Balances end differently than on the base',
    full: 'The same transactions end with different ether or token balances, supply or allowances on the pull request than on its base.',
    severity: 7.0,
  },
};

/**
 * SARIF 2.1.0 for code scanning: one rule per finding kind present, one result per item (a finding,
 * or a group of behaviour changes by its most alarming example, the others counted in its message) at
 * its file and line, and the counterexample as a code flow whose steps are the sequence's calls.
 */
export function renderSarif(report: Report, options: SarifOptions = {}): Log {
  const { failures, notes } = reportItems(report);
  const items = [...failures, ...notes];
  const kinds = [...new Set(items.map((item) => item.finding.kind))];
  const names = accountNames(report);
  const home = (options.informationUri ?? LOOKOUT_REPOSITORY_URL).replace(/\/+$/, '');
  const rules: ReportingDescriptor[] = kinds.map((kind) => ({
    id: ruleId(kind),
    name: RULES[kind].name,
    shortDescription: { text: RULES[kind].short },
    fullDescription: { text: RULES[kind].full },
    help: {
      text: `${RULES[kind].full} ${HELP}`,
      markdown: `**${RULES[kind].short}.** ${RULES[kind].full}\n\n${HELP}`,
    },
    helpUri: `${home}#${findingKindAnchor(kind)}`,
    defaultConfiguration: { level: level(kind) },
    properties: { tags: ['security', 'solidity', 'fuzzing'], 'security-severity': RULES[kind].severity.toFixed(1) },
  }));
  return printableStrings({
    version: '2.1.0',
    $schema: SARIF_SCHEMA,
    runs: [
      {
        tool: {
          driver: {
            name: 'Lookout',
            version: report.tool.version,
            semanticVersion: report.tool.version,
            informationUri: home,
            rules,
          },
        },
        results: bySeverity(items.map((item) => result(item, kinds.indexOf(item.finding.kind), names, report.base))),
        properties: { seed: report.seed, budget: report.budget },
      },
    ],
  });
}

/** The log with every string printable (code scanning shows messages, names and locations as they are). */
function printableStrings<T>(value: T): T {
  if (typeof value === 'string') return printable(value) as T;
  if (Array.isArray(value)) return value.map(printableStrings) as T;
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, printableStrings(v)])) as T;
  return value;
}

const HELP =
  'The result carries the transaction sequence that shows it, with the deployer and the other senders named; replay it against the contracts as deployed by Lookout (see the PR comment or the job summary).';

const LEVEL_ORDER: readonly Result.level[] = ['error', 'warning', 'note', 'none'];

/** Errors first, then warnings, then notes; stable, so each level keeps the items' order (most important first). */
function bySeverity(results: readonly Result[]): Result[] {
  const rank = (r: Result) => LEVEL_ORDER.indexOf(r.level ?? 'warning');
  return [...results].sort((a, b) => rank(a) - rank(b));
}

/** A kind's level, the same for every result of it, so an alert's severity never flips between runs. */
function level(kind: FindingKind): 'error' | 'note' {
  return kind === 'behaviour-change' ? 'note' : 'error';
}

function ruleId(kind: FindingKind): string {
  return `lookout/${kind}`;
}

function result(item: ReportItem, ruleIndex: number, names: AddressNames, base: Report['base']): Result {
  const { finding } = item;
  const place = findingLocation(finding);
  const text = `${findingText(finding)} (${provenance(finding, base)})`;
  // Same failure in the same function is the same alert across runs, whatever line it moved to; a
  // note's grade tells its groups apart (the graded kinds carry theirs), and an introduced finding
  // beside a pre-existing one is an alert of its own, not merged into that one.
  const grade = finding.kind === 'behaviour-change' && finding.behaviour ? [finding.behaviour.grade] : [];
  const identity = [finding.kind, finding.panicCode ?? '', finding.contract, finding.function, ...grade, ...(finding.besidePreExisting ? ['introduced'] : [])];
  return {
    ruleId: ruleId(finding.kind),
    ruleIndex,
    level: level(finding.kind),
    message: { text: [text, ...itemNotes(item)].join('\n') },
    locations: [place],
    partialFingerprints: { 'lookoutFinding/v1': identity.join('|') },
    codeFlows: [
      {
        message: { text: `Reproduces with ${finding.sequence.length} transaction(s)` },
        threadFlows: [{ locations: finding.sequence.map((call, i) => callStep(finding, call, names, i === finding.sequence.length - 1 ? place : undefined)) }],
      },
    ],
    properties: {
      introduced: finding.introduced,
      foundMs: finding.foundMs,
      foundTransactions: finding.foundTransactions,
      ...(item.group && { examples: item.group.examples.length }),
    },
  };
}

/** File and line when known; otherwise the contract function, so the result still says where. */
function findingLocation(finding: ReportFinding): Location {
  const logical = { logicalLocations: [{ fullyQualifiedName: qualifiedFunction(finding), kind: 'function' }] };
  if (finding.file === null) return logical;
  return {
    physicalLocation: {
      artifactLocation: { uri: fileUri(finding.file), uriBaseId: '%SRCROOT%' },
      ...(finding.line === null ? {} : { region: { startLine: finding.line } }),
    },
    ...logical,
  };
}

/** A call of the counterexample; the last one fails, so it carries the failure's location. */
function callStep(finding: ReportFinding, call: ReportFinding['sequence'][number], names: AddressNames, failing: Location | undefined): ThreadFlowLocation {
  const message = { text: `${delayText(call)}${addressText(call.sender, names)}: ${callText(call, names)}` };
  const location: Location = failing
    ? { ...failing, message }
    : { logicalLocations: [{ fullyQualifiedName: `${finding.contract}.${call.function}`, kind: 'function' }], message };
  return { location, kinds: ['call'] };
}

/** A repository path as a relative URI reference: each segment percent-encoded (`#`, `%`, spaces), the slashes kept. */
export function fileUri(file: string): string {
  return file.split('/').map(encodeURIComponent).join('/');
}
