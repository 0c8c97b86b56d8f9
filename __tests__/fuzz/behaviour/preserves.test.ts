import { callTargets } from '../../../src/abi/encoding.js';
import type { Call } from '../../../src/abi/types.js';
import { ATTACKER_ID } from '../../../src/deploy/index.js';
import { createBehaviourDiff, type Divergence } from '../../../src/fuzz/behaviour/index.js';
import { calldata } from '../../../src/fuzz/inputs/attackerCalls.js';
import { addressOf, call, deployRevisions, randomSequences } from './revisions.js';

/**
 * Pull requests that preserve behaviour must report nothing: a storage-layout refactor and a gas-only
 * change, each on a few hundred random sequences from the fuzzer's value generation (seeded). The
 * same sequences on a pull request that does change behaviour find it, so the check is not vacuous.
 */
const SEQUENCES = 300;

async function divergences(fixture: string, wanted: string[], seed: number): Promise<Divergence[]> {
  const worlds = await deployRevisions(fixture, wanted);
  const diff = await createBehaviourDiff(worlds);
  const found: Divergence[] = [];
  for (const sequence of randomSequences(worlds.head, SEQUENCES, seed)) {
    const divergence = await diff.check(sequence);
    if (divergence) found.push(divergence);
  }
  return found;
}

it('reports nothing across a storage-layout change (variables reordered and packed)', async () => {
  expect((await divergences('layout-refactor', ['Ledger'], 1)).map((d) => d.message)).toEqual([]);
});

it('reports nothing for a gas-only change (unchecked loop increments, cached storage reads)', async () => {
  expect((await divergences('gas-only', ['Roster'], 2)).map((d) => d.message)).toEqual([]);
});

describe('a pull request that adds a function (transferBatch) and moves transfer into a helper', () => {
  it('reports nothing on random sequences, which call the new function too', async () => {
    expect((await divergences('new-function', ['BatchToken'], 4)).map((d) => d.message)).toEqual([]);
  });

  it('compares no call after one that base lacks and that changed state', async () => {
    const { base, head } = await deployRevisions('new-function', ['BatchToken']);
    const diff = await createBehaviourDiff({ base, head });
    // The batch empties the deployer on head only: transfer then fails on head alone, which says nothing about transfer.
    const emptied = [call(head, 'BatchToken', 'transferBatch', [[addressOf(head, 'bob')], [1_000_000n]]), call(head, 'BatchToken', 'transfer', ['alice', 1n])];
    expect(await diff.check(emptied)).toBeUndefined();
    // Through Lookout's attacker, base's attacker is there but the function it forwards to is not: base's refusal proves nothing either.
    const attacker = head.contracts.findIndex((c) => c.id === ATTACKER_ID);
    const batch = call(head, 'BatchToken', 'transferBatch', [[addressOf(head, 'bob')], [0n]]);
    const forwarded: Call = {
      ...batch,
      to: attacker,
      target: callTargets(head.contracts[attacker].abi)[0],
      args: [addressOf(head, 'BatchToken'), calldata(batch), '0x'],
    };
    expect(await diff.check([forwarded])).toBeUndefined();
  });
});

it('finds a behaviour change with the same kind of random sequences', async () => {
  const found = await divergences('unchecked-withdraw', ['Bank'], 3);
  expect(found.length).toBeGreaterThan(0);
  expect(new Set(found.map((d) => d.function))).toEqual(new Set(['withdraw(uint256)']));
});
