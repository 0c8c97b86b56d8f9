import { encodeFunctionData, hexToBytes } from 'viem';
import { lookahead, prepareProgram, targetsInWorld, unreachableTargets, type AnalyzedProgram, type TargetSet } from '../../src/analysis/index.js';
import type { CompiledContract } from '../../src/compile/types.js';
import { Executor } from '../../src/evm/executor.js';
import type { Deployment, TxResult } from '../../src/evm/types.js';
import { deployLibraryFixture } from '../helpers/libraryFixture.js';

/**
 * Bran §IV-C on CalleeGuard.sol: the target is in an external library function that both branches
 * of `bar` enter by DELEGATECALL. Following the call with the caller's calldata proves the loops'
 * branch (which passes b = 0) free of it; a call counted as "may reach" does not.
 */
let caller: CompiledContract;
let executor: Executor;
let library: Deployment;
let subject: Deployment;
let program: AnalyzedProgram;
let targetPcs: number[];

beforeAll(async () => {
  const fixture = await deployLibraryFixture('CalleeGuard.sol', 'CalleeGuard', 'Quadratic');
  ({ caller, executor, library, subject } = fixture);
  program = prepareProgram(subject.code);
  expect(fixture.target.contract).toContain('Quadratic');
  targetPcs = fixture.target.pcs;
});

/** The subject's targets (none of its own) in a world that knows the library's code, or in none. */
function targets(world: 'library known' | 'calls opaque'): TargetSet {
  if (world === 'calls opaque') return { pcs: new Set(), elsewhere: true };
  const code = (d: Deployment, pcs: number[]) => ({ address: BigInt(d.address), code: d.code, targetPcs: pcs });
  return targetsInWorld(program, [], true, [code(subject, []), code(library, targetPcs)]);
}

/** What one call of `bar` on the real EVM left: the outermost frame's jumps, the path id, the library blocks entered and where the library call ran. */
interface Run {
  jumps: Uint32Array;
  pathId: string;
  libraryBlocks: Set<number>;
  /** Index of the first jump pair after the library call: the call runs in the block that pair ends. */
  callIndex: number;
}

async function bar(w: bigint, x: bigint, y: bigint, z: bigint, a: bigint): Promise<Run> {
  executor.reset();
  const data = hexToBytes(encodeFunctionData({ abi: caller.abi, functionName: 'bar', args: [w, x, y, z, Number(a)] }));
  const result = await executor.run({ sender: 0, to: 1, data, value: 0n, blockDelay: 0, timeDelay: 0 });
  expect(result.outcome).toEqual({ kind: 'success' });
  // The trace is a view into the recorder's buffers: copy it before the next run.
  const jumps = result.trace.jumps.slice();
  return { jumps, pathId: result.trace.pathId, libraryBlocks: new Set(result.trace.blocks.get(library.codeId)), callIndex: callIndex(result, jumps) };
}

function callIndex(result: TxResult, jumps: Uint32Array): number {
  const call = result.trace.effects.find((e) => e.kind === 'delegatecall' && e.to === BigInt(library.address));
  if (call === undefined) throw new Error('no library call');
  let index = 0;
  while (2 * index < jumps.length && !(jumps[2 * index] > call.pc && (index === 0 || jumps[2 * index - 1] <= call.pc))) index++;
  return index;
}

/** Two paths through the loops' branch with different loop turns (w % 8, z % 8). */
async function loopPaths(): Promise<Run[]> {
  return [await bar(1n, 5n, 1n, 3n, 0n), await bar(6n, 5n, 1n, 0n, 0n)];
}

describe('callee frames (Bran §IV-C) on CalleeGuard.sol', () => {
  it('follows the call into the library: the loops branch is proven target-free before its loops', async () => {
    const paths = await loopPaths();
    const lids = paths.map((run) => {
      const verdict = lookahead(program, run.jumps, targets('library known'));
      expect(verdict).toMatchObject({ targetsAhead: false });
      expect(verdict.bailout).toBeUndefined();
      expect(verdict.prefixLength).toBeLessThan(run.callIndex);
      return verdict.lid;
    });
    // Different paths, one LID.
    expect(new Set(paths.map((p) => p.pathId)).size).toBe(2);
    expect(new Set(lids).size).toBe(1);
  });

  it('without the callee frame the call may reach the target: every loop turn stays in the prefix', async () => {
    const paths = await loopPaths();
    const verdicts = paths.map((run) => lookahead(program, run.jumps, targets('calls opaque')));
    paths.forEach((run, i) => expect(verdicts[i].prefixLength).toBeGreaterThan(run.callIndex));
    expect(new Set(verdicts.map((v) => v.lid)).size).toBe(2);
  });

  it('keeps the call in the prefix where the caller passes what the guard needs, and the call runs the target', async () => {
    const run = await bar(0n, 999n, 0n, 0n, 29n);
    expect(targetPcs.some((pc) => run.libraryBlocks.has(pc))).toBe(true);
    const verdict = lookahead(program, run.jumps, targets('library known'));
    // Def. 2: the no-target-ahead prefix ends after the call, which executed the target.
    expect(verdict.prefixLength).toBeGreaterThan(run.callIndex);
    expect(verdict.bailout).toBeUndefined();
  });

  it('never calls the library target unreachable from the library entry (it is reachable)', () => {
    const libraryTargets: TargetSet = { pcs: new Set(targetPcs), elsewhere: true };
    expect(unreachableTargets(prepareProgram(library.code), libraryTargets).size).toBe(0);
  });
});
