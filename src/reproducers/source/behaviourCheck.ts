import { encodeAbiParameters, type Hex } from 'viem';
import { addressText, etherText, type AddressNames } from '../../report/index.js';
import type { Check } from './checks.js';
import { MARK } from './mark.js';
import type { RecordedLog, ReproducerPlan, StepOutcome } from './types.js';

/** forge's `Vm.Log`, as `getRecordedLogs` returns it: what the recorded logs are ABI-encoded as. */
const LOGS = [
  {
    type: 'tuple[]',
    components: [
      { name: 'topics', type: 'bytes32[]' },
      { name: 'data', type: 'bytes' },
      { name: 'emitter', type: 'address' },
    ],
  },
] as const;

/** The differences the reproducer asserts: each compares the outcome and data, and `comparison` adds what else it needs. */
const COMPARED = ['outcome', 'revert-reason', 'return-value', 'events', 'ether', 'token-balance'];

/**
 * The diverging call must end as it did on the base: the same success and the same return (or
 * revert) data; for a difference in events also the same logs (emitters, topics and data, in order,
 * recorded with `vm.recordLogs`), for one in ether the same change to every sender's and
 * deployment's balance, for one in token balances the same change to the token views either
 * revision's call changed. So the test passes on the base and fails on head.
 */
export function behaviourCheck(plan: ReproducerPlan, instances: AddressNames, values: AddressNames): Check {
  const { baseOutcome, finding } = plan;
  if (baseOutcome === undefined) return { kind: 'unsupported', reason: 'the base outcome of the diverging call is not known (no base build to replay it on)' };
  const difference = finding.behaviour?.difference;
  if (difference === undefined || !COMPARED.includes(difference)) {
    return {
      kind: 'unsupported',
      reason: `the revisions differ in ${difference ?? 'an unknown way'}, which the reproducer does not compare (it compares the call's outcome, return data, events, ether and token balances)`,
    };
  }
  const extra = comparison(difference, plan, baseOutcome, instances, values);
  if (typeof extra === 'string') return { kind: 'unsupported', reason: extra };
  const data = baseOutcome.returnData.replace(/^0x/, '');
  const expected = `${baseOutcome.success ? 'succeed' : 'revert'} with the base's ${baseOutcome.success ? 'return' : 'revert'} data${extra.what}`;
  return {
    kind: 'check',
    before: [],
    beforeLast: extra.beforeLast,
    last: 'compare',
    after: [
      `// The base ${finding.behaviour!.base}; head ${finding.behaviour!.head}.`,
      `require(success == ${baseOutcome.success}, "${MARK} the call does not ${baseOutcome.success ? 'succeed' : 'revert'} as on the base");`,
      `require(keccak256(returned) == keccak256(hex"${data}"), "${MARK} the call returns other data than on the base");`,
      ...extra.after,
    ],
    expectation: { description: `fail: the last call must ${expected}`, matches: (reason) => reason.includes(`${MARK} the call`) },
  };
}

/** Statements around the diverging call for one more thing compared, and its words in the expectation. */
interface Comparison {
  beforeLast: string[];
  after: string[];
  what: string;
}

/** The comparison a difference adds, or why the reproducer cannot make it. */
function comparison(difference: string, plan: ReproducerPlan, base: StepOutcome, instances: AddressNames, values: AddressNames): Comparison | string {
  switch (difference) {
    case 'events':
      return base.logs === undefined ? "the base's logs of the diverging call were not recorded" : eventsComparison(base.logs);
    case 'ether':
      return base.ether === undefined ? "the base's ether changes of the diverging call were not recorded" : etherComparison(base.ether, values);
    case 'token-balance':
      return tokenComparison(plan, base, instances, values) ?? 'no token view the reproducer can read changed on the base or on head';
    default:
      return { beforeLast: [], after: [], what: '' };
  }
}

/** Only the diverging call's logs: recording starts right before it. */
function eventsComparison(logs: readonly RecordedLog[]): Comparison {
  return {
    beforeLast: ['vm.recordLogs();'],
    after: [
      `require(keccak256(abi.encode(vm.getRecordedLogs())) == keccak256(hex"${encodedLogs(logs).slice(2)}"), "${MARK} the call emits other events than on the base");`,
    ],
    what: ' and events',
  };
}

/** Each account the reproducer names (and any the base's call moved ether of) ends changed by what the base's call changed it by. */
function etherComparison(ether: NonNullable<StepOutcome['ether']>, values: AddressNames): Comparison {
  const changes = new Map(ether.map((e) => [e.account.toLowerCase(), e.change]));
  const accounts = [...new Set([...values.keys(), ...changes.keys()])];
  const names = accounts.map((a) => addressText(a, values));
  return {
    beforeLast: [`uint256[${accounts.length}] memory etherBefore = [${names.map((n) => `${n}.balance`).join(', ')}];`],
    after: accounts.map(
      (account, i) =>
        `require(${changedBy(`${names[i]}.balance`, `etherBefore[${i}]`, changes.get(account) ?? 0n, etherText)}, "${MARK} the call moves other ether than on the base (${names[i]})");`,
    ),
    what: ' and ether movements',
  };
}

/** `abi.encode(logs)` of the base's logs, as the test encodes what it recorded. */
function encodedLogs(logs: readonly RecordedLog[]): Hex {
  return encodeAbiParameters(LOGS, [logs.map((log) => ({ topics: log.topics as Hex[], data: log.data as Hex, emitter: log.emitter as Hex }))]);
}

/**
 * The token views the base's or head's diverging call changed (every supply and balance when head's
 * changes are not known) change as on the base. A view that reverted on the base is left out.
 */
function tokenComparison(plan: ReproducerPlan, base: StepOutcome, instances: AddressNames, values: AddressNames): Comparison | undefined {
  const views = plan.tokenViews ?? [];
  const head = plan.head?.at(-1)?.tokenChanges;
  const compared = views.flatMap((view, i) => {
    const change = base.tokenChanges?.[i];
    const instance = instances.get(view.token.toLowerCase());
    if (change === undefined || instance === undefined) return [];
    const moved = change !== 0n || (head === undefined ? view.fn !== 'allowance' : head[i] !== 0n);
    return moved ? [{ read: `${instance}.${view.fn}(${view.args.map((a) => addressText(a, values)).join(', ')})`, change }] : [];
  });
  if (compared.length === 0) return undefined;
  return {
    beforeLast: [`uint256[${compared.length}] memory tokensBefore = [${compared.map((c) => c.read).join(', ')}];`],
    after: compared.map(
      ({ read, change }, i) =>
        `require(${changedBy(read, `tokensBefore[${i}]`, change, String)}, "${MARK} the call changes other token balances than on the base (${read})");`,
    ),
    what: ' and token balance changes',
  };
}

/** `now` is `before` changed by `change`, written without a subtraction that could underflow. */
function changedBy(now: string, before: string, change: bigint, amount: (value: bigint) => string): string {
  if (change === 0n) return `${now} == ${before}`;
  return change > 0n ? `${now} == ${before} + ${amount(change)}` : `${now} + ${amount(-change)} == ${before}`;
}
