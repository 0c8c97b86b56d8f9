import { lookahead, prepareProgram, targetsInWorld, unreachableTargets, type AnalysisStats, type TargetSet, type WorldCode } from '../../analysis/index.js';
import type { TxResult } from '../../evm/index.js';
import { calledFrames } from '../corpus/framePaths.js';

export type { WorldCode };

export interface PathAnalysis {
  lid: string;
  splitPoints: readonly number[];
  /** pcs of the jumps in the no-target-ahead prefix: the branches worth flipping. */
  prefixBranches?: ReadonlySet<number>;
  /** The code (executor code id) those pcs are in: the fuzzed contract's. */
  codeId?: number;
}

/**
 * How precise LOOKAHEADANALYZE is: `precise` is Bran's analysis (configurations B and D);
 * `imprecise` never proves a suffix free of targets, so LIDs hash whole paths but the split points
 * along them still feed the schedule (configuration C, RQ2).
 */
export type AnalysisMode = 'precise' | 'imprecise';

export interface PathAnalyzerRequest {
  /** Runtime code of the fuzzed contract, as deployed. */
  code: Uint8Array;
  /** Its code id in the executor's traces. */
  codeId: number;
  /** pcs of every target in that code. */
  targetPcs: readonly number[];
  /** Targets in other code (a linked library): any external call may reach them. */
  targetsElsewhere?: boolean;
  /**
   * Deployed code of the world by address, with its targets: suffix checks follow calls into it,
   * and a call in a prefix adds its callee frame's LID (Bran §IV-C callee frames). Without it every
   * call may reach a target elsewhere, and LIDs are of the outermost frame's jumps only.
   */
  world?: readonly WorldCode[];
  mode: AnalysisMode;
}

export interface PathAnalyzerStats {
  /** Transactions analysed with `lookahead`. */
  analysed: number;
  /** Of those, how many proved a no-target-ahead prefix shorter than the whole path. */
  provenPrefixes: number;
  /** Transactions whose outermost frame did not run this code: their LID is the path id. */
  foreign: number;
  /** Counters of the underlying interpreter (steps, suffix checks, cache hits, bail-outs). */
  program: AnalysisStats;
}

export interface PathAnalyzer {
  /** LOOKAHEADANALYZE (Alg. 1 line 11) on the last transaction of an input added to the corpus. */
  analyze(last: TxResult): PathAnalysis;
  /** Target pcs proven unreachable from every entry (the empty-prefix check); computed once. */
  unreachable(): ReadonlySet<number>;
  readonly stats: PathAnalyzerStats;
}

/**
 * The campaign's `analyze` for one fuzzed contract. The program is prepared once; suffix verdicts
 * are cached inside it per (split point, abstract state), so prefixes that end in the same state at
 * the same place share one fixpoint.
 *
 * With no target pcs (and none elsewhere) every suffix is trivially target-free: every path's prefix
 * ends at pc 0 and all inputs share one LID and the split point 0, so the schedule degenerates
 * (every entry is equally rare). That case is answered without running the interpreter; callers should not pick the lookahead
 * schedules without targets.
 */
export function createPathAnalyzer(request: PathAnalyzerRequest): PathAnalyzer {
  const program = prepareProgram(request.code);
  // Targets only in this code: a call reaches one only by calling back into it (see reachability.ts).
  const elsewhere = request.targetsElsewhere ?? false;
  const targets: TargetSet = request.world
    ? targetsInWorld(program, request.targetPcs, elsewhere, request.world)
    : { pcs: new Set(request.targetPcs), elsewhere };
  const stats: PathAnalyzerStats = { analysed: 0, provenPrefixes: 0, foreign: 0, program: program.stats };
  const assumeTargetsAhead = request.mode === 'imprecise';
  const noTargets: PathAnalysis = { lid: 'no-targets', splitPoints: [0] };
  let unreachable: ReadonlySet<number> | undefined;

  return {
    stats,
    analyze(last) {
      // The trace holds no outermost code id; a frame of this code starts at block 0, and
      // `lookahead` reports a path that disagrees with the code as a mismatch (whole-path LID).
      if (!last.trace.blocks.get(request.codeId)?.has(0)) {
        stats.foreign++;
        return { lid: `path:${last.trace.pathId}`, splitPoints: [] };
      }
      if (targets.pcs.size === 0 && !targets.elsewhere) return noTargets;
      stats.analysed++;
      const { jumps } = last.trace;
      const calls = targets.callees && last.trace.calleeFrames.length > 0 ? calledFrames(last.trace) : undefined;
      const result = lookahead(program, jumps, targets, { assumeTargetsAhead, ...(calls ? { calls } : {}) });
      if (!result.targetsAhead) stats.provenPrefixes++;
      // Flipping a branch after the prefix can never reach a target (Sect. III): predictions aim before it.
      const prefixBranches = new Set<number>();
      for (let i = 0; i < result.prefixLength && 2 * i < jumps.length; i++) prefixBranches.add(jumps[2 * i]);
      return { lid: result.lid, splitPoints: result.splitPoints, prefixBranches, codeId: request.codeId };
    },
    unreachable() {
      unreachable ??= targets.pcs.size === 0 ? new Set() : unreachableTargets(program, targets);
      return unreachable;
    },
  };
}

/**
 * Whether flipping the branch at `pc` of code `codeId` can lead to no target on the analysed path
 * (its last transaction's outermost frame, whose jumps are `jumps`): the branch ran on that path and
 * lies past its proven no-target-ahead prefix (Bran Sect. III: "flipping a branch in a suffix path can
 * never lead to a target location"). False when unsure: a branch of another code or transaction.
 */
export function pastPrefix(analysis: PathAnalysis, jumps: Uint32Array, branch: { codeId: number; pc: number }): boolean {
  const { prefixBranches } = analysis;
  if (prefixBranches === undefined || analysis.codeId !== branch.codeId || prefixBranches.has(branch.pc)) return false;
  for (let i = 0; i < jumps.length; i += 2) if (jumps[i] === branch.pc) return true;
  return false;
}

/**
 * pcs of targets in `code` that no call of it can execute, whoever makes it and with whatever
 * calldata (its empty-prefix check): for a linked library, which anyone may call.
 */
export function unreachableInCode(code: Uint8Array, pcs: readonly number[]): ReadonlySet<number> {
  return pcs.length === 0 ? new Set() : unreachableTargets(prepareProgram(code), { pcs: new Set(pcs), elsewhere: true });
}
