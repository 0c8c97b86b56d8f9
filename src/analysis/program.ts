import { keccak_256 } from '@noble/hashes/sha3.js';
import { instructions, jumpDestinations } from '../bytecode/index.js';
import { MAX_WORD } from './arithmetic.js';
import { type AnalysisStats, BAILOUT_CAUSES, type BailoutCause, type TargetSet } from './types.js';

/** What the analyses of one runtime code share: built once per code by `prepareProgram`. */
export interface AnalyzedProgram {
  readonly code: Uint8Array;
  /** Opcode byte at each instruction start; `isInstruction` tells starts from PUSH data. */
  readonly opAt: Uint8Array;
  readonly isInstruction: Uint8Array;
  /** PUSH immediates by pc (PUSH0 included). */
  readonly pushAt: ReadonlyMap<number, bigint>;
  readonly jumpdests: Uint8Array;
  readonly jumpdestList: readonly number[];
  /** The widening thresholds: every PUSH constant and its neighbours, ascending (see `joinValues`). */
  readonly thresholds: readonly bigint[];
  /** First 8 bytes of keccak256(code), seeding every LID so equal paths in different code differ. */
  readonly codeHash: Uint8Array;
  readonly stats: AnalysisStats;
  /** Per target set: suffix-check verdicts by (pc, state fingerprint), and derived target facts. */
  readonly caches: WeakMap<TargetSet, TargetCache>;
  /** What depends on the code alone, shared by every program of equal code in this process. */
  readonly memo: CodeMemo;
}

export interface CodeMemo {
  /** pcs reachable from pc 0 in a fresh frame ('bailout' when that analysis gave up); filled on first need. */
  entryReached?: Uint8Array | 'bailout';
}

/**
 * Memos by keccak256 of the code. A campaign prepares its contract's code more than once (the
 * empty-prefix check, the path analyzer, the world its calls reach, base and head), and the entry
 * analysis of a large contract costs up to its step budget each time.
 */
const CODE_MEMOS = new Map<string, CodeMemo>();
/** Codes remembered before the oldest is forgotten: far more than one campaign's world. */
const MAX_CODE_MEMOS = 256;

function codeMemo(hash: Uint8Array): CodeMemo {
  const key = Buffer.from(hash).toString('hex');
  let memo = CODE_MEMOS.get(key);
  if (memo === undefined) {
    if (CODE_MEMOS.size >= MAX_CODE_MEMOS) CODE_MEMOS.delete(CODE_MEMOS.keys().next().value!);
    CODE_MEMOS.set(key, (memo = {}));
  }
  return memo;
}

export interface TargetCache {
  readonly bitmap: Uint8Array;
  /** Whether any call may (re-)enter code that reaches a target; computed on first need. */
  callsReachTargets?: boolean;
  /** By (pc, state): true = every target proven unreachable; a bail-out with the budget it ran out of. */
  readonly verdicts: Map<string, boolean | CachedBailout>;
}

/** A suffix check that bailed out: a check with this budget or less bails out again. */
export interface CachedBailout {
  readonly cause: BailoutCause;
  readonly budget: number;
}

export function prepareProgram(code: Uint8Array): AnalyzedProgram {
  const opAt = new Uint8Array(code.length);
  const isInstruction = new Uint8Array(code.length);
  const pushAt = new Map<number, bigint>();
  for (const ins of instructions(code)) {
    opAt[ins.pc] = ins.op.code;
    isInstruction[ins.pc] = 1;
    if (ins.push !== undefined) pushAt.set(ins.pc, ins.push);
  }
  const jumpdests = jumpDestinations(code);
  const jumpdestList: number[] = [];
  jumpdests.forEach((flag, pc) => flag && jumpdestList.push(pc));
  const hash = keccak_256(code);
  const bailouts = Object.fromEntries(BAILOUT_CAUSES.map((cause) => [cause, 0])) as AnalysisStats['bailouts'];
  return {
    code,
    opAt,
    isInstruction,
    pushAt,
    jumpdests,
    jumpdestList,
    thresholds: widenThresholds(pushAt.values()),
    codeHash: hash.subarray(0, 8),
    stats: { lookaheads: 0, suffixChecks: 0, cacheHits: 0, steps: 0, bailouts },
    caches: new WeakMap(),
    memo: codeMemo(hash),
  };
}

function widenThresholds(constants: Iterable<bigint>): bigint[] {
  const set = new Set<bigint>();
  for (const c of constants) for (const t of [c - 1n, c, c + 1n]) if (t >= 0n && t <= MAX_WORD) set.add(t);
  return [...set].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

export function targetCache(program: AnalyzedProgram, targets: TargetSet): TargetCache {
  let cache = program.caches.get(targets);
  if (cache === undefined) {
    const bitmap = new Uint8Array(program.code.length);
    for (const pc of targets.pcs) if (pc < bitmap.length) bitmap[pc] = 1;
    cache = { bitmap, verdicts: new Map() };
    program.caches.set(targets, cache);
  }
  return cache;
}
