import { Op } from '../bytecode/index.js';
import { mayBeNonZero, mayBeZero, type AbsValue } from './lattice.js';
import type { AnalyzedProgram } from './program.js';
import { refineBranch } from './refine.js';
import { copyState, entryState, joinInto, type AbstractState } from './state.js';
import { transfer } from './transfer.js';
import type { BailoutCause } from './types.js';

/**
 * Forward abstract interpretation to a fixpoint, straight over the bytecode (no CFG is built first):
 * states are kept at block entries (JUMPDESTs, JUMPI fall-throughs and the start) and joined there.
 *
 * At one pc, states are partitioned by stack height and by the code addresses on the stack, so an
 * internal function that solc calls from several sites is analysed once per return address: a flat
 * join would make the return address Top and send every return to every JUMPDEST. A pc holds at most
 * PARTITIONS_PER_PC partitions; past that, a state joins the partition whose key shares the longest
 * start with its own (same height, then the same innermost return addresses), so the nearest return
 * stays exact as long as possible. Joins of different heights make an open stack (see AbstractState).
 * Every pc thus has finitely many partitions, each with a finite chain of states: the search terminates.
 * Measured on a 60-function contract (solc, no optimizer): 32 partitions with a plain same-height
 * fallback took 372k steps from pc 0, 128 with this fallback 230k (about 1 s). A fallback join makes
 * return addresses intervals, sent to every JUMPDEST in them, which fill more pcs: an ERC20Votes-shaped
 * token (__fixtures__/bench/votes) needs 174 partitions at one pc, and took 1.1M steps with 128, 42k
 * with 256. Contracts that need no more than 128 take the same steps either way.
 */
const PARTITIONS_PER_PC = 256;

export interface FixpointRequest {
  program: AnalyzedProgram;
  start: number;
  state: AbstractState;
  stepBudget: number;
  /** Asked before each instruction runs (`state` is before it); true ends the search early (a target was found). */
  stopAt?: (pc: number, opcode: number, state: AbstractState) => boolean;
}

export type FixpointOutcome =
  | { kind: 'complete'; steps: number; reached: Uint8Array }
  | { kind: 'stopped'; pc: number; steps: number }
  | { kind: 'bailout'; cause: BailoutCause; steps: number };

interface Partition {
  key: string;
  fields: string[];
  state: AbstractState;
  queued: boolean;
  /** Joins that changed the state: past WIDENING_DELAY, bounds that grow jump to the word's ends. */
  widenings: number;
}

/**
 * Joins at one partition that widen to the program's constants before bounds widen to 0 and 2^256 − 1:
 * enough for a counter to climb to a small loop bound (LoopExit.sol's loop to 10 needs 12, through
 * its increment helper). Unbounded, a loop climbs through every constant of the program: that
 * multiplied the entry analysis's steps by up to 150 on our fixtures (EqualArrays 2.9k → 448k);
 * with 12, by at most 5 (14k).
 */
const WIDENING_DELAY = 12;
const NO_THRESHOLDS: readonly bigint[] = [];

export function runFixpoint(request: FixpointRequest): FixpointOutcome {
  const { program, stepBudget, stopAt } = request;
  const code = program.code;
  const reached = new Uint8Array(code.length);
  const partitions = new Map<number, Map<string, Partition>>();
  const worklist: [number, Partition][] = [];
  let steps = 0;
  // Set when the search ends early; every loop below checks it.
  let ended: FixpointOutcome | undefined;

  const codeLength = BigInt(code.length);
  const partitionKey = (state: AbstractState): string => {
    const stack = state.stack;
    let key = (state.open ? '…' : '') + String(stack.length);
    for (let i = stack.length - 1; i >= 0; i--) {
      const value = stack[i];
      if (typeof value === 'bigint' && value < codeLength && program.jumpdests[Number(value)]) key += `,${stack.length - i}:${value}`;
    }
    return key;
  };

  // A state jumping to many pcs looks for the closest partition at each with the same key: split it once.
  let lastKey = '';
  let lastFields: string[] = [];
  const fieldsOf = (key: string): string[] => {
    if (key !== lastKey) [lastKey, lastFields] = [key, key.split(',')];
    return lastFields;
  };

  // `key` is passed in when one state goes to many pcs (a Top jump), to build it once.
  const propagate = (pc: number, state: AbstractState, key = partitionKey(state)): void => {
    if (pc >= code.length) return; // running off the code is STOP
    let atPc = partitions.get(pc);
    if (atPc === undefined) partitions.set(pc, (atPc = new Map()));
    let target = atPc.get(key);
    if (target === undefined && atPc.size < PARTITIONS_PER_PC) {
      target = { key, fields: fieldsOf(key), state: entryState(state), queued: true, widenings: 0 };
      atPc.set(key, target);
      worklist.push([pc, target]);
      return;
    }
    target ??= closestPartition(atPc, fieldsOf(key));
    const joined = joinInto(target.state, state, target.widenings < WIDENING_DELAY ? program.thresholds : NO_THRESHOLDS);
    if (joined === undefined) return;
    target.widenings++;
    target.state = joined;
    if (!target.queued) {
      target.queued = true;
      worklist.push([pc, target]);
    }
  };

  const jumpTo = (target: AbsValue, state: AbstractState): void => {
    if (typeof target === 'bigint') {
      if (target < codeLength && program.jumpdests[Number(target)]) propagate(Number(target), state);
      return; // a constant that is no JUMPDEST halts the EVM
    }
    // A return address joined with others, or Top: every JUMPDEST in its bounds (as numbers: no BigInt per JUMPDEST).
    const key = partitionKey(state);
    const [from, to] = [Number(target.lo), target.hi < codeLength ? Number(target.hi) : code.length];
    for (const dest of program.jumpdestList) if (dest >= from && dest <= to) propagate(dest, state, key);
  };

  const runBlock = (start: number, entry: AbstractState): void => {
    const state = copyState(entry);
    for (let pc = start; ;) {
      if (pc >= code.length) return;
      if (pc !== start && program.jumpdests[pc]) return propagate(pc, state);
      if (++steps > stepBudget) {
        ended = { kind: 'bailout', cause: 'step-budget', steps };
        return;
      }
      const opcode = program.opAt[pc];
      reached[pc] = 1;
      if (stopAt?.(pc, opcode, state)) {
        ended = { kind: 'stopped', pc, steps };
        return;
      }
      const effect = transfer(state, pc, program);
      switch (effect.kind) {
        case 'next':
          pc += opcode >= Op.PUSH1 && opcode <= Op.PUSH32 ? opcode - Op.PUSH0 + 1 : 1;
          break;
        case 'halt':
          return;
        case 'jump':
          return jumpTo(effect.target, state);
        case 'branch': {
          // Each side gets the state refined by its outcome of the condition; an impossible side is dropped.
          const condition = effect.condition;
          if (mayBeNonZero(condition)) {
            const taken = mayBeZero(condition) ? copyState(state) : state;
            if (refineBranch(taken, condition, true)) jumpTo(effect.target, taken);
          }
          if (mayBeZero(condition) && refineBranch(state, condition, false)) propagate(pc + 1, state);
          return;
        }
      }
    }
  };

  propagate(request.start, request.state);
  for (let head = 0; head < worklist.length && ended === undefined; head++) {
    const [pc, partition] = worklist[head];
    partition.queued = false;
    runBlock(pc, partition.state);
  }
  return ended ?? { kind: 'complete', steps, reached };
}

/** The partition whose key agrees with `fields` (a key split at its commas) on the most leading fields. */
function closestPartition(partitions: Map<string, Partition>, fields: readonly string[]): Partition {
  let best: Partition | undefined;
  let bestShared = -1;
  for (const partition of partitions.values()) {
    const other = partition.fields;
    let shared = 0;
    while (shared < fields.length && fields[shared] === other[shared]) shared++;
    if (shared > bestShared) [best, bestShared] = [partition, shared];
  }
  return best!;
}
