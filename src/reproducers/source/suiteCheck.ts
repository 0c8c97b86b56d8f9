import { getAddress, type AbiFunction } from 'viem';
import type { AddressNames, ReportCall, ReportFinding } from '../../report/index.js';
import { functionOf, typedArguments } from './arguments.js';
import { FLAGGED_FAILURE_MESSAGE } from '../../evm/index.js';
import { typedStatement } from './attackerCalls.js';
import { evidenceOf } from './evidence.js';
import { overloadInterface } from './overloads.js';
import { panicCheck, type Check } from './checks.js';
import { MARK, marked } from './mark.js';
import type { Expectation, ReproducerPlan } from './types.js';

/*
 * The parts of a reproducer that inherits the project's own test contract (a finding of a campaign
 * from its setUp()): forge runs the inherited setUp(), the sequence replays as forge's invariant mode
 * ran it, and the test contract's own invariant or test function is what fails.
 */

/**
 * A property of the test contract, failing as the campaign saw it: an invariant (or `afterInvariant`)
 * called after the sequence — reverting, or returning false when it returns a bool — or a test
 * function called with the counterexample (its revert fails the test). A panic of the last call
 * fails the test with that panic alone. Undefined for other findings: they are checked as for
 * Lookout's own deployments.
 */
export function suiteCheck(plan: ReproducerPlan): Check | undefined {
  const { finding, harness } = plan;
  if (harness === undefined) return undefined;
  if (evidenceOf(finding, 'assertion')?.how === 'failure-flag') return flagRaised();
  if (finding.kind === 'assertion' || finding.kind === 'panic') return panicCheck(finding.panicCode ?? '0x01');
  if (finding.kind !== 'property') return undefined;
  const test = { kind: 'check' as const, before: [], beforeLast: [], after: [], expectation: sameFailure(finding) };
  const last = finding.sequence.at(-1);
  // fail_on_revert: the last call's revert is the failure, as forge reports it.
  if ((last !== undefined && isTestCall(plan, last)) || evidenceOf(finding, 'property')?.failed === 'target-call-reverted') return { ...test, last: 'plain' };
  const name = finding.function.replace(/\(\)$/, '');
  const fn = harness.abi.find((item): item is AbiFunction => item.type === 'function' && item.name === name && item.inputs.length === 0);
  if (fn === undefined) return { kind: 'unsupported', reason: `${harness.contract} has no ${name}() to call after the sequence` };
  const call = harness.externalFunctions.includes(name) ? `this.${name}()` : `${name}()`;
  if (fn.outputs[0]?.type !== 'bool') return { ...test, last: 'try', after: [`${call};`] };
  const returnedFalse = marked(`${name}() returned false`);
  return {
    ...test,
    last: 'try',
    after: [`require(${call}, "${MARK} ${name}() returned false");`],
    expectation: {
      description: `${returnedFalse.description} or ${test.expectation.description}`,
      matches: (reason) => returnedFalse.matches(reason) || test.expectation.matches(reason),
    },
  };
}

/**
 * A call raised DSTest's failure flag: the calls replay as the campaign made them and the flag they
 * leave fails the test (forge reads it after the test; Lookout's runner fails the test's call on it).
 */
function flagRaised(): Check {
  return {
    kind: 'check',
    before: [],
    beforeLast: [],
    last: 'try',
    after: [],
    expectation: {
      description: `fail on the failure flag a call raises (${FLAGGED_FAILURE_MESSAGE})`,
      matches: (reason) => reason.includes(FLAGGED_FAILURE_MESSAGE),
    },
  };
}

/** The runner's reason is (part of) the campaign's (`invariant_x() reverted: <reason>`, `testFuzz_y failed: <reason>`). */
function sameFailure(finding: ReportFinding): Expectation {
  const quoted = evidenceOf(finding, 'property')?.reason ?? '';
  return { description: `fail as in the campaign (${finding.message})`, matches: (reason) => reason !== '' && quoted.includes(reason) };
}

/** A call of the test contract's own function (a stateless campaign's `testFuzz_*` entry point). */
function isTestCall(plan: ReproducerPlan, call: ReportCall): boolean {
  return plan.harness !== undefined && call.contract === plan.harness.contract;
}

/**
 * A test function called as forge calls it, from the reproducer's own test (same sender, no
 * prank), with the counterexample's arguments; undefined for any other call of the sequence. One
 * whose outcome is compared with the base's is an external call of the test contract to itself, so
 * that its revert is kept rather than thrown. It is not pranked: forge refuses a test's own
 * `vm.startPrank` while a `vm.prank` is ongoing, so msg.sender is the test contract there.
 */
export function testCallStatement(
  plan: ReproducerPlan,
  call: ReportCall,
  values: AddressNames,
  need: (type: string) => void,
  how: 'plain' | 'try' | 'compare',
): string[] | undefined {
  if (!isTestCall(plan, call)) return undefined;
  const fn = functionOf(plan.harness!.abi, call.function);
  const args = fn === undefined ? undefined : typedArguments(fn.inputs, call.args, values, need);
  if (fn === undefined || args === undefined) throw new Error(`${call.function} of ${call.contract} takes arguments the reproducer cannot write as literals`);
  const via = overloadInterface(plan.harness!.abi, fn);
  if (how === 'compare' || via !== undefined)
    return typedStatement({ instance: 'this', fn: fn.name, value: '', args, via }, how === 'compare' ? 'compare' : 'plain');
  const target = plan.harness!.externalFunctions.includes(fn.name) ? `this.${fn.name}` : fn.name;
  return [`${target}(${args.join(', ')});`];
}

/**
 * The senders and contracts the test's statements name, as local variables at the addresses the
 * campaign saw: locals, not state variables, so that a name the test contract already declares
 * (its own `pool`, `alice`) is shadowed instead of declared twice. `need` is told the contract types used.
 */
export function suiteLocals(plan: ReproducerPlan, instances: AddressNames, body: readonly string[], need: (type: string) => void): string[] {
  const text = body.join('\n');
  const used = (name: string) => new RegExp(`\\b${name}\\b`).test(text);
  const senders = plan.senders.flatMap((s) => {
    const name = instances.get(s.address.toLowerCase())!;
    return used(name) ? [`address ${name} = ${getAddress(s.address)};`] : [];
  });
  // A state variable is read before any local is declared: a local of the same name (the name Lookout
  // gives another deployment, `pair` beside the test's own `pair`) would shadow it from there on.
  const reads: string[] = [];
  const contracts = plan.deployments.flatMap((d) => {
    const name = instances.get(d.address.toLowerCase());
    if (d.how.kind === 'library' || name === undefined || !used(name)) return [];
    need(d.contract);
    if (d.variable === undefined) return [`${d.contract} ${name} = ${d.contract}(payable(${getAddress(d.address)}));`];
    reads.push(`address ${name}Address = address(${d.variable});`);
    return [`${d.contract} ${name} = ${d.contract}(payable(${name}Address));`];
  });
  return [...reads, ...senders, ...contracts];
}
