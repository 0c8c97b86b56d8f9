import type { Call, CallTarget, TxSequence } from '../../abi/index.js';
import { Op } from '../../bytecode/index.js';
import type { Address, TxTrace } from '../../evm/index.js';
import { functionKey } from './ddsf.js';

/**
 * A call that booked token balances: it succeeded, asked tokens for its own account's balance and
 * stored what they answered in that account's storage (Uniswap v2's `mint(to)` and `sync()` booking
 * reserves).
 */
export interface Booking {
  call: Call;
  /** The state-changing calls before it in the input it succeeded in: what wired it to its tokens (`initialize`). */
  setup: TxSequence;
  holder: Address;
  tokens: readonly Address[];
  /** Slots of `holder`'s storage it wrote: where the balances it read were booked. */
  slots: ReadonlySet<bigint>;
}

/**
 * A branch no execution took the other way, one of whose operands is `holder`'s balance of `token`:
 * read in the same transaction, or (`booking`) booked into a slot the transaction read. The branch
 * asks for more of it: `shortfall` more, when the other operand says how much.
 */
export interface BalanceDemand {
  /** Code id and comparison pc. */
  site: string;
  /** The branch (JUMPI) the comparison decided. */
  branch: { codeId: number; pc: number };
  token: Address;
  holder: Address;
  shortfall: bigint | undefined;
  booking: Booking | undefined;
}

/** What `demands` asks of the chain: edges taken so far, storage now, the code id of an account. */
export interface DemandWorld {
  covered: ReadonlySet<number>;
  storageAt(address: Address, slot: bigint): bigint;
  codeIdOf(address: Address): number | undefined;
}

/** Who can send a token, and how to call its `transfer(address,uint256)`. */
export interface Holding {
  sender: number;
  balance: bigint;
  /** The token's deployment index. */
  token: number;
  transfer: CallTarget;
}

/** A follow-up input and its identity (each is run once). */
export interface BalanceFollowUp {
  id: string;
  input: TxSequence;
}

/** Bookings remembered per holder (distinct functions and tokens). */
const BOOKINGS_PER_HOLDER = 4;
/** Prefixes (distinct by their functions) followed up per demand: a new prefix may hold the wiring an earlier one lacked. */
const PREFIXES_PER_DEMAND = 4;
/**
 * Without a shortfall, amounts as shifts of what the sender holds: most of it (a reserve above any
 * amount a call asks back), and a small share (a reserve that keeps products of two of them from
 * overflowing).
 */
const MAGNITUDE_SHIFTS = [4n, 32n];

/**
 * Prefixes learned from what blocks a branch (issue 31): a call whose branch compares a balance its
 * contract asked a token for (`balanceOf(address(this))`), or a reserve such a balance was booked into,
 * and never went the other way, is followed up with that token sent to the holder before it — by a
 * sender that holds some, the shortfall the comparison missed by when it says, else magnitudes of
 * what the sender holds — and, for a booked value (and as a second try for a read one), the call that
 * books it in between. A random sequence has a sender, a token, a recipient and an order to draw
 * together: on a pair's `swap` about never.
 */
export class BalanceDemands {
  private readonly bookings = new Map<Address, Booking[]>();
  private readonly prefixes = new Map<string, Set<string>>();

  /**
   * A successful call to the account at `address`: remembered as a booking when it is one, with the
   * slots whose last value written holds a balance it read (a reserve; not a re-entrancy lock it set
   * and cleared). Only balances of tokens a sender can send (`isToken`) count: a contract wired to an
   * account that answers anything (a precompile echoing its input) books nothing anyone can add to.
   */
  learn(call: Call, trace: TxTrace, address: Address, isToken: (token: Address) => boolean, setup: () => TxSequence): void {
    const own = trace.balanceReads.filter((r) => r.holder === address && r.reader === address && isToken(r.token));
    if (own.length === 0) return;
    const last = new Map<bigint, bigint>();
    for (const write of trace.sstores) if (write.address === address) last.set(write.slot, write.value);
    const slots = new Set([...last].filter(([, word]) => own.some((r) => holdsField(word, r.value))).map(([slot]) => slot));
    const known = this.bookings.get(address) ?? [];
    const tokens = [...new Set(own.map((r) => r.token))];
    const key = bookingKey(call, tokens);
    if (slots.size === 0 || known.length >= BOOKINGS_PER_HOLDER || known.some((b) => bookingKey(b.call, b.tokens) === key)) return;
    known.push({ call, setup: setup(), holder: address, tokens, slots });
    this.bookings.set(address, known);
  }

  /**
   * What the transaction `trace` asks of balances: its comparisons, made by the code of the account
   * that read the balance, whose other direction no execution took, with an operand equal to a balance
   * read before it, or to a field of a booked slot the transaction read.
   */
  demands(trace: TxTrace, world: DemandWorld): BalanceDemand[] {
    const booked = trace.sloads.flatMap((read) => {
      const booking = this.bookings.get(read.address)?.find((b) => b.slots.has(read.slot));
      return booking === undefined ? [] : [{ booking, word: world.storageAt(read.address, read.slot), codeId: world.codeIdOf(read.address) }];
    });
    const reads = trace.balanceReads.map((read) => ({ read, codeId: world.codeIdOf(read.reader) }));
    if (reads.length === 0 && booked.length === 0) return [];
    const found = new Map<string, BalanceDemand>();
    const add = (demand: BalanceDemand) => {
      const key = demandKey(demand);
      if (!found.has(key)) found.set(key, demand);
    };
    trace.comparisons.forEach((c, index) => {
      const other = c.codeId * 2 ** 32 + c.pc * 2 + (c.taken ? 0 : 1);
      if (world.covered.has(other)) return;
      const site = `${c.codeId}:${c.cmpPc}`;
      const branch = { codeId: c.codeId, pc: c.pc };
      for (const [value, partner] of [
        [c.left, c.right],
        [c.right, c.left],
      ]) {
        // A balance only grows: enough to pass the other operand (to meet it, for equality), when it is below.
        const shortfall = partner >= value ? partner - value + (c.op === Op.EQ ? 0n : 1n) : undefined;
        for (const { read, codeId } of reads) {
          if (read.value === value && codeId === c.codeId && index >= read.comparisonsBefore)
            add({ site, branch, token: read.token, holder: read.holder, shortfall, booking: undefined });
        }
        // One demand per booking: its follow-up sends every token it books.
        for (const { booking, word, codeId } of booked) {
          if (codeId === c.codeId && holdsField(word, value)) add({ site, branch, token: booking.tokens[0], holder: booking.holder, shortfall, booking });
        }
      }
    });
    return [...found.values()];
  }

  /**
   * The demands to follow up after `prefix` (the state-changing calls before `last`, the call that
   * compared): each after a few prefixes with distinct functions, then no more, and only where
   * `towardsTarget` says flipping its branch may lead to a target (asked once a demand is due). A
   * booked value's demand is followed up after its booking's own setup instead, which wired it.
   */
  due(last: Call, prefix: TxSequence, demands: readonly BalanceDemand[], towardsTarget: (branch: BalanceDemand['branch']) => boolean): BalanceDemand[] {
    return demands.filter((demand) => {
      const id = `${functionKey(last)}|${demandKey(demand)}`;
      const shape = shapeOf(demand.booking?.setup ?? prefix);
      const tried = this.prefixes.get(id) ?? new Set<string>();
      if (tried.has(shape) || tried.size >= PREFIXES_PER_DEMAND || !towardsTarget(demand.branch)) return false;
      this.prefixes.set(id, tried.add(shape));
      return true;
    });
  }

  /**
   * The follow-ups of `due` demands: the setup (`prefix`, or a booked value's booking's setup), the
   * transfers to the holder, for a booked value (and as a second try for a read one) the booking, then
   * `last`. `holding` names who can send a token to a holder; a demand no one can pay for has none.
   */
  followUps(
    last: Call,
    prefix: TxSequence,
    due: readonly BalanceDemand[],
    holding: (token: Address, holder: Address) => Holding | undefined,
  ): BalanceFollowUp[] {
    const followUps: BalanceFollowUp[] = [];
    for (const demand of due) {
      const booking = demand.booking ?? this.bookings.get(demand.holder)?.[0];
      const setup = demand.booking?.setup ?? prefix;
      const holdings = (demand.booking?.tokens ?? [demand.token]).map((token) => holding(token, demand.holder));
      if (holdings.some((h) => h === undefined)) continue;
      for (const amount of amounts(demand.shortfall, holdings as Holding[])) {
        const transfers = (holdings as Holding[]).map((h) => transferCall(h, demand.holder, amount));
        const id = `${functionKey(last)}|${demandKey(demand)}|${shapeOf(setup)}|${amount}`;
        if (demand.booking === undefined) followUps.push({ id, input: [...setup, ...transfers, last] });
        if (booking !== undefined) followUps.push({ id: `${id}|${functionKey(booking.call)}`, input: [...setup, ...transfers, booking.call, last] });
      }
    }
    return followUps;
  }
}

/** The shortfall when every holding can pay it, then magnitudes of the smallest holding. */
function amounts(shortfall: bigint | undefined, holdings: readonly Holding[]): bigint[] {
  const least = holdings.reduce((min, h) => (h.balance < min ? h.balance : min), holdings[0].balance);
  const candidates = [...(shortfall !== undefined && shortfall > 0n && shortfall <= least ? [shortfall] : []), ...MAGNITUDE_SHIFTS.map((s) => least >> s)];
  return [...new Set(candidates.filter((a) => a > 0n))];
}

function transferCall(holding: Holding, to: Address, amount: bigint): Call {
  return { sender: holding.sender, to: holding.token, target: holding.transfer, args: [to, amount], value: 0n, blockDelay: 0, timeDelay: 0 };
}

/** A setup's functions, in order: what tells prefixes apart. */
function shapeOf(calls: TxSequence): string {
  return calls.map(functionKey).join(',');
}

function bookingKey(call: Call, tokens: readonly Address[]): string {
  return `${functionKey(call)}|${tokens.join(',')}`;
}

function demandKey({ site, token, holder, booking }: BalanceDemand): string {
  return `${site}|${token}|${holder}|${booking === undefined ? '' : functionKey(booking.call)}`;
}

/**
 * Whether `operand` is `word` or a field packed in it at a byte boundary, as wide as the operand's
 * bytes (a uint112 reserve beside another). Zero only in a zero word: any word has a zero byte.
 */
export function holdsField(word: bigint, operand: bigint): boolean {
  if (operand === word) return true;
  if (operand === 0n) return false;
  const bits = BigInt(Math.ceil(operand.toString(2).length / 8) * 8);
  const mask = (1n << bits) - 1n;
  for (let shift = 0n; shift + bits <= 256n; shift += 8n) {
    if (((word >> shift) & mask) === operand) return true;
  }
  return false;
}
