import { encodeAbiParameters, type Hex } from 'viem';
import type { Check } from './checks.js';
import { MARK } from './mark.js';
import type { RecordedLog, ReproducerPlan } from './types.js';

/** forge's `Vm.Log`, as `getRecordedLogs` returns it: what the recorded logs are ABI-encoded as. */
const LOGS = [{ type: 'tuple[]', components: [{ name: 'topics', type: 'bytes32[]' }, { name: 'data', type: 'bytes' }, { name: 'emitter', type: 'address' }] }] as const;

/**
 * The diverging call must end as it did on the base: the same success and the same return (or
 * revert) data, and for a difference in events the same logs (emitters, topics and data, in order,
 * recorded with `vm.recordLogs`). So the test passes on the base and fails on head; ether and token
 * movements with equal return data and events are not compared.
 */
export function behaviourCheck(plan: ReproducerPlan): Check {
  const { baseOutcome, finding } = plan;
  if (baseOutcome === undefined) return { kind: 'unsupported', reason: 'the base outcome of the diverging call is not known (no base build to replay it on)' };
  const difference = finding.behaviour?.difference;
  if (difference !== 'outcome' && difference !== 'revert-reason' && difference !== 'return-value' && difference !== 'events') {
    return { kind: 'unsupported', reason: `the revisions differ in ${difference ?? 'an unknown way'}, which the reproducer does not compare (it compares the call's outcome, return data and events)` };
  }
  const events = difference === 'events';
  const data = baseOutcome.returnData.replace(/^0x/, '');
  const expected = `${baseOutcome.success ? 'succeed' : 'revert'} with the base's ${baseOutcome.success ? 'return' : 'revert'} data${events ? ' and events' : ''}`;
  return {
    kind: 'check',
    before: [],
    // Only the diverging call's logs: recording starts right before it.
    beforeLast: events ? ['vm.recordLogs();'] : [],
    last: 'compare',
    after: [
      `// The base ${finding.behaviour!.base}; head ${finding.behaviour!.head}.`,
      `require(success == ${baseOutcome.success}, "${MARK} the call does not ${baseOutcome.success ? 'succeed' : 'revert'} as on the base");`,
      `require(keccak256(returned) == keccak256(hex"${data}"), "${MARK} the call returns other data than on the base");`,
      ...(events ? [`require(keccak256(abi.encode(vm.getRecordedLogs())) == keccak256(hex"${encodedLogs(baseOutcome.logs).slice(2)}"), "${MARK} the call emits other events than on the base");`] : []),
    ],
    expectation: { description: `fail: the last call must ${expected}`, matches: (reason) => reason.includes(`${MARK} the call`) },
  };
}

/** `abi.encode(logs)` of the base's logs, as the test encodes what it recorded. */
function encodedLogs(logs: readonly RecordedLog[]): Hex {
  return encodeAbiParameters(LOGS, [logs.map((log) => ({ topics: log.topics as Hex[], data: log.data as Hex, emitter: log.emitter as Hex }))]);
}
