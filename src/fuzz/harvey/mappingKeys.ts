import type { TxSequence } from '../../abi/index.js';
import type { Address, StorageAccess } from '../../evm/index.js';
import { argumentSites, holds, readNumeric, withNumeric } from './numericSite.js';

/** A mapping entry a successful call wrote (StorageAccess.origin `entry`), and who sent that call. */
export interface WrittenEntry {
  address: Address;
  base: bigint;
  key: bigint;
  sender: number;
}

/** A follow-up input and its identity (each is run once). */
export interface KeyFollowUp {
  id: string;
  input: TxSequence;
}

/** Keys of one mapping tried per empty lookup: the first ones the prefix wrote. */
const KEYS_PER_LOOKUP = 4;

/**
 * Registries hand out keys: `register()` files a record under the next id, a name or the sender, and
 * `setField(id, …)` looks the record up and checks its holder. A call refused (reverted) after it
 * looked up an empty entry under an id or name it was given (an integer or fixed-bytes argument equal
 * to the key), after earlier calls of its sequence wrote entries of the same mapping under other
 * keys, is followed up with each such key in the argument's place, and again as the entry's writer when another sender wrote it (a record's holder is usually
 * who filed it). Drawing that id and that sender together takes mutations thousands of tries (an id
 * of 1 is about one draw in 70, the sender one in three, after a `register` by that sender).
 */
export function keyFollowUps(sequence: TxSequence, emptyLookups: readonly StorageAccess[], written: readonly WrittenEntry[]): KeyFollowUp[] {
  const index = sequence.length - 1;
  const last = sequence[index];
  if (last === undefined || emptyLookups.length === 0 || written.length === 0) return [];
  // Ids and names, not addresses: an address key is a sender's or a contract's own, which the choice of
  // senders and address arguments already draws (and balances read under new holders are no refusal).
  const sites = argumentSites(last, index).filter((site) => site.domain.encoding !== 'address');
  const followUps: KeyFollowUp[] = [];
  for (const lookup of emptyLookups) {
    const site = sites.find((s) => readNumeric(sequence, s) === lookup.key);
    if (site === undefined) continue;
    const mapping = `${lookup.address}:${lookup.base}`;
    const keys = new Map<bigint, number>();
    for (const entry of written) {
      if (keys.size >= KEYS_PER_LOOKUP) break;
      if (entry.address !== lookup.address || entry.base !== lookup.base || entry.key === lookup.key || keys.has(entry.key)) continue;
      if (holds(site.domain, entry.key)) keys.set(entry.key, entry.sender);
    }
    for (const [key, writer] of keys) {
      const input = withNumeric(sequence, site, key);
      const id = (sender: number) => `${site.path[0]}@${selectorOf(sequence)}|${mapping}|${key}|${sender}`;
      followUps.push({ id: id(last.sender), input });
      if (writer !== last.sender) followUps.push({ id: id(writer), input: [...input.slice(0, index), { ...input[index], sender: writer }] });
    }
  }
  return followUps;
}

function selectorOf(sequence: TxSequence): string {
  const { target } = sequence[sequence.length - 1];
  return target.kind === 'function' ? target.selector : target.kind;
}
