import { instructions, jumpDestinations, Op, stripMetadata } from '../../bytecode/index.js';
import type { Rng } from '../../rng.js';

const WORD = 1n << 256n;
const WORD_MASK = WORD - 1n;

export interface DictionaryLimits {
  /** Mined constants (bytecode, AST, addConstant); kept for the whole campaign. */
  constants: number;
  /**
   * Feedback values (storage, return data, events, comparison operands); rolled back per sequence.
   * When full, the older half goes, so kept inputs cannot freeze the feedback for the rest of a run.
   */
  feedback: number;
  /** Amounts observed in the world after the opening ones (see `addAmounts`); the older half goes when full. */
  amounts: number;
  strings: number;
}

export const DEFAULT_DICTIONARY_LIMITS: DictionaryLimits = { constants: 4096, feedback: 1024, amounts: 256, strings: 256 };

/**
 * How `draw` picks its source: any stored entry, a source literal, a small integer, a bound of the
 * type, a power of two. The literal weight was measured (median transactions to the bug, 9 seeds):
 * weight 0 / 4 / 10 gave Foo 3732 / 885 / 249, EqualArrays 423 / 357 / 126, OwnerIndex 949 / 2600 /
 * 1130 (one miss in 9 at 4 and at 10); with half the magnitudes one byte wide (values.ts), 6 gave
 * 461 / 193 / 795 and 10 gave 492 / 174 / 1452, all found: 6 keeps the small-number bug fast.
 * Observed amounts (balances, supplies) weigh in only when there are any: a bug that pays out "one
 * more than my balance" or "everything the contract holds" needs exactly such a number (WETH with an
 * unchecked burn leaks only for a withdrawal between a sender's 1,000-ether deposit and the
 * contract's 2,000, which log-uniform magnitudes hit about once in 500 draws).
 */
const DRAW_SOURCE_WEIGHTS = { stored: 6, literal: 6, small: 2, bound: 2, power: 1, amount: 4 } as const;

/** Values below this are produced by `draw` anyway; storing them would only crowd the dictionary. */
const SMALL = 16n;

/**
 * Interesting values for the value generator. Every value is kept canonical as a 256-bit word
 * (negatives in two's complement), so one entry serves every width and signedness at draw time.
 * Insertion-ordered arrays with membership sets: iteration order, and so drawing, is deterministic.
 */
export class Dictionary {
  private readonly constants: bigint[] = [];
  private readonly constantSet = new Set<bigint>();
  /** The constants the source spells out (AST literals and folds): drawn on their own as well. */
  private readonly literals: bigint[] = [];
  private readonly literalSet = new Set<bigint>();
  private readonly feedback: bigint[] = [];
  private readonly feedbackSet = new Set<bigint>();
  /** Feedback entries dropped from the front so far; marks count from the first entry ever added. */
  private evicted = 0;
  /** Amounts observed in the world; the first `openingAmounts` of them stay for the whole campaign. */
  private readonly amounts: bigint[] = [];
  private readonly amountSet = new Set<bigint>();
  private openingAmounts = 0;
  private readonly strings: string[] = [];
  private readonly stringSet = new Set<string>();

  constructor(private readonly limits: DictionaryLimits = DEFAULT_DICTIONARY_LIMITS) {}

  get size(): number {
    return this.constants.length + this.feedback.length;
  }

  has(value: bigint): boolean {
    const word = toWord(value);
    return this.constantSet.has(word) || this.feedbackSet.has(word);
  }

  hasString(value: string): boolean {
    return this.stringSet.has(value);
  }

  /** Keeps `value` for the whole campaign; values `draw` produces anyway (0..16) are not stored. */
  addConstant(value: bigint): void {
    const word = toWord(value);
    if (word <= SMALL || this.constantSet.has(word) || this.constants.length >= this.limits.constants) return;
    this.constantSet.add(word);
    this.constants.push(word);
  }

  /** A constant written in the source: also drawn apart from the code's many layout constants. */
  addLiteral(value: bigint): void {
    this.addConstant(value);
    const word = toWord(value);
    if (!this.constantSet.has(word) || this.literalSet.has(word)) return;
    this.literalSet.add(word);
    this.literals.push(word);
  }

  addString(value: string): void {
    if (this.stringSet.has(value) || this.strings.length >= this.limits.strings) return;
    this.stringSet.add(value);
    this.strings.push(value);
  }

  /** Values observed while executing a sequence, except the words in `except`; undone by `rollback`. */
  addFeedback(values: Iterable<bigint>, except?: Pick<ReadonlySet<bigint>, 'has'>): void {
    for (const value of values) {
      const word = toWord(value);
      if (word <= SMALL || this.constantSet.has(word) || this.feedbackSet.has(word) || except?.has(word)) continue;
      if (this.limits.feedback === 0) return;
      if (this.feedback.length >= this.limits.feedback) this.evictOldFeedback();
      this.feedbackSet.add(word);
      this.feedback.push(word);
    }
  }

  /**
   * Amounts a caller can observe in the world — ether and token balances, supplies — drawn as a
   * source of their own (and, shifted by one, as their neighbours). `opening`: read from the state
   * every sequence starts from, kept for the whole campaign; otherwise read after a kept input, kept
   * until the pool is full and then the older half goes (opening amounts come first). Not undone by
   * `rollback`.
   */
  addAmounts(values: Iterable<bigint>, opening = false): void {
    for (const value of values) {
      const word = toWord(value);
      if (word <= SMALL || this.amountSet.has(word)) continue;
      if (!opening && this.limits.amounts === 0) return;
      if (!opening && this.amounts.length - this.openingAmounts >= this.limits.amounts) this.evictOldAmounts();
      this.amountSet.add(word);
      this.amounts.push(word);
      if (opening) this.openingAmounts = this.amounts.length;
    }
  }

  private evictOldAmounts(): void {
    const drop = Math.ceil((this.amounts.length - this.openingAmounts) / 2);
    const dropped = this.amounts.splice(this.openingAmounts, drop);
    for (const word of dropped) this.amountSet.delete(word);
  }

  /** Return or event data as feedback, one value per 32-byte word. */
  addFeedbackData(data: Uint8Array, except?: Pick<ReadonlySet<bigint>, 'has'>): void {
    const words: bigint[] = [];
    for (let at = 0; at + 32 <= data.length; at += 32) words.push(wordAt(data, at));
    this.addFeedback(words, except);
  }

  /** A position to roll feedback back to, taken before a sequence runs. */
  mark(): number {
    return this.evicted + this.feedback.length;
  }

  /** Forgets feedback added since `mark` (Foundry's `FuzzDictionary::revert`). */
  rollback(mark: number): void {
    const keep = Math.max(0, mark - this.evicted);
    for (let i = keep; i < this.feedback.length; i++) this.feedbackSet.delete(this.feedback[i]);
    this.feedback.length = Math.min(keep, this.feedback.length);
  }

  /** Drops the older half at once: amortised O(1) per added value. */
  private evictOldFeedback(): void {
    const drop = Math.ceil(this.feedback.length / 2);
    for (let i = 0; i < drop; i++) this.feedbackSet.delete(this.feedback[i]);
    this.feedback.splice(0, drop);
    this.evicted += drop;
  }

  /**
   * PUSH immediates of runtime code. Skips what is code layout rather than data: a push consumed by
   * the next JUMP/JUMPI, small pushes naming a JUMPDEST (return addresses solc pushes early), and
   * values `draw` produces anyway.
   */
  mineBytecode(code: Uint8Array): void {
    const body = stripMetadata(code);
    const dests = jumpDestinations(body);
    let pending: { value: bigint; width: number } | undefined;
    for (const ins of instructions(body)) {
      const isJump = ins.op.code === Op.JUMP || ins.op.code === Op.JUMPI;
      if (pending !== undefined && !isJump) this.addConstantIfData(pending.value, pending.width, dests);
      pending = ins.push !== undefined ? { value: ins.push, width: ins.op.immediate } : undefined;
    }
    if (pending !== undefined) this.addConstantIfData(pending.value, pending.width, dests);
  }

  private addConstantIfData(value: bigint, width: number, dests: Uint8Array): void {
    if (width <= 2 && value < BigInt(dests.length) && dests[Number(value)] === 1) return;
    this.addConstant(value);
  }

  /**
   * Literals of a solc AST (any subtree), walked generically: every number literal and constant
   * expression solc folded (its rational type holds the value with units, exponents and negation
   * applied, e.g. `1.5 ether`, `-42`, `2**128`), address literals, string and hex literals.
   */
  mineAst(ast: unknown): void {
    const stack: unknown[] = [ast];
    while (stack.length > 0) {
      const node = stack.pop();
      if (node === null || typeof node !== 'object') continue;
      if (Array.isArray(node)) {
        for (let i = node.length - 1; i >= 0; i--) stack.push(node[i]);
        continue;
      }
      const record = node as Record<string, unknown>;
      this.mineNode(record);
      const children = Object.values(record);
      for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
    }
  }

  private mineNode(node: Record<string, unknown>): void {
    // The type identifier spells the folded value in full; the type string abbreviates long ones.
    const id = (node.typeDescriptions as { typeIdentifier?: unknown } | undefined)?.typeIdentifier;
    const folded = typeof id === 'string' ? /^t_rational_(minus_)?(\d+)_by_1$/.exec(id) : null;
    if (folded) this.addLiteral(folded[1] ? -BigInt(folded[2]) : BigInt(folded[2]));
    if (node.nodeType !== 'Literal') return;
    const value = typeof node.value === 'string' ? node.value : undefined;
    const hexValue = typeof node.hexValue === 'string' ? node.hexValue : '';
    switch (node.kind) {
      case 'number':
        // Address literals are the number literals without a rational type.
        if (!folded && value !== undefined && /^0x[0-9a-f_]+$/i.test(value)) this.addLiteral(BigInt(value.replaceAll('_', '')));
        break;
      case 'string':
      case 'unicodeString':
        if (value !== undefined) this.addString(value);
        this.addLeftAligned(hexValue);
        break;
      case 'hexString':
        this.addLeftAligned(hexValue);
        break;
    }
  }

  /** A string or hex literal as the bytesN word it converts to (left-aligned). */
  private addLeftAligned(hex: string): void {
    if (hex.length === 0 || hex.length > 64) return;
    this.addLiteral(BigInt(`0x${hex.padEnd(64, '0')}`));
  }

  /**
   * A value that fits `bits` (two's complement when `signed`): a stored entry (preferring one that
   * fits), a source literal, a small integer, a bound of the type, a power of two or an observed
   * amount, sometimes shifted by ±1 or
   * negated — negation of a slot base c gives 2²⁵⁶ − c, the index that wraps an array write onto slot 0.
   */
  draw(rng: Rng, bits: number, signed: boolean): bigint {
    const { stored, literal, small, bound, power, amount } = DRAW_SOURCE_WEIGHTS;
    // The amount source comes last and weighs nothing without amounts: such campaigns draw as before.
    const source = rng.weighted([
      this.size > 0 ? stored : 0,
      this.literals.length > 0 ? literal : 0,
      small,
      bound,
      power,
      this.amounts.length > 0 ? amount : 0,
    ]);
    let word: bigint;
    if (source === 0) word = this.pickFitting(rng, bits, signed);
    else if (source === 1) word = rng.pick(this.literals);
    else if (source === 2) word = toWord(BigInt(signed && rng.chance(0.3) ? -rng.range(1, 16) : rng.range(0, 16)));
    else if (source === 3) word = toWord(rng.pick(bounds(bits, signed)));
    else if (source === 4) word = 1n << BigInt(rng.int(signed ? bits - 1 : bits));
    else word = rng.pick(this.amounts);
    switch (rng.weighted([14, 2, 2, 2])) {
      case 1:
        word = toWord(word + 1n);
        break;
      case 2:
        word = toWord(word - 1n);
        break;
      case 3:
        word = toWord(-word);
        break;
    }
    return fitWord(word, bits, signed);
  }

  /** A mined string literal, or undefined when there is none. */
  drawString(rng: Rng): string | undefined {
    return this.strings.length > 0 ? rng.pick(this.strings) : undefined;
  }

  private pickFitting(rng: Rng, bits: number, signed: boolean): bigint {
    let word = this.entry(rng.int(this.size));
    for (let tries = 0; tries < 3 && !fits(word, bits, signed); tries++) word = this.entry(rng.int(this.size));
    return word;
  }

  private entry(i: number): bigint {
    return i < this.constants.length ? this.constants[i] : this.feedback[i - this.constants.length];
  }
}

function toWord(value: bigint): bigint {
  return value & WORD_MASK;
}

function wordAt(data: Uint8Array, at: number): bigint {
  let v = 0n;
  for (let i = 0; i < 32; i++) v = (v << 8n) | BigInt(data[at + i]);
  return v;
}

/** Whether a canonical word is representable in the type without truncation. */
function fits(word: bigint, bits: number, signed: boolean): boolean {
  if (bits === 256) return true;
  if (!signed) return word < 1n << BigInt(bits);
  const half = 1n << BigInt(bits - 1);
  return word < half || word >= WORD - half;
}

/** Truncates a canonical word to `bits` and reads it as the type (negative bigint when signed). */
export function fitWord(word: bigint, bits: number, signed: boolean): bigint {
  return signed ? BigInt.asIntN(bits, word) : BigInt.asUintN(bits, word);
}

/** The bounds of intN/uintN and their neighbours that overflow checks compare against. */
export function bounds(bits: number, signed: boolean): bigint[] {
  const b = BigInt(bits);
  if (!signed) return [0n, (1n << b) - 1n, 1n << (b - 1n)];
  const max = (1n << (b - 1n)) - 1n;
  return [-max - 1n, max, -1n, 0n];
}
