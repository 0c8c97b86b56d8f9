import { BEHAVIOUR_GRADES } from '../fuzz/index.js';
import { BEHAVIOUR_KINDS } from '../oracles/index.js';
import { byImportance } from './findingOrder.js';
import type { Report, ReportCall, ReportFinding } from './types.js';

/**
 * The one rule every output lists and counts by (issue 29, "one root cause, one item"): behaviour
 * changes of one (contract, function, grade) are one group, shown by its most alarming example; a
 * finding the pull request introduced carries the groups its sequence shows, which are then no items
 * of their own. Terminal, comment, job summary, SARIF, annotations, review threads, reproducers and
 * the headline's counts all read `reportItems`, so a run that finds three examples and one that
 * finds one say the same thing.
 */
export interface BehaviourGroup {
  /** `src/Vault.sol:Vault.withdraw(uint256)/permits`: the JSON's `behaviour.group`. */
  key: string;
  /** `Vault.withdraw(uint256) · permits`, as the outputs name it. */
  title: string;
  /** What every output shows (see `representativeOrder`). */
  representative: ReportFinding;
  /** Every example, the representative first. */
  examples: ReportFinding[];
}

/** One listed, counted item: a finding or a behaviour-change group, with what it shows besides. */
export interface ReportItem {
  /** The finding, or the group's representative. */
  finding: ReportFinding;
  /** Set when the item is a behaviour-change group. */
  group?: BehaviourGroup;
  /** Behaviour changes this finding's sequence shows (one root cause): listed under it, not on their own. */
  linked: BehaviourGroup[];
}

export interface ReportItems {
  /** What the oracles caught and the graded changes that fail the check (`behaviour-permits`, `behaviour-value`), most important first. */
  failures: ReportItem[];
  /** The other behaviour changes (`behaviour-change`): notes, the most alarming grade first. */
  notes: GroupItem[];
}

/** A behaviour-change group as an item. */
export type GroupItem = ReportItem & { group: BehaviourGroup };

function groupItem(group: BehaviourGroup): GroupItem {
  return { finding: group.representative, group, linked: [] };
}

/** What the rule reads: the findings, and the senders (which of them is the deployer). */
export interface ItemSource {
  findings: readonly ReportFinding[];
  senders?: Report['senders'];
}

/** The report's items (see the module's comment). */
export function reportItems(report: ItemSource): ReportItems {
  const { groups, findings, linkedTo } = grouped(report);
  const linkedOf = (finding: ReportFinding) => groups.filter((g) => linkedTo.get(g) === finding);
  const unlinked = groups.filter((g) => !linkedTo.has(g));
  const failing = unlinked.filter((g) => g.representative.kind !== 'behaviour-change');
  const failures = byImportance([...findings, ...failing.map((g) => g.representative)]).map((finding): ReportItem => {
    const group = failing.find((g) => g.representative === finding);
    return group ? groupItem(group) : { finding, linked: linkedOf(finding) };
  });
  return { failures, notes: unlinked.filter((g) => g.representative.kind === 'behaviour-change').map(groupItem) };
}

/** Every behaviour-change group (linked or not), the most alarming grade first, then in report order. */
export function behaviourGroups(report: ItemSource): BehaviourGroup[] {
  const deployer = report.senders?.find((s) => s.name === 'deployer')?.address.toLowerCase();
  const byKey = new Map<string, ReportFinding[]>();
  for (const change of report.findings.filter(isBehaviour)) {
    const key = groupKey(change);
    byKey.set(key, [...(byKey.get(key) ?? []), change]);
  }
  const groups = [...byKey].map(([key, found]): BehaviourGroup => {
    const examples = [...found].sort(representativeOrder(deployer));
    const [representative] = examples;
    return { key, title: `${representative.contract}.${representative.function} · ${representative.behaviour!.grade}`, representative, examples };
  });
  return groups.sort((a, b) => gradeRank(a.representative) - gradeRank(b.representative));
}

/**
 * The report's findings with `behaviour.group`, `representative` and `linkedTo` (an index into
 * `findings`) written from the same rule, for the JSON report: tools that read the full list can tell
 * which entries the outputs show as one.
 */
export function withGroups(report: ItemSource): ReportFinding[] {
  const { groups, linkedTo } = grouped(report);
  return report.findings.map((finding) => {
    const group = finding.behaviour && groups.find((g) => g.examples.includes(finding));
    if (!group) return finding;
    const linked = linkedTo.get(group);
    const stamp = { group: group.key, representative: group.representative === finding, ...(linked && { linkedTo: report.findings.indexOf(linked) }) };
    return { ...finding, behaviour: { ...finding.behaviour!, ...stamp } };
  });
}

/** The groups, the other findings most important first, and the finding each linked group belongs under. */
function grouped(report: ItemSource): { groups: BehaviourGroup[]; findings: ReportFinding[]; linkedTo: Map<BehaviourGroup, ReportFinding> } {
  const groups = behaviourGroups(report);
  const findings = byImportance(report.findings.filter((f) => !isBehaviour(f)));
  return { groups, findings, linkedTo: linkGroups(findings, groups) };
}

function isBehaviour(finding: ReportFinding): boolean {
  return BEHAVIOUR_KINDS.includes(finding.kind) && finding.behaviour !== undefined;
}

function groupKey(change: ReportFinding): string {
  return `${change.contractFile}:${change.contract}.${change.function}/${change.behaviour!.grade}`;
}

function gradeRank(change: ReportFinding): number {
  return BEHAVIOUR_GRADES.indexOf(change.behaviour!.grade);
}

/**
 * The most alarming example first: a caller other than the deployer (a stranger taking ownership says
 * more than the deployer accepting its own), then the shortest sequence, then a fixed order of the
 * sequences themselves, so the same examples always elect the same one.
 */
function representativeOrder(deployer: string | undefined): (a: ReportFinding, b: ReportFinding) => number {
  const byDeployer = (f: ReportFinding) => {
    const call = f.sequence.at(-1);
    return call !== undefined && call.attacker === undefined && call.sender.toLowerCase() === deployer ? 1 : 0;
  };
  return (a, b) =>
    byDeployer(a) - byDeployer(b) || a.sequence.length - b.sequence.length || compareText(sequenceFingerprint(a.sequence), sequenceFingerprint(b.sequence));
}

function sequenceFingerprint(sequence: readonly ReportCall[]): string {
  return sequence.map((c) => `${c.sender}>${c.address ?? c.contract ?? ''}:${c.calldata}:${c.value}:${c.blockDelay}:${c.timeDelay}`).join('|');
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Which finding each group belongs under: the first finding (most important first) the pull request
 * introduced whose failing call is the group's call, or — for a `permits` group, a call the base
 * refused — whose sequence makes that call on the way (on the base it would have stopped there).
 * Another kind of change earlier in the sequence is not the failure's cause, and stays its own item.
 */
function linkGroups(findings: readonly ReportFinding[], groups: readonly BehaviourGroup[]): Map<BehaviourGroup, ReportFinding> {
  const links = new Map<BehaviourGroup, ReportFinding>();
  for (const group of groups) {
    const { contract, function: fn, behaviour } = group.representative;
    const same = (c: { contract?: string; function: string }, inContract: string) => (c.contract ?? inContract) === contract && c.function === fn;
    const owner = findings.find((f) => {
      if (f.introduced !== true) return false;
      const last = f.sequence.at(-1);
      if (same(f, f.contract) || (last !== undefined && same(last, f.contract))) return true;
      return behaviour!.grade === 'permits' && f.sequence.some((call) => same(call, f.contract));
    });
    if (owner) links.set(group, owner);
  }
  return links;
}

/** `Bank.withdraw(uint256) · permits: base reverts with Panic 0x11; head succeeds (3 examples)`: a group in plain text. */
export function groupText(group: BehaviourGroup): string {
  const { base, head } = group.representative.behaviour!;
  const examples = group.examples.length > 1 ? ` (${group.examples.length} examples)` : '';
  return `${group.title}: base ${base}; head ${head}${examples}`;
}

/** What a plain-text output says under an item besides its own finding: its other examples, the changes linked to it. */
export function itemNotes(item: ReportItem): string[] {
  const others = (item.group?.examples.length ?? 1) - 1;
  return [
    ...(others > 0 ? [`${others} more example${others === 1 ? '' : 's'} of this change in the JSON report`] : []),
    ...item.linked.map((group) => `also changes behaviour: ${groupText(group)}`),
  ];
}
