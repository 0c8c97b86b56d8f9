import type { AbiValue, Call, TxSequence } from '../types.js';
import type { StorageSlot } from './ddsf.js';

/**
 * Share of the campaign's transactions follow-ups may take: p_a, the share of inputs Harvey gives
 * aggressive runs, the other way demand-driven sequences spend budget on state.
 */
export const FOLLOW_UP_SHARE = 0.125;

/** Values remembered per function (the newest): random arguments compared once must not pile up. */
const WANTED_LIMIT = 1024;

/**
 * DDSF's demand, met when a real state meets it (Harvey Sect. 5): aggressive mode fuzzes a slot a
 * function read towards what that function compared it with (Foo's x == 42, a stage check's
 * expected stage); when an input leaves such a value in a slot the function read, the function runs
 * right after that input's state-changing calls — the call that made the comparison, now on the
 * state it asked for. Mutations alone reach it only by drawing that setup and that call together:
 * on LongSequence thousands of transactions per stage for a call that passes the stage check, whose
 * argument input prediction then solves in a few. Each function, slot and value is followed up once,
 * so a state that changes with every call (a balance per deposit) asks for nothing unless it hits a
 * compared value. Follow-ups are regular inputs, kept and judged like any, and take at most `share`
 * of the transactions spent.
 */
export class StateFollowUps {
  /** Follow-up inputs run. */
  ran = 0;
  /** Slot (`slotKey`) → functions that read it. */
  private readonly readers = new Map<string, Set<string>>();
  /** Function → value it compared something with → the call that did. */
  private readonly wanted = new Map<string, Map<bigint, Call>>();
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
   * that slot could hold for the call to go the other way (what aggressive mode would write there).
   * Operands the call brought itself (its arguments, its ether) or stored itself (`stored`: a new
   * balance checked for overflow) are left out: a state holding them is the call's own doing.
   */
  observe(key: string, call: Call, reads: readonly StorageSlot[], comparisons: readonly Comparison[], stored: readonly { value: bigint }[], valueOf: (slot: StorageSlot) => bigint): void {
    if (reads.length === 0 || comparisons.length === 0) return;
    const held = new Set<bigint>();
    for (const slot of reads) {
      held.add(valueOf(slot));
      const slotReaders = this.readers.get(slotKey(slot));
      if (slotReaders === undefined) this.readers.set(slotKey(slot), new Set([key]));
      else slotReaders.add(key);
    }
    let own: Set<bigint> | undefined;
    let values = this.wanted.get(key);
    for (const { left, right } of comparisons) {
      const partner = held.has(left) ? right : held.has(right) ? left : undefined;
      if (partner === undefined || held.has(partner)) continue;
      own ??= new Set([call.value, ...argumentWords(call.args), ...stored.map((w) => w.value)]);
      if (own.has(partner)) continue;
      if (values === undefined) this.wanted.set(key, (values = new Map()));
      remember(values, partner, call);
    }
  }

  /**
   * An input left `written` slots with the values `valueOf` gives: queues, for each function that
   * read such a slot and compared its value, the input's `setup()` (its state-changing calls) and
   * that function's call.
   */
  offer(written: readonly StorageSlot[], valueOf: (slot: StorageSlot) => bigint, setup: () => TxSequence): void {
    let calls: TxSequence | undefined;
    const seen = new Set<string>();
    for (const slot of written) {
      const key = slotKey(slot);
      const slotReaders = this.readers.get(key);
      if (seen.has(key) || slotReaders === undefined) continue;
      seen.add(key);
      const value = valueOf(slot);
      for (const reader of slotReaders) {
        const call = this.wanted.get(reader)?.get(value);
        const id = `${reader}|${key}|${value}`;
        if (call === undefined || this.done.has(id)) continue;
        calls ??= setup();
        if (calls.length === 0 || calls.length >= this.maxLength) return;
        this.done.add(id);
        this.pending.push([...calls, call]);
      }
    }
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
}

/** The operands of a branch comparison (`BranchComparison` has them). */
interface Comparison {
  left: bigint;
  right: bigint;
}

function slotKey(slot: StorageSlot): string {
  return `${slot.address}:${slot.slot}`;
}

/** The numbers among decoded arguments (integers, addresses, fixed bytes), nested ones included. */
function argumentWords(args: readonly AbiValue[]): bigint[] {
  const words: bigint[] = [];
  const visit = (value: AbiValue): void => {
    if (typeof value === 'bigint') words.push(value);
    else if (typeof value === 'string' && /^0x[0-9a-f]{1,64}$/i.test(value)) words.push(BigInt(value));
    else if (Array.isArray(value)) value.forEach(visit);
  };
  args.forEach(visit);
  return words;
}

/** Adds `value` as the newest, dropping the oldest past WANTED_LIMIT. */
function remember(values: Map<bigint, Call>, value: bigint, call: Call): void {
  values.delete(value);
  values.set(value, call);
  if (values.size > WANTED_LIMIT) values.delete(values.keys().next().value!);
}
