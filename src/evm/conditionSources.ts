import { type BasicBlock, basicBlocks, Op } from '../bytecode/index.js';

/**
 * An instruction a branch condition is computed from, whose operands the recorder keeps when it runs:
 * a comparison (LT, GT, SLT, SGT, EQ: its result), ISZERO (true when its operand is zero) or SUB
 * (non-zero exactly when its operands differ: solc's `a != b`).
 */
export interface ConditionLeaf {
  pc: number;
  op: number;
}

/** How a JUMPI's condition is computed from leaves (`leaf` indexes ConditionSources.leaves). */
export type Condition =
  | { kind: 'leaf'; leaf: number }
  | { kind: 'not'; operand: Condition }
  | { kind: 'and' | 'or'; left: Condition; right: Condition }
  /** A plain number (a stored bool, a masked word, a call's result): the JUMPI tests it against zero. */
  | { kind: 'value' };

/** The leaves of one code and, per JUMPI, the readings of its condition. */
export interface ConditionSources {
  /** Index into `leaves` of the instruction at each pc, −1 where no condition reads its result. */
  readonly leafAt: Int32Array;
  readonly leaves: readonly ConditionLeaf[];
  /**
   * By JUMPI pc: one reading per way the condition can reach it (paths from different predecessor
   * blocks may compute it differently), leaf-based readings first, `value` last. Absent for
   * constant conditions.
   */
  readonly conditions: ReadonlyMap<number, readonly Condition[]>;
}

/** A stack slot as a function of the block's entry stack. */
type Sym = { kind: 'entry'; slot: number } | { kind: 'const'; value: bigint } | { kind: 'op'; pc: number; op: number; args: Sym[] } | { kind: 'opaque' };

/** What a block does to the stack: the slots it leaves (top last) over the entry slots it did not pop. */
interface BlockSummary {
  block: BasicBlock;
  exit: Sym[];
  /** Entry slots popped: exit slot i below `exit` is entry slot `consumed + i − exit.length`. */
  consumed: number;
  /** Destination of the closing JUMP or JUMPI, condition of a closing JUMPI. */
  destination?: Sym;
  condition?: Sym;
  falls: boolean;
}

/** One way a value's truth is computed; `boolean` when the value itself is 0 or 1. */
interface Reading {
  condition: Condition;
  boolean: boolean;
}

// Predecessor blocks followed back from a JUMPI (solc's `&&`, `||` and via-IR's small tagged
// blocks are 1–3 deep), and readings kept per condition: enough for real code, bounded for any.
const MAX_DEPTH = 6;
const MAX_READINGS = 8;
/** Symbolic values visited per JUMPI: a hub block with many predecessors cannot blow the analysis up. */
const MAX_STEPS = 256;

const COMPARISONS = new Set<number>([Op.LT, Op.GT, Op.SLT, Op.SGT, Op.EQ]);
const AND = 0x16;
const OR = 0x17;
const TRACKED = new Set<number>([...COMPARISONS, Op.ISZERO, Op.SUB, AND, OR]);

/**
 * Which comparison feeds each JUMPI, by data flow over the code's basic blocks (Harvey Sect. 4.3
 * needs it to turn a branch into a cost metric): stack shuffles are followed within a block and
 * back through predecessors reached by fall-through, a constant jump or (for the block an internal
 * call returns to) the called function's returning jumps, ISZERO flips polarity, and
 * AND/OR of booleans combine readings. A condition whose source is no tracked instruction is read
 * as a plain number tested against zero.
 */
export function conditionSources(code: Uint8Array): ConditionSources {
  const summaries = basicBlocks(code).map(summarize);
  const predecessors = predecessorsOf(code, summaries);

  const leafAt = new Int32Array(code.length).fill(-1);
  const leaves: ConditionLeaf[] = [];
  // One Condition object per leaf, so that readings of the same leaf along two paths are one.
  const leafConditions: Condition[] = [];
  const leaf = (pc: number, op: number): Condition => {
    if (leafAt[pc] < 0) {
      leafAt[pc] = leaves.length;
      leaves.push({ pc, op });
      leafConditions.push({ kind: 'leaf', leaf: leafAt[pc] });
    }
    return leafConditions[leafAt[pc]];
  };
  let steps = 0;

  /** Readings of `sym` in `at`; undefined marks a number whose truth no leaf gives. */
  const readings = (at: BlockSummary, sym: Sym, depth: number): (Reading | undefined)[] => {
    if (++steps > MAX_STEPS) return [undefined];
    switch (sym.kind) {
      case 'const':
        return [];
      case 'opaque':
        return [undefined];
      case 'entry': {
        const preds = predecessors.get(at) ?? [];
        if (depth >= MAX_DEPTH || preds.length === 0) return [undefined];
        const found: (Reading | undefined)[] = [];
        for (const p of preds) {
          found.push(...readings(p, exitSlot(p, sym.slot), depth + 1));
          if (found.length >= MAX_READINGS) break;
        }
        return bounded(found);
      }
      case 'op':
        return opReadings(at, sym, depth);
    }
  };

  const opReadings = (at: BlockSummary, sym: Extract<Sym, { kind: 'op' }>, depth: number): (Reading | undefined)[] => {
    if (COMPARISONS.has(sym.op)) return [{ condition: leaf(sym.pc, sym.op), boolean: true }];
    if (sym.op === Op.SUB) return [{ condition: leaf(sym.pc, sym.op), boolean: false }];
    if (sym.op === Op.ISZERO) {
      return bounded(readings(at, sym.args[0], depth)).map((r) => ({
        condition: r === undefined ? leaf(sym.pc, sym.op) : { kind: 'not', operand: r.condition },
        boolean: true,
      }));
    }
    const [a, b] = sym.args;
    // A constant operand: `and(c, 1)`/`and(c, 0xff)` keeps a boolean's truth, `or(c, 0)` any value's.
    const constant = a.kind === 'const' ? a : b.kind === 'const' ? b : undefined;
    if (constant !== undefined) {
      const other = constant === a ? b : a;
      if (sym.op === OR) return constant.value === 0n ? readings(at, other, depth) : [];
      if (constant.value === 0n) return [];
      return readings(at, other, depth).map((r) => (r !== undefined && r.boolean && (constant.value & 1n) === 1n ? r : undefined));
    }
    const left = readings(at, a, depth);
    const right = readings(at, b, depth);
    const combined: (Reading | undefined)[] = [];
    for (const l of left) {
      for (const r of right) {
        // AND of two booleans is their conjunction; OR of any two numbers is non-zero when either is.
        const known = l !== undefined && r !== undefined && (sym.op === OR || (l.boolean && r.boolean));
        combined.push(
          known ? { condition: { kind: sym.op === AND ? 'and' : 'or', left: l.condition, right: r.condition }, boolean: l.boolean && r.boolean } : undefined,
        );
      }
    }
    return bounded(combined);
  };

  const conditions = new Map<number, Condition[]>();
  for (const s of summaries) {
    if (s.condition === undefined) continue;
    steps = 0;
    const found = readings(s, s.condition, 0);
    if (found.length === 0) continue;
    const known = found.filter((r): r is Reading => r !== undefined).map((r) => r.condition);
    conditions.set(s.block.end, found.includes(undefined) ? [...known, { kind: 'value' }] : known);
  }
  return { leafAt, leaves, conditions };
}

/** Internal functions searched for their returning jumps: blocks visited, returns kept. */
const MAX_FUNCTION_BLOCKS = 64;
const MAX_RETURNS = 8;

/**
 * Each block's predecessors: fall-through, constant jumps and, for a return address a caller pushed
 * before jumping to a function, the function's returning (dynamic) jumps: solc's internal calls, not
 * inlined by the legacy pipeline and by via-IR when called from several places.
 */
function predecessorsOf(code: Uint8Array, summaries: readonly BlockSummary[]): Map<BlockSummary, BlockSummary[]> {
  const byStart = new Map(summaries.map((s, i) => [s.block.start, i]));
  const jumpdest = (sym: Sym | undefined): number | undefined => {
    if (sym?.kind !== 'const' || sym.value >= BigInt(code.length)) return undefined;
    const i = byStart.get(Number(sym.value));
    return i !== undefined && code[summaries[i].block.start] === Op.JUMPDEST ? i : undefined;
  };
  const successors = (i: number): number[] => {
    const next = summaries[i].falls && i + 1 < summaries.length ? [i + 1] : [];
    const target = jumpdest(summaries[i].destination);
    return target === undefined ? next : [...next, target];
  };
  // Blocks ending in a dynamic JUMP reachable from a function's entry, through the calls it makes.
  const returnsOf = new Map<number, number[]>();
  const returns = (entry: number): number[] => {
    const known = returnsOf.get(entry);
    if (known !== undefined) return known;
    const found: number[] = [];
    const seen = new Set([entry]);
    const queue = [entry];
    while (queue.length > 0 && seen.size < MAX_FUNCTION_BLOCKS && found.length < MAX_RETURNS) {
      const i = queue.shift()!;
      const s = summaries[i];
      if (s.destination !== undefined && s.condition === undefined && s.destination.kind !== 'const') found.push(i);
      const pushed = s.exit.map(jumpdest).filter((t): t is number => t !== undefined);
      for (const next of [...successors(i), ...pushed]) {
        if (seen.has(next)) continue;
        seen.add(next);
        queue.push(next);
      }
    }
    returnsOf.set(entry, found);
    return found;
  };

  const predecessors = new Map<BlockSummary, BlockSummary[]>(summaries.map((s) => [s, []]));
  summaries.forEach((s, i) => {
    for (const next of successors(i)) predecessors.get(summaries[next])!.push(s);
  });
  summaries.forEach((s, i) => {
    const callee = jumpdest(s.destination);
    if (callee === undefined || s.condition !== undefined) return;
    for (const slot of s.exit) {
      const back = jumpdest(slot);
      if (back === undefined || back === callee || back === i) continue;
      predecessors.get(summaries[back])!.push(...returns(callee).map((r) => summaries[r]));
    }
  });
  return predecessors;
}

/** At most MAX_READINGS, duplicates (the same Condition object) dropped. */
function bounded<T>(items: T[]): T[] {
  const unique = [...new Set(items)];
  return unique.length > MAX_READINGS ? unique.slice(0, MAX_READINGS) : unique;
}

function exitSlot(s: BlockSummary, slot: number): Sym {
  return slot < s.exit.length ? s.exit[s.exit.length - 1 - slot] : { kind: 'entry', slot: s.consumed + slot - s.exit.length };
}

/** Runs a block symbolically over its entry stack. */
function summarize(block: BasicBlock): BlockSummary {
  const stack: Sym[] = [];
  let consumed = 0;
  // Makes the top `n` slots explicit: the entry slots below what the block pushed.
  const reach = (n: number) => {
    while (stack.length < n) stack.unshift({ kind: 'entry', slot: consumed++ });
  };
  const summary: BlockSummary = { block, exit: stack, consumed: 0, falls: true };
  for (const ins of block.instructions) {
    const { code, pops, pushes, name } = ins.op;
    reach(pops);
    if (ins.push !== undefined) {
      stack.push({ kind: 'const', value: ins.push });
    } else if (name.startsWith('DUP')) {
      stack.push(stack[stack.length - pops]);
    } else if (name.startsWith('SWAP')) {
      const top = stack.length - 1;
      [stack[top], stack[top - pops + 1]] = [stack[top - pops + 1], stack[top]];
    } else if (code === Op.JUMP || code === Op.JUMPI) {
      summary.destination = stack.pop();
      if (code === Op.JUMPI) summary.condition = stack.pop();
    } else {
      const args = stack.splice(stack.length - pops, pops).reverse();
      if (pushes > 0) stack.push(TRACKED.has(code) ? { kind: 'op', pc: ins.pc, op: code, args } : { kind: 'opaque' });
    }
  }
  const last = block.instructions[block.instructions.length - 1];
  summary.falls = !last.op.terminates;
  summary.consumed = consumed;
  return summary;
}
