import { codeSpan, escapeMarkdown } from './escape.js';
import { addressText, etherText, instanceName, signatureParameters, truncated, valueText, waitText, type AddressNames } from '../abi/index.js';
import type { ReportCall } from './types.js';

/** One transaction of a counterexample, for people: who sends it, and the call as a Solidity expression. */
export interface SequenceStep {
  /** `after 1 h and 2 blocks: `, empty when the call follows the previous one in the same block. */
  delay: string;
  sender: string;
  call: string;
}

/**
 * Names for the report's accounts: senders by role (`deployer`, `alice`, …), deployed contracts by
 * instance name (`auction`; `auction2` when two share a name). Addresses are keyed lower-case.
 */
export function accountNames(report: {
  senders?: readonly { name: string; address: string }[];
  deployments?: readonly { contract: string; address: string | null }[];
}): Map<string, string> {
  const names = new Map<string, string>();
  const used = new Set<string>();
  const add = (address: string, wanted: string) => {
    let name = wanted;
    for (let n = 2; used.has(name); n++) name = `${wanted}${n}`;
    used.add(name);
    names.set(address.toLowerCase(), name);
  };
  for (const sender of report.senders ?? []) add(sender.address, sender.name);
  // Campaigns from different test contracts often deploy the same contract at the same address: one name for it.
  const named = new Map<string, string>();
  for (const { address, contract } of report.deployments ?? []) {
    if (address === null || named.get(address.toLowerCase()) === contract) continue;
    named.set(address.toLowerCase(), contract);
    add(address, instanceName(contract));
  }
  return names;
}

/** The name of the contract a call calls: its deployment's (`vault2`, the second vault), else its contract's. */
export function calledName(call: ReportCall, names: AddressNames): string | undefined {
  if (call.contract === undefined) return undefined;
  const byName = instanceName(call.contract);
  const byAddress = call.address === undefined ? undefined : names.get(call.address.toLowerCase());
  // The address's name only when it names this contract (another campaign may have put another one there).
  return byAddress !== undefined && new RegExp(`^${byName}\\d*$`).test(byAddress) ? byAddress : byName;
}

/**
 * Where a sequence is shown: `narrow` (a review thread's call column, about 700 px) elides the middle
 * of each argument longer than NARROW_ARGUMENT; the comment and the JSON report keep it whole.
 */
export interface SequenceShape {
  narrow?: boolean;
}

/** Characters an argument keeps in a narrow column: `type(uint256).max - 4` fits, a 76-digit number does not. */
const NARROW_ARGUMENT = 24;

/** The call of one transaction: `auction.bid{value: 1 ether}()`, `address(vault).call{value: 1 wei}("")` for receive. */
export function callText(call: ReportCall, names: AddressNames, shape: SequenceShape = {}): string {
  const contract = calledName(call, names);
  const value = call.value === '0' ? '' : `{value: ${etherText(BigInt(call.value))}}`;
  const name = call.function.replace(/\(.*$/, '');
  if (name === 'receive' || name === 'fallback') {
    const data = name === 'receive' ? '""' : `hex"${call.calldata.replace(/^0x/, '')}"`;
    return `address(${contract ?? 'target'}).call${value}(${data})`;
  }
  const through = call.attacker === undefined ? '' : attackerText(call.attacker, names, shape);
  return `${contract === undefined ? '' : `${contract}.`}${name}${value}(${argsText(call, names, shape)})${through}`;
}

/** How Lookout's attacker forwards the call: the call it re-enters with when called back, if any. */
function attackerText(attacker: NonNullable<ReportCall['attacker']>, names: AddressNames, shape: SequenceShape): string {
  const reenters =
    attacker.reenters === null
      ? 'does not re-enter'
      : `re-enters with ${attacker.reenters.function.replace(/\(.*$/, '')}(${argsText(attacker.reenters, names, shape)})`;
  return ` through Lookout's attacker, which ${reenters}`;
}

function argsText(call: { function: string; args: unknown[] }, names: AddressNames, shape: SequenceShape): string {
  const params = signatureParameters(call.function);
  const text = (arg: unknown, i: number) => (params?.[i] ? valueText(params[i], arg, names) : String(arg));
  return call.args.map((arg, i) => (shape.narrow ? truncated(text(arg, i), NARROW_ARGUMENT) : text(arg, i))).join(', ');
}

export function sequenceSteps(sequence: readonly ReportCall[], names: AddressNames, shape: SequenceShape = {}): SequenceStep[] {
  return sequence.map((call) => ({ delay: delayText(call), sender: addressText(call.sender, names), call: callText(call, names, shape) }));
}

/** `after 1 day and 2 blocks: `, nothing when the call follows the previous one in the same block. */
export function delayText(call: ReportCall): string {
  const waits = [
    call.timeDelay > 0 ? waitText(call.timeDelay) : '',
    call.blockDelay > 0 ? `${call.blockDelay} block${call.blockDelay === 1 ? '' : 's'}` : '',
  ].filter(Boolean);
  return waits.length === 0 ? '' : `after ${waits.join(' and ')}: `;
}

/** `1. alice: auction.settle(7)` per line (`2. after 1 h: bob: …` after a delay), for plain-text outputs (terminal, annotations). */
export function sequenceText(sequence: readonly ReportCall[], names: AddressNames, indent = ''): string {
  return sequenceSteps(sequence, names)
    .map((step, i) => `${indent}${i + 1}. ${step.delay}${step.sender}: ${step.call}`)
    .join('\n');
}

/**
 * A numbered table (cells wrap, so nothing scrolls sideways in a comment column) and a legend of
 * the named accounts it uses, with their addresses.
 */
export function sequenceTable(sequence: readonly ReportCall[], names: AddressNames, shape: SequenceShape = {}): string {
  const steps = sequenceSteps(sequence, names, shape);
  const rows = steps.map((step, i) => `| ${i + 1} | ${codeSpan(step.sender)} | ${escapeMarkdown(step.delay)}${codeSpan(step.call)} |`);
  const legend = accountLegend(sequence, names);
  return ['| # | from | call |', '| --- | --- | --- |', ...rows, ...(legend ? ['', legend] : [])].join('\n');
}

/** The named accounts a sequence sends from, calls or passes, with their addresses (checksummed). */
export function legendEntries(sequence: readonly ReportCall[], names: AddressNames): { name: string; address: string }[] {
  const text = sequence
    .map((call) => `${call.sender} ${JSON.stringify(call.args)}`)
    .join(' ')
    .toLowerCase();
  const called = new Set(
    sequence.flatMap((c) => {
      const name = calledName(c, names);
      return name === undefined ? [] : [name];
    }),
  );
  return [...names]
    .filter(([address, name]) => text.includes(address) || called.has(name))
    .map(([address, name]) => ({ name, address: addressText(address, new Map()) }));
}

/** `deployer = 0x…` per named account, one line each, for plain-text outputs. */
export function legendText(sequence: readonly ReportCall[], names: AddressNames, indent = ''): string {
  return legendEntries(sequence, names)
    .map((e) => `${indent}${e.name} = ${e.address}`)
    .join('\n');
}

function accountLegend(sequence: readonly ReportCall[], names: AddressNames): string {
  return legendEntries(sequence, names)
    .map((e) => `${codeSpan(e.name)} = ${escapeMarkdown(e.address)}`)
    .join(' · ');
}
