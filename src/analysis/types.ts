/**
 * Public types of the lookahead analysis (Bran, Sect. IV): target sets, the result of analysing one
 * path, bail-out causes and the counters kept per program.
 */

import type { AnalyzedProgram } from './program.js';

/** Target locations of one contract's runtime code. Treat as immutable: results are cached per object. */
export interface TargetSet {
  /** pcs (byte offsets) of target instructions in this code. */
  readonly pcs: ReadonlySet<number>;
  /**
   * Targets also exist in other code (another contract, a library): any CALL, CALLCODE,
   * DELEGATECALL, STATICCALL or CREATE* reached in a suffix then counts as reaching a target.
   */
  readonly elsewhere: boolean;
  /**
   * Code of the world by address (Bran §IV-C): a CALL, STATICCALL or DELEGATECALL to a constant
   * address found here is followed into the callee, analysed from its entry with the calldata and
   * value the caller's state knows, instead of counting as reaching a target. Calls elsewhere still do.
   */
  readonly callees?: ReadonlyMap<bigint, Callee>;
}

/** Known code a call may enter, with the targets in it (whose `callees` is the same world). */
export interface Callee {
  readonly program: AnalyzedProgram;
  readonly targets: TargetSet;
}

/**
 * Why the analysis gave up on a question; it then answers conservatively ("targets may be ahead").
 * - `step-budget`: the fixpoint or the prefix ran out of abstract steps.
 * - `path-mismatch`: the concrete path disagrees with the abstract prefix (a constant jump target or
 *   branch condition that says otherwise, a jump at an unexpected pc, a path that runs off the code).
 */
export type BailoutCause = 'step-budget' | 'path-mismatch';

export const BAILOUT_CAUSES: readonly BailoutCause[] = ['step-budget', 'path-mismatch'];

/** The outcome of Alg. 2 for one path. */
export interface LookaheadResult {
  /**
   * Lookahead identifier: 16 hex digits, a 64-bit FNV-1a of the code hash and the prefix's (pc,
   * destination) pairs, with the LID of each callee frame the prefix's calls ran at its call.
   */
  lid: string;
  /** Number of [pc, destination] pairs of the path in the no-target-ahead prefix (the whole path when none was proven). */
  prefixLength: number;
  /**
   * Split points along the prefix, in path order: pc 0, then each jump destination entered for the
   * first time; a callee frame's (see `calleeSplitPoints`) where the prefix made its call.
   */
  splitPoints: number[];
  /** True when no split point was proven no-target-ahead, so the prefix is the whole path (Alg. 2 line 12). */
  targetsAhead: boolean;
  /** The first bail-out met while analysing this path, if any. */
  bailout?: BailoutCause;
  /** Abstract instructions executed (prefix plus suffix checks, cache hits cost nothing). */
  steps: number;
}

/**
 * One frame's part of a concrete path, with the frames its calls ran (Bran §IV-C: "separating the
 * parts of path π that belong to the caller and the callee").
 */
export interface FramePath {
  /** The frame's own jumps: [pc, destination] pairs flattened (a JUMPI not taken goes to pc + 1). */
  readonly jumps: Uint32Array;
  /** Frames that ran code for its calls, in the order they ran. */
  readonly calls: readonly CalledFrame[];
}

/** A frame a call ran. */
export interface CalledFrame {
  readonly code: Uint8Array;
  /** Jumps its caller had made when it called: the call is in the block the caller entered by that many jumps. */
  readonly callerJumps: number;
  readonly path: FramePath;
}

/** Knobs with defaults that suit the fuzz loop. */
export interface LookaheadOptions {
  /** Split points after this many executed prefix instructions are ignored (the paper's 8,192). */
  maxPrefixLocations?: number;
  /** Abstract steps one suffix check may take before it bails out. */
  suffixStepBudget?: number;
  /**
   * Skip suffix checking: every split point is taken to have targets ahead, so the prefix is the
   * whole path (the paper's configuration C, RQ2: ARETARGETSUNREACHABLE always returns false).
   */
  assumeTargetsAhead?: boolean;
  /**
   * The frames the path's calls ran (Bran §IV-C). A call in the prefix that ran known code (one of
   * the target set's `callees`) hashes that frame's own LID, by this analysis run on its part of the
   * path, into the caller's; without them the LID is of the frame's own jumps only.
   */
  calls?: readonly CalledFrame[];
}

/** Counters per analysed program, for the report's analysis stats. */
export interface AnalysisStats {
  lookaheads: number;
  suffixChecks: number;
  cacheHits: number;
  steps: number;
  bailouts: Record<BailoutCause, number>;
}
