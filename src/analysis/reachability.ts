import { runFixpoint } from './fixpoint.js';
import { callOperands, type FrameInput } from './frame.js';
import { isConst } from './lattice.js';
import { targetCache, type AnalyzedProgram, type CachedBailout, type TargetCache } from './program.js';
import { fingerprint, initialState, type AbstractState } from './state.js';
import { isCall } from './transfer.js';
import type { BailoutCause, TargetSet } from './types.js';

/**
 * Abstract steps the empty-prefix analysis of a whole contract may take: our fixtures need at most
 * 11k (analysis suites), an ERC20Votes-shaped token (8 KB, __fixtures__/bench/votes) 42k. A contract
 * whose call contexts overflow the partitions (fixpoint.ts) may need millions: it bails out, soundly,
 * after about 1.5 s at load 7 on 2 cores (measured with 128 partitions on that token).
 */
export const ENTRY_STEP_BUDGET = 250_000;
/** Calls followed into known callees one inside another; a call deeper still counts as reaching a target. */
export const MAX_CALL_DEPTH = 4;
/** Cached suffix verdicts per target set before the cache starts over. */
const MAX_CACHED_VERDICTS = 100_000;

/** pcs that some execution of a fresh frame may reach, or 'bailout'. Computed once per program. */
function entryReached(program: AnalyzedProgram): Uint8Array | 'bailout' {
  if (program.memo.entryReached === undefined) {
    const outcome = runFixpoint({ program, start: 0, state: initialState(), stepBudget: ENTRY_STEP_BUDGET });
    program.stats.steps += outcome.steps;
    if (outcome.kind === 'bailout') program.stats.bailouts[outcome.cause]++;
    program.memo.entryReached = outcome.kind === 'complete' ? outcome.reached : 'bailout';
  }
  return program.memo.entryReached;
}

/**
 * The empty-prefix check: pcs of targets in this code that no execution can reach (calldata, value,
 * storage and environment unknown). Sound: when the analysis bails out, nothing is called unreachable.
 */
export function unreachableTargets(program: AnalyzedProgram, targets: TargetSet): Set<number> {
  const reached = entryReached(program);
  const unreachable = new Set<number>();
  if (reached === 'bailout') return unreachable;
  for (const pc of targets.pcs) if (!reached[pc]) unreachable.add(pc);
  return unreachable;
}

/**
 * A call may run any code, including this code again from pc 0 (re-entrancy, DELEGATECALL to
 * itself): it may reach a target unless targets live only here and none is reachable from entry.
 */
function callsReachTargets(program: AnalyzedProgram, targets: TargetSet): boolean {
  const cache = targetCache(program, targets);
  cache.callsReachTargets ??= targets.elsewhere || unreachableTargets(program, targets).size < targets.pcs.size;
  return cache.callsReachTargets;
}

export type SuffixVerdict = { unreachable: boolean; steps: number; bailout?: BailoutCause };

/**
 * ARETARGETSUNREACHABLE of Alg. 2: whether every path from `pc` in `state` avoids the targets.
 * Verdicts are cached per target set by (pc, exact state).
 */
export function checkSuffix(program: AnalyzedProgram, targets: TargetSet, pc: number, state: AbstractState, stepBudget: number, depth = 0): SuffixVerdict {
  const cache = targetCache(program, targets);
  const key = `${pc}@${fingerprint(state)}`;
  const cached = cache.verdicts.get(key);
  program.stats.suffixChecks++;
  if (typeof cached === 'boolean' || (cached !== undefined && stepBudget <= cached.budget)) {
    program.stats.cacheHits++;
    return typeof cached === 'boolean' ? { unreachable: cached, steps: 0 } : { unreachable: false, steps: 0, bailout: cached.cause };
  }
  const calls = callsReachTargets(program, targets);
  let calleeSteps = 0;
  let calleeBailout: BailoutCause | undefined;
  /** Whether the call about to run in `at` may reach a target: its callee's check when the code is known. */
  const callReaches = (opcode: number, at: AbstractState): boolean => {
    const call = depth < MAX_CALL_DEPTH ? callOperands(opcode, at) : undefined;
    const callee = call && isConst(call.to) ? targets.callees?.get(call.to) : undefined;
    if (call === undefined || callee === undefined) return true;
    const verdict = checkSuffix(callee.program, callee.targets, 0, calleeEntry(call.input()), stepBudget, depth + 1);
    calleeSteps += verdict.steps;
    calleeBailout ??= verdict.bailout;
    return !verdict.unreachable;
  };
  const outcome = runFixpoint({
    program,
    start: pc,
    state,
    stepBudget,
    stopAt: (at, opcode, before) => cache.bitmap[at] === 1 || (calls && isCall(opcode) && callReaches(opcode, before)),
  });
  program.stats.steps += outcome.steps;
  const steps = outcome.steps + calleeSteps;
  if (outcome.kind === 'bailout' || calleeBailout !== undefined) {
    const cause = outcome.kind === 'bailout' ? outcome.cause : calleeBailout!;
    if (outcome.kind === 'bailout') program.stats.bailouts[cause]++;
    // Only a larger budget may pass: a large contract's later paths no longer repeat the same bail-out.
    remember(cache, key, { cause, budget: stepBudget });
    return { unreachable: false, steps, bailout: cause };
  }
  const unreachable = outcome.kind === 'complete';
  remember(cache, key, unreachable);
  return { unreachable, steps };
}

function remember(cache: TargetCache, key: string, verdict: boolean | CachedBailout): void {
  if (cache.verdicts.size >= MAX_CACHED_VERDICTS) cache.verdicts.clear();
  cache.verdicts.set(key, verdict);
}

/** A fresh frame of the callee's code, started with what the caller passes it. */
function calleeEntry(input: FrameInput): AbstractState {
  return { ...initialState(), input };
}
