import { Op } from '../bytecode/index.js';
import { calleeSplitPoints, CalledFrames } from './calledFrames.js';
import type { FrameInput } from './frame.js';
import { high, low, mayBeNonZero, mayBeZero, type AbsValue } from './lattice.js';
import { LidHasher } from './lid.js';
import type { AnalyzedProgram } from './program.js';
import { checkSuffix, MAX_CALL_DEPTH } from './reachability.js';
import { refineBranch } from './refine.js';
import { initialState } from './state.js';
import { isCall, transfer, type Effect } from './transfer.js';
import type { BailoutCause, LookaheadOptions, LookaheadResult, TargetSet } from './types.js';

/** The paper's cut-off: split points after the first 8,192 prefix locations are ignored (Sect. V). */
export const MAX_PREFIX_LOCATIONS = 8192;
/** About 4 µs a step on a large unoptimised contract: a suffix check costs at most ~0.4 s. */
export const SUFFIX_STEP_BUDGET = 100_000;
/** All suffix checks of one path together; past it the remaining split points are skipped. */
export const PATH_STEP_BUDGET = 300_000;

/**
 * LOOKAHEADANALYZE (Alg. 2) for the outermost frame of one transaction. `path` holds the frame's
 * jumps as flattened [pc, destination] pairs (a JUMPI not taken has destination pc + 1). The prefix
 * is executed abstractly with calldata, storage and environment Top and branch directions fixed by
 * the path; at each split point (pc 0, then each jump destination entered for the first time) the
 * suffix is checked by a fixpoint. The first split point whose suffix reaches no target ends the
 * no-target-ahead prefix; without one the prefix is the whole path. A call the prefix makes into
 * known code adds the callee frame's own LID (`options.calls`).
 */
export function lookahead(program: AnalyzedProgram, path: Uint32Array, targets: TargetSet, options: LookaheadOptions = {}): LookaheadResult {
  return lookaheadFrame(program, path, targets, options, { depth: 0 });
}

/** A callee frame's place: its depth below the outermost frame and what its caller passed it. */
interface FrameContext {
  depth: number;
  input?: FrameInput;
}

function lookaheadFrame(program: AnalyzedProgram, path: Uint32Array, targets: TargetSet, options: LookaheadOptions, context: FrameContext): LookaheadResult {
  const maxLocations = options.maxPrefixLocations ?? MAX_PREFIX_LOCATIONS;
  const suffixBudget = options.suffixStepBudget ?? SUFFIX_STEP_BUDGET;
  const pairs = path.length >> 1;
  const hasher = new LidHasher();
  hasher.updateBytes(program.codeHash);
  const splitPoints: number[] = [];
  const seen = new Set<number>();
  const state = context.input === undefined ? initialState() : { ...initialState(), input: context.input };
  // Frames deeper than the suffix checks follow calls are not analysed: their calls add nothing.
  const calls =
    options.calls !== undefined && options.calls.length > 0 && context.depth < MAX_CALL_DEPTH ? new CalledFrames(options.calls, targets) : undefined;
  let bailout: BailoutCause | undefined;
  let steps = 0;
  let suffixSteps = 0;
  program.stats.lookaheads++;

  const note = (cause: BailoutCause): void => {
    bailout ??= cause;
  };
  /** Records the split point at `pc` if new and checks its suffix; true when the prefix ends here. */
  const splitHere = (pc: number): boolean => {
    if (seen.has(pc)) return false;
    seen.add(pc);
    splitPoints.push(pc);
    if (options.assumeTargetsAhead || suffixSteps >= PATH_STEP_BUDGET) return false;
    const verdict = checkSuffix(program, targets, pc, state, suffixBudget);
    suffixSteps += verdict.steps;
    if (verdict.bailout) note(verdict.bailout);
    return verdict.unreachable;
  };
  const result = (prefixLength: number, targetsAhead: boolean): LookaheadResult => ({
    lid: hasher.hex(),
    prefixLength,
    splitPoints,
    targetsAhead,
    ...(bailout ? { bailout } : {}),
    steps: steps + suffixSteps,
  });

  let taken = 0;
  if (splitHere(0)) return finish(0);
  for (let pc = 0; steps < maxLocations;) {
    if (pc >= program.code.length || !program.isInstruction[pc]) break;
    const opcode = program.opAt[pc];
    steps++;
    const isJump = opcode === Op.JUMP || opcode === Op.JUMPI;
    if (isJump && (taken >= pairs || path[2 * taken] !== pc)) {
      // The path ends here (out of gas, a cut trace) or disagrees with the code.
      if (taken < pairs) mismatch();
      break;
    }
    if (calls !== undefined && isCall(opcode)) hashCallee(opcode, taken);
    const effect = transfer(state, pc, program);
    if (effect.kind === 'next') {
      pc += opcode >= Op.PUSH1 && opcode <= Op.PUSH32 ? opcode - Op.PUSH0 + 1 : 1;
      continue;
    }
    if (effect.kind === 'halt') {
      if (taken < pairs) mismatch();
      break;
    }
    const dest = path[2 * taken + 1];
    if (!agrees(program, pc, dest, effect) || !followBranch(pc, dest, effect)) {
      mismatch();
      break;
    }
    hasher.updateWord(pc);
    hasher.updateWord(dest);
    taken++;
    pc = dest;
    if (splitHere(dest)) return finish(taken);
  }
  for (; taken < pairs; taken++) {
    hasher.updateWord(path[2 * taken]);
    hasher.updateWord(path[2 * taken + 1]);
  }
  program.stats.steps += steps;
  return result(pairs, true);

  /**
   * Bran §IV-C: "during the prefix-inference step, we compute a summary LID for the callee context
   * by recursively invoking the lookahead algorithm on the callee", from the input the caller's state
   * passes it. The call's own effect on the caller is havocked by `transfer`. The callee's split
   * points are locations along the prefix too: without them the schedule saw no rare split point
   * where only a callee path was new (CalleeFig2, B over 20 seeds: median 992 transactions, 646 with them).
   */
  function hashCallee(opcode: number, callerJumps: number): void {
    const matched = calls!.match(opcode, state, callerJumps);
    if (matched === undefined) return;
    const { frame, callee, input } = matched;
    const inner = lookaheadFrame(
      callee.program,
      frame.path.jumps,
      callee.targets,
      { ...options, calls: frame.path.calls },
      { depth: context.depth + 1, input },
    );
    suffixSteps += inner.steps;
    if (inner.bailout) note(inner.bailout);
    hasher.updateLid(inner.lid);
    splitPoints.push(...calleeSplitPoints(callee.program, inner.splitPoints));
  }

  /** Refines the state by the direction the path took at a JUMPI; false when that is impossible. */
  function followBranch(pc: number, dest: number, effect: Effect): boolean {
    if (effect.kind !== 'branch') return true;
    const { condition, target } = effect;
    if (dest !== pc + 1) return refineBranch(state, condition, true);
    // A taken jump to pc + 1 looks like the fall-through: refine only when it cannot be one.
    const next = BigInt(dest);
    if (mayBeNonZero(condition) && low(target) <= next && next <= high(target)) return true;
    return refineBranch(state, condition, false);
  }

  function mismatch(): void {
    note('path-mismatch');
    program.stats.bailouts['path-mismatch']++;
  }
  function finish(prefixLength: number): LookaheadResult {
    program.stats.steps += steps;
    return result(prefixLength, false);
  }
}

/** Whether jumping from `pc` to `dest` is possible under the abstract jump `effect`. */
function agrees(program: AnalyzedProgram, pc: number, dest: number, effect: Extract<Effect, { kind: 'jump' | 'branch' }>): boolean {
  const validTarget = (target: AbsValue): boolean => program.jumpdests[dest] === 1 && low(target) <= BigInt(dest) && BigInt(dest) <= high(target);
  if (effect.kind === 'jump') return validTarget(effect.target);
  if (dest === pc + 1) {
    // Fall-through, or (rarely) a taken jump to the very next pc: both end in the same step.
    return mayBeZero(effect.condition) || validTarget(effect.target);
  }
  return mayBeNonZero(effect.condition) && validTarget(effect.target);
}
