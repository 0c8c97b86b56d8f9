import { encodeCall, type TxSequence } from '../../abi/index.js';
import type { Divergence } from './types.js';

/** Divergences of one (contract, function, kind): a few examples, and how many there were. */
export interface DivergenceGroup<T extends Divergence> {
  key: string;
  examples: T[];
  /** Divergences seen with this key, duplicates of an example's sequence included. */
  total: number;
}

/**
 * Groups by key in order of first appearance, keeping at most `perGroup` examples with distinct
 * sequences each, the shortest (the first found among equals): a pull request that changes behaviour
 * on purpose gets a few examples per change, not thousands, and the shortest shrink soonest and read
 * best (issue 30: a 6-transaction example where a 1-transaction one diverges the same way).
 */
export function groupDivergences<T extends Divergence>(divergences: readonly T[], perGroup: number): DivergenceGroup<T>[] {
  const groups = new Map<string, DivergenceGroup<T> & { seen: Set<string> }>();
  for (const divergence of divergences) {
    let group = groups.get(divergence.key);
    if (!group) groups.set(divergence.key, (group = { key: divergence.key, examples: [], total: 0, seen: new Set() }));
    group.total++;
    const fingerprint = sequenceFingerprint(divergence.sequence);
    if (!group.seen.has(fingerprint)) {
      group.examples.push(divergence);
      group.seen.add(fingerprint);
    }
  }
  // A stable sort: equal lengths keep the order they were found in.
  const shortest = (examples: T[]) => [...examples].sort((a, b) => a.sequence.length - b.sequence.length).slice(0, perGroup);
  return [...groups.values()].map(({ key, examples, total }) => ({ key, examples: shortest(examples), total }));
}

function sequenceFingerprint(sequence: TxSequence): string {
  return sequence
    .map((call) => `${call.sender}>${call.to}:${Buffer.from(encodeCall(call)).toString('hex')}:${call.value}:${call.blockDelay}:${call.timeDelay}`)
    .join('|');
}
