import type { ContractId } from '../../compile/index.js';

/**
 * Each head deployment's counterpart among the base's (-1 for none): the k-th deployment of a
 * contract on head is the k-th of the same contract (file and name) on base. Both revisions deploy
 * by one plan, so a setUp() that makes two token users of one contract makes them in the same order;
 * matching by contract alone would send every call to the first of them.
 */
export function counterpartDeployments(head: readonly { id: ContractId }[], base: readonly { id: ContractId }[]): number[] {
  const seen = new Map<ContractId, number>();
  return head.map(({ id }) => {
    const occurrence = seen.get(id) ?? 0;
    seen.set(id, occurrence + 1);
    let left = occurrence;
    return base.findIndex((c) => c.id === id && left-- === 0);
  });
}
