import { encodeFunctionData, hexToBytes } from 'viem';
import { MAX_CALL_DEPTH } from '../../../src/analysis/reachability.js';
import type { CompiledContract } from '../../../src/compile/types.js';
import { Executor } from '../../../src/evm/executor.js';
import { MAX_CALLEE_DEPTH } from '../../../src/evm/traceRecorder.js';
import type { Deployment } from '../../../src/evm/types.js';
import { calledFrames } from '../../../src/fuzz/corpus/framePaths.js';
import { createPathAnalyzer, type AnalysisMode, type PathAnalyzer } from '../../../src/fuzz/schedule/pathAnalysis.js';
import { deployLibraryFixture } from '../../helpers/libraryFixture.js';

/**
 * Bran §IV-C callee LIDs on CalleeFig2.sol, on real traces: Fig. 2's body runs in a library frame the
 * caller enters by DELEGATECALL, so the caller's own jumps are the same on every path and only the
 * callee frame's LID tells the loops' branch from the rare one.
 */
let caller: CompiledContract;
let executor: Executor;
let library: Deployment;
let subject: Deployment;
let targetPcs: number[];

beforeAll(async () => {
  const fixture = await deployLibraryFixture('CalleeFig2.sol', 'CalleeFig2', 'Fig2Body');
  ({ caller, executor, library, subject } = fixture);
  expect(fixture.target.contract).toContain('Fig2Body');
  targetPcs = fixture.target.pcs;
});

/** The analyzer the campaign builds for the subject: its target is in the library, whose code the world knows (or not). */
function analyzer(mode: AnalysisMode, world: 'library known' | 'calls opaque' = 'library known'): PathAnalyzer {
  const code = (d: Deployment, pcs: number[]) => ({ address: BigInt(d.address), code: d.code, targetPcs: pcs });
  return createPathAnalyzer({
    code: subject.code,
    codeId: subject.codeId,
    targetPcs: [],
    targetsElsewhere: true,
    ...(world === 'library known' ? { world: [code(subject, []), code(library, targetPcs)] } : {}),
    mode,
  });
}

interface Run {
  lid: string;
  splitPoints: readonly number[];
  pathId: string;
  /** The outermost frame's jumps, copied. */
  jumps: number[];
}

/** bar(w, x, y, z, a) on a fresh state, analysed by `analyze`. */
async function bar(analyze: PathAnalyzer, args: [bigint, bigint, bigint, bigint, number]): Promise<Run> {
  executor.reset();
  const data = hexToBytes(encodeFunctionData({ abi: caller.abi, functionName: 'bar', args }));
  const result = await executor.run({ sender: 0, to: 1, data, value: 0n, blockDelay: 0, timeDelay: 0 });
  expect(result.outcome).toEqual({ kind: 'success' });
  const { lid, splitPoints } = analyze.analyze(result);
  return { lid, splitPoints, pathId: result.trace.pathId, jumps: [...result.trace.jumps] };
}

/** The loops' branch with different turns (w % 9, z % 9 with y even), and the rare branch with b = a % 32 ≠ 29. */
const loopsA: [bigint, bigint, bigint, bigint, number] = [1n, 5n, 0n, 3n, 0];
const loopsB: [bigint, bigint, bigint, bigint, number] = [7n, 5n, 0n, 0n, 0];
const rareA: [bigint, bigint, bigint, bigint, number] = [0n, 777n, 0n, 0n, 3];
const rareB: [bigint, bigint, bigint, bigint, number] = [0n, 1777n, 0n, 0n, 200];

describe('callee LIDs (Bran §IV-C) on CalleeFig2.sol', () => {
  it('records the library frame: its code, where the caller called it, and its own jumps', async () => {
    executor.reset();
    const data = hexToBytes(encodeFunctionData({ abi: caller.abi, functionName: 'bar', args: loopsA }));
    const result = await executor.run({ sender: 0, to: 1, data, value: 0n, blockDelay: 0, timeDelay: 0 });
    const [frame, ...others] = calledFrames(result.trace);
    expect(others).toEqual([]);
    expect(Buffer.compare(frame.code, library.code)).toBe(0);
    // The call comes after the caller's dispatch and argument decoding, and before its own last jumps.
    expect(frame.callerJumps).toBeGreaterThan(0);
    expect(frame.callerJumps).toBeLessThan(result.trace.jumps.length / 2);
    expect(frame.path.jumps.length).toBeGreaterThan(20);
    expect(frame.path.calls).toEqual([]);
  });

  it('gives different callee paths with the same lookahead outcome one LID, and different outcomes different LIDs', async () => {
    const analyze = analyzer('precise');
    const runs = [await bar(analyze, loopsA), await bar(analyze, loopsB), await bar(analyze, rareA), await bar(analyze, rareB)];
    // The caller took the same jumps on all four: only the library frame differs.
    for (const run of runs) expect(run.jumps).toEqual(runs[0].jumps);
    const [loops1, loops2, rare1, rare2] = runs.map((r) => r.lid);
    // The loops' turns differ (different paths), but the callee's prefix ends before its loops.
    expect(runs[0].pathId).not.toBe(runs[1].pathId);
    expect(loops1).toBe(loops2);
    // The same callee path (b = 3 and b = 8 both miss the guard) gives the same LID.
    expect(runs[2].pathId).toBe(runs[3].pathId);
    expect(rare1).toBe(rare2);
    expect(rare1).not.toBe(loops1);
    // The callee's split points count along the prefix, numbered apart from the caller's pcs: the rare
    // branch's are new, the loops' shared.
    const calleePoints = (run: Run) => run.splitPoints.filter((p) => p >= 2 ** 32);
    expect(calleePoints(runs[0]).length).toBeGreaterThan(0);
    expect(calleePoints(runs[1])).toEqual(calleePoints(runs[0]));
    expect(calleePoints(runs[2]).filter((p) => !calleePoints(runs[0]).includes(p)).length).toBeGreaterThan(0);
    expect(runs[0].splitPoints.filter((p) => p < 2 ** 32).every((p) => p < subject.code.length)).toBe(true);
  });

  it('without the library known, the caller jumps alone make one LID for both branches', async () => {
    const analyze = analyzer('precise', 'calls opaque');
    const runs = [await bar(analyze, loopsA), await bar(analyze, rareA)];
    expect(runs[0].lid).toBe(runs[1].lid);
  });

  it('hashes whole callee paths without suffix checks (configuration C)', async () => {
    const analyze = analyzer('imprecise');
    const runs = [await bar(analyze, loopsA), await bar(analyze, loopsB), await bar(analyze, loopsA)];
    expect(runs[0].lid).not.toBe(runs[1].lid);
    expect(runs[2].lid).toBe(runs[0].lid);
  });

  it('keeps callee frames as deep as the suffix checks follow calls', () => {
    expect(MAX_CALLEE_DEPTH).toBe(MAX_CALL_DEPTH);
  });
});
