import { type AddressNames, addressText, etherText, instanceName, integerText } from '../../report/index.js';
import { describePanic } from '../../abi/index.js';
import type { CallContext } from './attackerCalls.js';
import { behaviourCheck } from './behaviourCheck.js';
import { delegatecallCheck } from './delegatecallCheck.js';
import { evidenceOf, noEvidence } from './evidence.js';
import { selfdestructCheck, storageWriteCheck } from './effectChecks.js';
import { MARK, marked } from './mark.js';
import { reentrancyCheck } from './reentrancyCheck.js';
import type { Expectation, ReproducerPlan } from './types.js';

/**
 * How the reproducer shows one kind of finding: statements before the sequence, how its last call
 * is made (`plain`: its revert is the failure; `try`: the assertions after it are, and a revision
 * where it reverts, like the base, passes; `compare`: its outcome is compared with the base's), the
 * assertions after it, functions the test contract needs for them (`members`), code beside the test
 * contract (`declarations`), an address of the sequence's arguments it passes its own in place of
 * (`standIn`), and what a failing run must say. `unsupported`: why it cannot show it.
 */
export type Check =
  | {
      kind: 'check';
      before: string[];
      beforeLast: string[];
      last: 'plain' | 'try' | 'compare';
      after: string[];
      expectation: Expectation;
      members?: string[];
      declarations?: string[];
      standIn?: StandIn;
    }
  | { kind: 'unsupported'; reason: string };

/**
 * An address the campaign passed as an argument that the reproducer replaces with one of its own:
 * `expression` in typed arguments, the word of `address` in calls written as raw calldata.
 */
export interface StandIn {
  replaced: string;
  expression: string;
  address: string;
}

/** `instances`: the contract variables by address; `values`: addresses as expressions (`alice`, `address(vault)`). */
export function findingCheck(plan: ReproducerPlan, instances: AddressNames, values: AddressNames, calls: CallContext): Check {
  const { finding } = plan;
  switch (finding.kind) {
    case 'assertion':
    case 'panic':
      return panicCheck(finding.panicCode ?? '0x01');
    case 'property':
      return propertyCheck(plan);
    case 'ether-leak':
      return etherLeakCheck(plan);
    case 'token-theft':
      return tokenTheftCheck(plan, instances, values);
    case 'behaviour-change':
    case 'behaviour-permits':
    case 'behaviour-value':
      return behaviourCheck(plan, instances, values);
    case 'reentrancy':
      return reentrancyCheck(plan, calls, MARK);
    case 'arbitrary-storage-write':
      return storageWriteCheck(plan, values);
    case 'unprotected-selfdestruct':
      return selfdestructCheck(plan, values);
    case 'controlled-delegatecall':
      return delegatecallCheck(plan, values);
  }
}

/**
 * The last call's revert fails the test only when it is the finding's panic (passed on as it is, so
 * forge and Lookout's runner report that panic): the base may turn the call down with a check of its
 * own (`require(tier < 4, "no such tier")`), and the reproducer must pass there.
 */
export function panicCheck(code: string): Check & { kind: 'check' } {
  const panic = describePanic(Number(code));
  return {
    kind: 'check',
    before: [],
    beforeLast: [],
    last: 'compare',
    after: [
      `// Only this call's Panic ${code} is the finding: another revert (a check the base makes) is not.`,
      `if (!success && keccak256(returned) == keccak256(abi.encodeWithSignature("Panic(uint256)", ${code}))) rethrow(success, returned);`,
    ],
    expectation: { description: `fail with ${panic}`, matches: (reason) => reason.startsWith(`Panic ${code}`) },
  };
}

/** `echidna_*`/`property_*` after the sequence: false (or a revert) fails it; `echidna_revert_*` must revert. */
function propertyCheck(plan: ReproducerPlan): Check {
  const property = plan.finding.function.replace(/\(\)$/, '');
  const subject = instanceName(plan.finding.contract);
  const message = `${property}() does not hold`;
  const after = property.startsWith('echidna_revert_')
    ? [`(bool returned, ) = address(${subject}).call(abi.encodeCall(${subject}.${property}, ()));`, `require(!returned, "${MARK} ${message}");`]
    : [`require(${subject}.${property}(), "${MARK} ${message}");`];
  // A property that reverts fails as forge's invariants do: with the revert.
  return {
    kind: 'check',
    before: [],
    beforeLast: [],
    last: 'try',
    after,
    expectation: { description: `fail with "${MARK} ${message}" or the property's revert`, matches: () => true },
  };
}

/**
 * The sender in profit and its partners (senders that named each other) end with at most the ether
 * they started with, together (senders pay no gas here, nor under a prank in forge).
 */
function etherLeakCheck(plan: ReproducerPlan): Check {
  const evidence = evidenceOf(plan.finding, 'ether-leak');
  if (evidence === undefined) return noEvidence('ether-leak');
  const accounts = [evidence.sender, ...evidence.partners].map((address) => plan.senders.find((s) => s.address.toLowerCase() === address.toLowerCase()));
  if (accounts.some((s) => s === undefined)) return { kind: 'unsupported', reason: 'the account in profit is not one of the senders' };
  const names = accounts.map((s) => s!.name);
  const sum = (suffix: string) => names.map((name) => `${name}${suffix}`).join(' + ');
  const opening = etherText(plan.senderBalance);
  const who = names.length === 1 ? `${names[0]} took out more ether than it sent in` : `${names.join(' and ')} took out more ether than they sent in`;
  return {
    kind: 'check',
    // As the oracle counts: what a sender paid in while setUp() deployed and funded the world (a deposit) was sent in, so
    // its baseline is the larger of its balance now and the balance setUp() dealt it.
    before: names.map((name) => `uint256 ${name}Before = ${name}.balance > ${opening} ? ${name}.balance : ${opening};`),
    beforeLast: [],
    last: 'try',
    after: [`require(${sum('.balance')} <= ${sum('Before')}, "${MARK} ${who}");`],
    expectation: {
      description: 'fail: the account in profit took out more ether than it sent in',
      matches: (reason) => reason.includes(MARK) && /took out more ether than (it|they) sent in/.test(reason),
    },
  };
}

/** The holder's balance falls by more than the callers were allowed, or an allowance rises without its owner: asserted around the last call. */
function tokenTheftCheck(plan: ReproducerPlan, names: AddressNames, values: AddressNames): Check {
  const theft = evidenceOf(plan.finding, 'token-theft');
  if (theft === undefined) return noEvidence('token-theft');
  const token = names.get(theft.token.toLowerCase());
  if (token === undefined) return { kind: 'unsupported', reason: `the token ${theft.token} is not one the reproducer deploys` };
  if (theft.theft === 'balance') {
    const who = addressText(theft.holder, values);
    return {
      kind: 'check',
      before: [],
      beforeLast: [`uint256 ${safe(who)}Tokens = ${token}.balanceOf(${who});`],
      last: 'try',
      // The callers' allowance covered this much of the drop.
      after: [
        `require(${token}.balanceOf(${who}) + ${integerText(BigInt(theft.allowance), 'uint256')} >= ${safe(who)}Tokens, "${MARK} ${who}'s tokens moved without an allowance covering them");`,
      ],
      expectation: marked(`${who}'s tokens moved`),
    };
  }
  const [who, by] = [addressText(theft.owner, values), addressText(theft.spender, values)];
  return {
    kind: 'check',
    before: [],
    beforeLast: [`uint256 allowanceBefore = ${token}.allowance(${who}, ${by});`],
    last: 'try',
    after: [`require(${token}.allowance(${who}, ${by}) <= allowanceBefore, "${MARK} ${who}'s allowance rose in a transaction ${who} did not send");`],
    expectation: marked(`${who}'s allowance rose`),
  };
}

/** An identifier from a name that may be an address literal. */
function safe(text: string): string {
  return /^[A-Za-z_]\w*$/.test(text) ? text : `holder${text.slice(2, 8)}`;
}
