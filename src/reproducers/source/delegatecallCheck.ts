import { getAddress, keccak256, toHex } from 'viem';
import { addressText, type AddressNames } from '../../report/index.js';
import type { Check } from './checks.js';
import { evidenceOf, noEvidence } from './evidence.js';
import { MARK, marked } from './mark.js';
import type { ReproducerPlan } from './types.js';

/** The reproducer's stand-in for the code the caller chose: its contract, the constant naming its address, and the slot it marks. */
export const CHOSEN_CODE = { contract: 'ChosenCode', address: 'CHOSEN_CODE', slot: 'CHOSEN_CODE_RAN' } as const;

/**
 * Where the stand-in lives: a fixed address no deployment takes (a hash's last 20 bytes), so that a
 * call the reproducer can only write as the campaign's raw calldata can name it too.
 */
export const CHOSEN_CODE_ADDRESS = getAddress(`0x${keccak256(toHex('Lookout: code the caller chose')).slice(-40)}`);

/**
 * A controlled delegatecall shown by running code of the reproducer's own choosing in the victim:
 * `ChosenCode` is etched at a fixed address and passed wherever the campaign passed the address it
 * controlled (the same argument positions, so a setter then the call still works); when the victim
 * delegatecalls it, it writes a marker slot, in the victim's storage — which no code but the
 * victim's own could write. It returns nothing, as the campaign's code-less target did, so the call
 * ends as it did in the campaign. The test fails while the marker is there; on a revision that does
 * not delegate to the caller's address (or reverts the call) it stays empty.
 */
export function delegatecallCheck(plan: ReproducerPlan, values: AddressNames): Check {
  const delegation = evidenceOf(plan.finding, 'controlled-delegatecall');
  if (delegation === undefined) return noEvidence('controlled-delegatecall');
  const victim = addressText(delegation.from, values);
  const text = `${victim} ran code its caller chose (${delegation.opcode} to an address passed in)`;
  return {
    kind: 'check',
    before: [`vm.etch(${CHOSEN_CODE.address}, type(${CHOSEN_CODE.contract}).runtimeCode);`],
    beforeLast: [],
    last: 'try',
    after: [`require(vm.load(${victim}, ${CHOSEN_CODE.slot}) == bytes32(0), "${MARK} ${text}");`],
    declarations: chosenCode(),
    standIn: { replaced: delegation.target, expression: CHOSEN_CODE.address, address: CHOSEN_CODE_ADDRESS },
    expectation: marked(text),
  };
}

function chosenCode(): string[] {
  return [
    `// Where the reproducer puts ${CHOSEN_CODE.contract}'s code: it stands in for the address the campaign passed in.`,
    `address constant ${CHOSEN_CODE.address} = ${CHOSEN_CODE_ADDRESS};`,
    `// The slot ${CHOSEN_CODE.contract} marks in the storage of whatever runs it.`,
    `bytes32 constant ${CHOSEN_CODE.slot} = keccak256("Lookout: code the caller chose ran here");`,
    '',
    `/// Code a caller chose: run by DELEGATECALL or CALLCODE, it writes to the storage of the contract that ran it.`,
    `contract ${CHOSEN_CODE.contract} {`,
    '    fallback() external payable {',
    `        bytes32 slot = ${CHOSEN_CODE.slot};`,
    '        assembly {',
    '            sstore(slot, 1)',
    '        }',
    '    }',
    '}',
    '',
  ];
}
