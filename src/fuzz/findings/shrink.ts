import type { AbiParameter } from 'viem';
import type { AbiValue, Call, TxSequence } from '../../abi/index.js';

/**
 * Counterexample shrinking: pure and budgeted. The caller injects `stillFails` (replay the candidate
 * on a fresh EVM and check that the same failure key reproduces); this module only proposes smaller
 * candidates and keeps the last one that still fails. Every accepted candidate is strictly smaller
 * (fewer calls, fewer calls through Lookout's attacker, or a field moved towards zero), so the
 * search reaches a fixpoint.
 */

export interface ShrinkBudget {
  /** Most calls of `stillFails` (each is one replay of a sequence). */
  maxAttempts: number;
  /** Optional wall-clock limit; the clock is injected so the search never reads it itself. */
  deadline?: { at: number; now: () => number };
  /**
   * Attempts made even past the deadline (never past `maxAttempts`): what comes before shrinking may
   * spend all the time left, and a few attempts drop the calls that matter least first.
   */
  guaranteed?: number;
  /** Ends the search at once when true (the run was interrupted). */
  stop?: () => boolean;
}

export interface ShrinkResult {
  /** The smallest sequence found; it still fails (or is the input, which the caller saw fail). */
  sequence: TxSequence;
  /** Calls of `stillFails` made. */
  attempts: number;
  /**
   * True when a whole round found nothing smaller within budget: no single step (dropping a call,
   * unwrapping one, a field to zero, a small magnitude or half) shrinks it further.
   */
  minimal: boolean;
}

export type FailurePredicate = (candidate: TxSequence) => Promise<boolean>;

/** How calls made through Lookout's attacker are shown directly. Injected: the campaign knows its deployments. */
export interface CallUnwrap {
  /**
   * The plain call a wrapped one makes (`lookoutCall(bank, deposit())` → `bank.deposit()` from the
   * same sender), or undefined for a plain call.
   */
  plain: (call: Call) => Call | undefined;
  /** How many senders there are: the attacker is none of them, so any may stand in for it. */
  senders: number;
}

/** Below this length, removing chunks first costs more attempts than it saves. */
const CHUNK_THRESHOLD = 8;

export async function shrinkSequence(sequence: TxSequence, stillFails: FailurePredicate, budget: ShrinkBudget, unwrap?: CallUnwrap): Promise<ShrinkResult> {
  const search = new Search(sequence.map(copyCall), stillFails, budget);
  for (let round = 0; ; round++) {
    const acceptedBefore = search.accepted;
    await dropCalls(search);
    if (unwrap) await unwrapCalls(search, unwrap);
    // A value is bisected again only when calls went: else its last bisection still stands, and
    // redoing it after a neighbour moved is what ping-pongs on a handler's bound(x, lo, hi) (the
    // failing values are a residue class, not a threshold) until the attempts run out.
    await simplifyCalls(search, round === 0 || search.accepted > acceptedBefore ? 'bisect' : 'step');
    if (search.exhausted || search.accepted === acceptedBefore) {
      return { sequence: search.current, attempts: search.attempts, minimal: !search.exhausted };
    }
  }
}

/** The best sequence so far and the budget spent finding it. */
class Search {
  attempts = 0;
  accepted = 0;
  /** Set once an attempt was refused for lack of budget. */
  exhausted = false;

  constructor(
    public current: TxSequence,
    private readonly stillFails: FailurePredicate,
    private readonly budget: ShrinkBudget,
  ) {}

  /** Replays `candidate`; when it still fails it becomes the current sequence. */
  async attempt(candidate: TxSequence): Promise<boolean> {
    if (this.exhausted || this.outOfBudget()) {
      this.exhausted = true;
      return false;
    }
    this.attempts++;
    if (!(await this.stillFails(candidate))) return false;
    this.current = candidate;
    this.accepted++;
    return true;
  }

  private outOfBudget(): boolean {
    const { maxAttempts, deadline, guaranteed = 0, stop } = this.budget;
    const late = this.attempts >= guaranteed && deadline !== undefined && deadline.now() >= deadline.at;
    return this.attempts >= maxAttempts || late || (stop?.() ?? false);
  }
}

/**
 * Pass 1: remove calls, from the front. Long sequences first lose halves, quarters, … (most of a
 * fuzzer's sequence is usually noise), then single calls. At least one call is always kept.
 */
async function dropCalls(search: Search): Promise<void> {
  const length = search.current.length;
  let chunk = length >= CHUNK_THRESHOLD ? 2 ** Math.floor(Math.log2(length / 2)) : 1;
  for (; chunk >= 1; chunk = Math.floor(chunk / 2)) {
    let start = 0;
    while (start < search.current.length && search.current.length > chunk && !search.exhausted) {
      const count = Math.min(chunk, search.current.length - start);
      // On success the next calls slid into `start`: try again there.
      if (!(await search.attempt(withoutCalls(search.current, start, count)))) start += count;
    }
  }
}

/** Removes `count` calls at `start` (see `retainCalls`). */
export function withoutCalls(sequence: TxSequence, start: number, count: number): TxSequence {
  return retainCalls(sequence, (index) => index < start || index >= start + count);
}

/**
 * The calls whose index `keep` accepts. Delays of the dropped calls move to the next kept call so
 * that what happens after them still happens at the same block height and timestamp.
 */
export function retainCalls(sequence: TxSequence, keep: (index: number) => boolean): TxSequence {
  const kept: TxSequence = [];
  let blockDelay = 0;
  let timeDelay = 0;
  sequence.forEach((call, index) => {
    blockDelay += call.blockDelay;
    timeDelay += call.timeDelay;
    if (!keep(index)) return;
    kept.push(blockDelay === call.blockDelay && timeDelay === call.timeDelay ? call : { ...call, blockDelay, timeDelay });
    blockDelay = 0;
    timeDelay = 0;
  });
  return kept;
}

/**
 * Pass 2: a call made through the attacker that fails the same way when made directly is shown
 * directly — a finding that does not need re-entry (an ether leak) then reads as plain calls.
 * All of them at once first, from their senders and then from each sender in turn: the attacker is
 * one account, none of the senders, and calls that need the same caller (arm, then execute; the
 * attacker is no owner) fail the same way only when one fitting sender makes them all.
 */
async function unwrapCalls(search: Search, unwrap: CallUnwrap): Promise<void> {
  const wrapped = search.current.flatMap((call, i) => (unwrap.plain(call) === undefined ? [] : [i]));
  if (wrapped.length > 1) {
    const from = (sender?: number) =>
      search.current.map((call, i) => (wrapped.includes(i) ? { ...unwrap.plain(call)!, ...(sender === undefined ? {} : { sender }) } : call));
    let accepted = await search.attempt(from());
    for (let sender = 0; sender < unwrap.senders && !accepted && !search.exhausted; sender++) accepted = await search.attempt(from(sender));
  }
  for (let index = 0; index < search.current.length && !search.exhausted; index++) {
    const plain = unwrap.plain(search.current[index]!);
    if (plain !== undefined) await search.attempt(withCall(search.current, index, plain));
  }
}

/**
 * How far a value moves: `bisect` searches between the largest magnitude known to pass and the
 * smallest known to fail; `step` only tries zero, the small magnitudes and half.
 */
type Reach = 'bisect' | 'step';

/** Pass 3: move every field of every call towards zero / empty. */
async function simplifyCalls(search: Search, reach: Reach): Promise<void> {
  for (let index = 0; index < search.current.length && !search.exhausted; index++) {
    // Each closure reads the current call when it runs: earlier steps may have changed it.
    const call = () => search.current[index]!;
    const tryCall = (changes: Partial<Call>) => search.attempt(withCall(search.current, index, { ...call(), ...changes }));

    if (call().sender !== 0) await tryCall({ sender: 0 });
    await minimizeMagnitude(call().value, (value) => tryCall({ value }), reach);
    await minimizeCount(call().blockDelay, (blockDelay) => tryCall({ blockDelay }), reach);
    await minimizeCount(call().timeDelay, (timeDelay) => tryCall({ timeDelay }), reach);

    const target = call().target;
    if (target.kind === 'fallback') {
      await shrinkBytes(target.data, (data) => tryCall({ target: { kind: 'fallback', data } }), reach);
    } else if (target.kind === 'function') {
      for (let arg = 0; arg < call().args.length; arg++) {
        const param = target.fn.inputs[arg];
        if (param === undefined) continue;
        await shrinkValue(param, call().args[arg]!, (value) => tryCall({ args: replaced(call().args, arg, value) }), reach);
      }
    }
  }
}

/** Accepts a smaller value when the sequence with it still fails. */
type Accept<T> = (value: T) => Promise<boolean>;

/**
 * Shrinks one ABI value by its type, recursively through arrays and tuples. Returns the last value
 * `accept` took (the one now in the current sequence), or `value` when it took none.
 */
async function shrinkValue(param: AbiParameter, value: AbiValue, accept: Accept<AbiValue>, reach: Reach): Promise<AbiValue> {
  const array = /^(.*)\[(\d*)\]$/.exec(param.type);
  if (array !== null) {
    if (!Array.isArray(value)) return value;
    const element = { ...param, type: array[1]! } as AbiParameter;
    return shrinkArray(element, value, array[2] === '', accept, reach);
  }
  if (param.type === 'tuple') {
    if (!Array.isArray(value) || !('components' in param)) return value;
    return shrinkTuple(param.components, value, accept, reach);
  }
  if (/^u?int\d*$/.test(param.type) && typeof value === 'bigint') return minimizeMagnitude(value, accept, reach);
  if (param.type === 'bool' && value === true) return (await accept(false)) ? false : value;
  if (param.type === 'bytes' && typeof value === 'string') return shrinkBytes(value, accept, reach);
  if (param.type === 'string' && typeof value === 'string') {
    return shrinkPrefix(Array.from(value), (chars) => chars.join(''), accept, reach);
  }
  if (/^bytes\d+$/.test(param.type) && typeof value === 'string') {
    const zero = `0x${'0'.repeat(value.length - 2)}`;
    return value !== zero && (await accept(zero)) ? zero : value;
  }
  // Addresses and function pointers: a smaller one is not necessarily a valid one.
  return value;
}

async function shrinkArray(element: AbiParameter, items: AbiValue[], dynamic: boolean, accept: Accept<AbiValue>, reach: Reach): Promise<AbiValue> {
  let current = items;
  if (dynamic && current.length > 0) {
    if (await accept([])) return [];
    for (let i = 0; i < current.length;) {
      const candidate = current.filter((_, j) => j !== i);
      if (await accept(candidate)) current = candidate;
      else i++;
    }
  }
  for (let i = 0; i < current.length; i++) {
    const parent = current;
    const shrunk = await shrinkValue(element, parent[i]!, (value) => accept(replaced(parent, i, value)), reach);
    current = replaced(parent, i, shrunk);
  }
  return current;
}

async function shrinkTuple(components: readonly AbiParameter[], items: AbiValue[], accept: Accept<AbiValue>, reach: Reach): Promise<AbiValue> {
  let current = items;
  for (let i = 0; i < current.length && i < components.length; i++) {
    const parent = current;
    const shrunk = await shrinkValue(components[i]!, parent[i]!, (value) => accept(replaced(parent, i, value)), reach);
    current = replaced(parent, i, shrunk);
  }
  return current;
}

/** Dynamic `bytes` (0x-prefixed hex): the shortest failing prefix. */
function shrinkBytes(hex: string, accept: Accept<string>, reach: Reach): Promise<string> {
  const bytes = hex.slice(2).match(/.{2}/g) ?? [];
  return shrinkPrefix(bytes, (kept) => `0x${kept.join('')}`, accept, reach);
}

/** Tries empty, then binary-searches the shortest prefix that still fails. */
async function shrinkPrefix<T>(items: T[], build: (items: T[]) => string, accept: Accept<string>, reach: Reach): Promise<string> {
  const original = build(items);
  const length = await minimizeMagnitude(BigInt(items.length), (n) => accept(build(items.slice(0, Number(n)))), reach);
  return length === BigInt(items.length) ? original : build(items.slice(0, Number(length)));
}

/**
 * Small magnitudes tried one by one before the binary search: a value that only matters modulo a
 * few (`actors[seed % actors.length]` in a handler) passes and fails at random along a bisection,
 * which then ends wherever it strays; one of the first few always lands on the right residue.
 */
const SMALL_MAGNITUDES = 9n;

/**
 * Moves an integer towards zero keeping its sign: 0, then ±1 … ±9, then (`bisect`) a binary search
 * between the largest magnitude known to pass and the smallest known to fail, or (`step`) half. For
 * a threshold bug (`x >= 100`) the search finds the threshold exactly.
 */
async function minimizeMagnitude(value: bigint, accept: Accept<bigint>, reach: Reach): Promise<bigint> {
  if (value === 0n) return value;
  const sign = value < 0n ? -1n : 1n;
  let failing = value * sign;
  if (await accept(0n)) return 0n;
  let passing = 0n;
  while (passing < SMALL_MAGNITUDES && failing - passing > 1n) {
    passing++;
    if (await accept(sign * passing)) return sign * passing;
  }
  if (reach === 'step') return failing / 2n > passing && (await accept((sign * failing) / 2n)) ? (sign * failing) / 2n : value;
  while (failing - passing > 1n) {
    const middle = (passing + failing) / 2n;
    if (await accept(sign * middle)) failing = middle;
    else passing = middle;
  }
  return sign * failing;
}

async function minimizeCount(value: number, accept: Accept<number>, reach: Reach): Promise<number> {
  return Number(await minimizeMagnitude(BigInt(value), (n) => accept(Number(n)), reach));
}

function withCall(sequence: TxSequence, index: number, call: Call): TxSequence {
  return sequence.map((existing, i) => (i === index ? call : existing));
}

function replaced<T>(items: readonly T[], index: number, value: T): T[] {
  return items.map((existing, i) => (i === index ? value : existing));
}

/** A copy sharing nothing mutable with the caller's sequence (the ABI function is read-only). */
function copyCall(call: Call): Call {
  return { ...call, target: { ...call.target }, args: call.args.map(copyValue) };
}

function copyValue(value: AbiValue): AbiValue {
  return Array.isArray(value) ? value.map(copyValue) : value;
}
