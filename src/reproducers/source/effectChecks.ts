import { addressText, type AddressNames } from '../../report/index.js';
import type { Check } from './checks.js';
import { evidenceOf, noEvidence } from './evidence.js';
import { MARK, marked } from './mark.js';
import type { ReproducerPlan } from './types.js';

/*
 * Findings that are effects of the last call rather than its failure (src/oracles/storageWrite.ts,
 * selfdestruct.ts): the reproducer observes the effect in state after it and fails while it is there.
 */

/**
 * The slot the caller chose holds a marker before the last call (`vm.store`) and something else after
 * it: any write shows, also of the value the slot held (often zero). The slot is the campaign's
 * random probe, which no contract means to use, so the marker changes nothing else. A write in a call
 * that reverts is undone: nothing is left to see.
 */
export function storageWriteCheck(plan: ReproducerPlan, values: AddressNames): Check {
  const write = evidenceOf(plan.finding, 'arbitrary-storage-write');
  if (write === undefined) return noEvidence('arbitrary-storage-write');
  if (plan.head?.at(-1)?.success === false)
    return { kind: 'unsupported', reason: 'the write happens in a call that reverts, which undoes it: nothing is left to observe' };
  const written = addressText(write.contract, values);
  const at = `${written}, bytes32(uint256(${write.slot}))`;
  const text = `the last call wrote the slot ${write.slot} of ${written}, which its caller chose`;
  return {
    kind: 'check',
    before: [],
    beforeLast: [`vm.store(${at}, CHOSEN_SLOT_MARKER);`],
    last: 'try',
    after: [`require(vm.load(${at}) == CHOSEN_SLOT_MARKER, "${MARK} ${text}");`],
    members: [
      '/// What the chosen slot holds before the last call: a write of anything else shows.',
      'bytes32 internal constant CHOSEN_SLOT_MARKER = keccak256("Lookout: the slot the caller chose");',
    ],
    expectation: marked(text),
  };
}

/**
 * After the last call the contract still holds its ether: a SELFDESTRUCT from a sender other than the
 * deployer sweeps it (since Cancun the code stays, so the balance is what shows). The contract is
 * given 1 ether more before the call, so that the sweep shows even when it held none.
 */
export function selfdestructCheck(plan: ReproducerPlan, values: AddressNames): Check {
  const destruct = evidenceOf(plan.finding, 'unprotected-selfdestruct');
  if (destruct === undefined) return noEvidence('unprotected-selfdestruct');
  const { contract: from, beneficiary } = destruct;
  if (from.toLowerCase() === beneficiary.toLowerCase())
    return { kind: 'unsupported', reason: 'the contract is its own beneficiary: its balance does not change, so nothing shows' };
  const subject = addressText(from, values);
  const text = `a sender other than the deployer swept ${subject}'s ether with SELFDESTRUCT`;
  return {
    kind: 'check',
    before: [],
    beforeLast: [`vm.deal(${subject}, ${subject}.balance + 1 ether);`, `uint256 heldBefore = ${subject}.balance;`],
    last: 'try',
    after: [`require(${subject}.balance == heldBefore, "${MARK} ${text}");`],
    expectation: marked(text),
  };
}
