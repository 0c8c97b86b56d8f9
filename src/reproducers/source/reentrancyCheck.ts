import type { ReproducerPlan } from './types.js';
import { ATTACKER_INSTANCE, attackerCall, typedStatement, type CallContext } from './attackerCalls.js';
import type { Check } from './checks.js';

const MESSAGE = 'the attacker gained more ether by re-entering than by the same calls made one after the other';

/**
 * What the reentrancy oracle checks (src/oracles/reentrancy.ts): the last call, through the attacker
 * with a re-entry, leaves the attacker with no more ether than its two calls made one after the
 * other from the same state — the forwarded call alone, then the re-entry call as a transaction of
 * its own. Those two run in `sequentialAttackerBalance()`, which reverts with the attacker's balance
 * (forge-std's state snapshots are not needed, so the test runs on any `Test`).
 */
export function reentrancyCheck(plan: ReproducerPlan, context: CallContext, mark: string): Check {
  const last = plan.finding.sequence.at(-1);
  if (last?.attacker?.reenters == null || plan.attacker === undefined)
    return { kind: 'unsupported', reason: 'the last call does not re-enter through Lookout’s attacker' };
  const sender = context.values.get(last.sender.toLowerCase()) ?? last.sender;
  const prank = `vm.prank(${sender}, ${sender});`;
  const balance = `address(${ATTACKER_INSTANCE}).balance`;
  return {
    kind: 'check',
    before: [],
    beforeLast: [
      '(, bytes memory sequential) = address(this).call(abi.encodeCall(this.sequentialAttackerBalance, ()));',
      'uint256 attackerOneAfterTheOther = abi.decode(sequential, (uint256));',
    ],
    last: 'try',
    after: [`require(${balance} <= attackerOneAfterTheOther, "${mark} ${MESSAGE}");`],
    members: [
      `/// The attacker's ether after the last call's two calls made one after the other, without re-entry;`,
      '/// it reverts with it, so the test goes on from the state before them.',
      'function sequentialAttackerBalance() external {',
      `    ${prank}`,
      ...typedStatement(attackerCall(last, 'forward', context), 'try').map((line) => `    ${line}`),
      `    ${prank}`,
      ...typedStatement(attackerCall(last, 'reentry', context), 'try').map((line) => `    ${line}`),
      `    uint256 attackerBalance = ${balance};`,
      '    assembly {',
      '        mstore(0, attackerBalance)',
      '        revert(0, 32)',
      '    }',
      '}',
    ],
    expectation: { description: `fail with "${mark} ${MESSAGE}"`, matches: (reason) => reason.includes(`${mark} ${MESSAGE}`) },
  };
}
