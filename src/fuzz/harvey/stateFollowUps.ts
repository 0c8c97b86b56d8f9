import type { AbiValue, Call, TxSequence } from '../../abi/index.js';
import type { StorageSlot } from './ddsf.js';

/**
 * Share of the campaign's transactions follow-ups may take: p_a, the share of inputs Harvey gives
 * aggressive runs, the other way demand-driven sequences spend budget on state.
 */
export const FOLLOW_UP_SHARE = 0.125;

/** Demands remembered (the newest): every mapping slot a function compares can hold one. */
const WANTED_LIMIT = 4096;

/** Times a comparison site must give the same value, and no other, before a state holding it is followed up. */
export const CONFIRMATIONS = 2;

/**
 * DDSF's demand, met when a real state meets it (Harvey Sect. 5): aggressive mode fuzzes a slot a
 * function read towards what that function compared it with (Foo's x == 42, a stage check's
 * expected stage); when an input leaves such a value in that slot, the function runs right after
 * that input's state-changing calls — the call that made the comparison, now on the state it asked
 * for. Mutations alone reach it only by drawing that setup and that call together: on LongSequence
 * thousands of transactions per stage for a call that passes the stage check, whose argument input
 * prediction then solves in a few.
 *
 * A demand is a guard on a constant: a comparison site (function, code, comparison pc) that compared
 * a slot it read with the same value at least CONFIRMATIONS times and never with another. A value
 * that moves from call to call at one site says nothing about the state the function wants: the
 * overflow check of `calls += 1` compares the counter with its own next value, `b + c < 1` compares
 * whatever the arguments sum to, and a counter that happens to equal such an operand once (Baz,
 * Quadratic) asked for nothing. The demand is kept for the slot that held the compared value, so a
 * state elsewhere (another holder's balance) does not meet it. Each function, slot and value is
 * followed up once, and a site that later compares with another value demands nothing more.
 * Follow-ups are regular inputs, kept and judged like any, and take at most `share` of the
 * transactions spent.
 */
export class StateFollowUps {
  /** Follow-up inputs run. */
  ran = 0;
  /** Comparison site (`siteKey`) → the value it compared a read slot with, and how often. */
  private readonly sites = new Map<string, SiteRecord>();
  /** Slot and value (`demandKey`) → function → its demand there. */
  private readonly wanted = new Map<string, Map<string, Demand>>();
  /** Function, slot and value already followed up. */
  private readonly done = new Set<string>();
  private readonly pending: TxSequence[] = [];
  private spent = 0;

  constructor(
    /** Longest input (MutationContext.maxSequenceLength): a setup that long has no room for a call. */
    private readonly maxLength: number,
    private readonly share: number = FOLLOW_UP_SHARE,
  ) {}

  /**
   * A call of function `key` read `reads` (whose values `valueOf` gives now) and compared
   * `comparisons`: where a comparison met the value a read slot holds, its other operand is a value
   * that slot could hold for the call to go the other way (what aggressive mode would write there),
   * once its site has confirmed it. Operands the call brought itself (its arguments, its ether) or
   * stored itself (`stored`: a new balance checked for overflow) are left out: a state holding them is
   * the call's own doing; a slot's value equal to an argument may be the argument that was compared.
   */
  observe(
    key: string,
    call: Call,
    reads: readonly StorageSlot[],
    comparisons: readonly Comparison[],
    stored: readonly { value: bigint }[],
    valueOf: (slot: StorageSlot) => bigint,
  ): void {
    if (reads.length === 0 || comparisons.length === 0) return;
    const held = new Map<bigint, StorageSlot[]>();
    for (const slot of reads) {
      const value = valueOf(slot);
      const holders = held.get(value);
      if (holders === undefined) held.set(value, [slot]);
      else holders.push(slot);
    }
    let own: Set<bigint> | undefined;
    let args: Set<bigint> | undefined;
    for (const comparison of comparisons) {
      const { left, right } = comparison;
      const [matched, partner] = held.has(left) ? [left, right] : [right, left];
      const holders = held.get(matched);
      if (holders === undefined || held.has(partner)) continue;
      // An operand equal to an argument may be that, not the slot (Baz's `b < 3` with b equal to the
      // counter): ambiguous, so no evidence either way.
      args ??= new Set(argumentWords(call.args));
      own ??= new Set([call.value, ...args, ...stored.map((w) => w.value)]);
      if (own.has(partner) || args.has(matched)) continue;
      const site = siteKey(key, comparison);
      if (!this.confirm(site, partner)) continue;
      for (const slot of holders) this.demand(slot, partner, key, { call, site });
    }
  }

  /**
   * An input left `written` slots with the values `valueOf` gives: queues, for each function whose
   * demand such a slot now meets, the input's `setup()` (its state-changing calls) and that
   * function's call.
   */
  offer(written: readonly StorageSlot[], valueOf: (slot: StorageSlot) => bigint, setup: () => TxSequence): void {
    let calls: TxSequence | undefined;
    const seen = new Set<string>();
    for (const slot of written) {
      const key = slotKey(slot);
      if (seen.has(key)) continue;
      seen.add(key);
      const value = valueOf(slot);
      const demands = this.wanted.get(demandKey(slot, value));
      if (demands === undefined) continue;
      for (const [reader, { call, site }] of demands) {
        const id = `${reader}|${key}|${value}`;
        if (this.done.has(id) || this.sites.get(site)?.conflicting !== false) continue;
        calls ??= setup();
        if (calls.length === 0 || calls.length >= this.maxLength) return;
        this.done.add(id);
        this.pending.push([...calls, call]);
      }
    }
  }

  /** Queues another technique's follow-up (`mappingKeys.ts`) under the same share, once per `id`. */
  enqueue(id: string, input: TxSequence): void {
    if (this.done.has(id) || input.length > this.maxLength) return;
    this.done.add(id);
    this.pending.push(input);
  }

  /**
   * The next follow-up input, newest first (the deepest setups come last); undefined when none is pending or running it would take
   * follow-ups past their share of `spentTotal` transactions.
   */
  next(spentTotal: number): TxSequence | undefined {
    const input = this.pending[this.pending.length - 1];
    if (input === undefined || this.spent + input.length > this.share * spentTotal) return undefined;
    this.pending.pop();
    this.spent += input.length;
    this.ran++;
    return input;
  }

  /** Records that `site` compared a read slot with `value`; whether it is a confirmed guard on that value. */
  private confirm(site: string, value: bigint): boolean {
    const record = this.sites.get(site);
    if (record === undefined) {
      this.sites.set(site, { value, times: 1, conflicting: false });
      return CONFIRMATIONS <= 1;
    }
    if (record.value !== value) record.conflicting = true;
    else record.times++;
    return !record.conflicting && record.times >= CONFIRMATIONS;
  }

  /** Remembers that function `reader` wants `value` in `slot`, as the newest demand (the oldest go past WANTED_LIMIT). */
  private demand(slot: StorageSlot, value: bigint, reader: string, demand: Demand): void {
    const key = demandKey(slot, value);
    const demands = this.wanted.get(key) ?? new Map<string, Demand>();
    this.wanted.delete(key);
    demands.set(reader, demand);
    this.wanted.set(key, demands);
    if (this.wanted.size > WANTED_LIMIT) this.wanted.delete(this.wanted.keys().next().value!);
  }
}

/** What one comparison site compared read slots with: the first value, how often since, and whether another value came. */
interface SiteRecord {
  value: bigint;
  times: number;
  conflicting: boolean;
}

/** A function's call that compared a slot with a value, and the site that did. */
interface Demand {
  call: Call;
  site: string;
}

/** A branch comparison's site and operands (`BranchComparison` has them). */
interface Comparison {
  codeId: number;
  cmpPc: number;
  left: bigint;
  right: bigint;
}

function slotKey(slot: StorageSlot): string {
  return `${slot.address}:${slot.slot}`;
}

/** A comparison site of a function: the same code and pc called through another function is another site (an internal `advance(expected)` shared by steps). */
function siteKey(fn: string, { codeId, cmpPc }: Comparison): string {
  return `${fn}|${codeId}:${cmpPc}`;
}

function demandKey(slot: StorageSlot, value: bigint): string {
  return `${slotKey(slot)}=${value}`;
}

/** The numbers among decoded arguments (integers, addresses, fixed bytes), nested ones included. */
function argumentWords(args: readonly AbiValue[], words: bigint[] = []): bigint[] {
  for (const value of args) {
    if (typeof value === 'bigint') words.push(value);
    else if (typeof value === 'string' && /^0x[0-9a-f]{1,64}$/i.test(value)) words.push(BigInt(value));
    else if (Array.isArray(value)) argumentWords(value, words);
  }
  return words;
}
