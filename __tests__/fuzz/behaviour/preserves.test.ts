import { createBehaviourDiff, type Divergence } from '../../../src/fuzz/behaviour/index.js';
import { deployRevisions, randomSequences } from './revisions.js';

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

it('finds a behaviour change with the same kind of random sequences', async () => {
  const found = await divergences('unchecked-withdraw', ['Bank'], 3);
  expect(found.length).toBeGreaterThan(0);
  expect(new Set(found.map((d) => d.function))).toEqual(new Set(['withdraw(uint256)']));
});
