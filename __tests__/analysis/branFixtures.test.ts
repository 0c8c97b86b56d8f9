import { readFileSync } from 'node:fs';
import path from 'node:path';
import { encodeFunctionData, hexToBytes } from 'viem';
import { lookahead, prepareProgram, unreachableTargets, type AnalyzedProgram, type TargetSet } from '../../src/analysis/index.js';
import { compileProject } from '../../src/compile/compile.js';
import type { CompiledContract, CompiledProject } from '../../src/compile/types.js';
import { Executor } from '../../src/evm/executor.js';
import { buildTargets } from '../../src/targets/index.js';

/**
 * Bran's examples (Fig. 2's t14 and t19, a counting loop, a guard in a callee) on our fixture
 * LoopExit.sol: the empty-prefix analysis proves every DEAD_* line unreachable, which needs the
 * refinement on the loops' exit conditions, and never a LIVE_* twin, which real calls execute.
 */
const FILE = 'LoopExit.sol';
const SOURCE = readFileSync(path.join(process.cwd(), '__fixtures__/bran', FILE), 'utf8');
const MARKERS = [...SOURCE.matchAll(/\/\/ ((?:DEAD|LIVE)_\w+)/g)].map((m) => m[1]);

let project: CompiledProject;
let compiled: CompiledContract;
let executor: Executor;
let program: AnalyzedProgram;

beforeAll(async () => {
  project = await compileProject({ root: path.join(process.cwd(), '__fixtures__/bran'), paths: [FILE] });
  compiled = project.contracts.find((c) => c.name === 'LoopExit')!;
  executor = await Executor.create([{ name: compiled.name, abi: compiled.abi, creationCode: compiled.creation.bytecode }]);
  program = prepareProgram(executor.deployments[0].code);
});

/** Runtime pcs of the marked line, through the pipeline's changed line → pcs mapping. */
function markerPcs(marker: string): number[] {
  const line = SOURCE.split('\n').findIndex((text) => text.includes(`// ${marker}`)) + 1;
  const [target] = buildTargets(project, [{ path: FILE, status: 'modified', addedLines: [line], deletions: [] }]);
  if (target === undefined || target.pcs.length === 0) throw new Error(`no code for ${marker}`);
  return target.pcs;
}

const targetOf = (marker: string): TargetSet => ({ pcs: new Set(markerPcs(marker)), elsewhere: false });

/**
 * Runs one call on the real EVM: the outermost frame's jumps and the index of the first jump that
 * lands on the marked line (its code starts at a jump destination), -1 when none does.
 */
async function run(functionName: string, args: bigint[], marker: string): Promise<{ entered: number; jumps: Uint32Array }> {
  executor.reset();
  const data = hexToBytes(encodeFunctionData({ abi: compiled.abi, functionName, args }));
  const result = await executor.run({ sender: 0, to: 0, data, value: 0n, blockDelay: 0, timeDelay: 0 });
  expect(result.outcome).toEqual({ kind: 'success' });
  const jumps = result.trace.jumps.slice();
  const pcs = new Set(markerPcs(marker));
  const landing = Array.from(jumps).findIndex((pc, i) => i % 2 === 1 && pcs.has(pc));
  return { entered: landing < 0 ? -1 : landing >> 1, jumps };
}

describe('Bran-style loops and guards, from the entry', () => {
  it('proves exactly the DEAD lines unreachable', () => {
    const proven = MARKERS.filter((marker) => {
      const targets = targetOf(marker);
      const unreachable = unreachableTargets(program, targets);
      return [...targets.pcs].every((pc) => unreachable.has(pc));
    });
    expect(MARKERS).toHaveLength(8);
    expect(proven).toEqual(MARKERS.filter((m) => m.startsWith('DEAD_')));
    expect(program.stats.bailouts).toEqual({ 'step-budget': 0, 'path-mismatch': 0 });
  });

  it.each([
    ['LIVE_DRAIN', 'drainSome', [9n]],
    ['LIVE_CATCHUP', 'catchUpFrom', [300n, 1n]],
    ['LIVE_COUNT', 'count', [3n]],
    ['LIVE_CALLEE', 'guarded', [500n]],
  ] as const)('leaves %s open, and a real call runs it; the lookahead keeps it ahead on that path', async (marker, fn, args) => {
    const targets = targetOf(marker);
    const unreachable = unreachableTargets(program, targets);
    expect([...targets.pcs].some((pc) => unreachable.has(pc))).toBe(false);
    const { entered, jumps } = await run(fn, [...args], marker);
    expect(entered).toBeGreaterThanOrEqual(0);
    // Def. 2: a prefix that the target follows is not target-free, so the no-target-ahead prefix
    // (if any is proven, at a split point behind the line) holds the jump into the line.
    const result = lookahead(program, jumps, targets);
    expect(result.prefixLength).toBeGreaterThan(entered);
    expect(result.bailout).toBeUndefined();
  });

  it.each([
    ['DEAD_DRAIN', 'drain', [7n]],
    ['DEAD_CATCHUP', 'catchUp', [5n, 2n]],
    ['DEAD_COUNT', 'count', [20n]],
    ['DEAD_CALLEE', 'guarded', [500n]],
  ] as const)('ends the prefix of a path through the function of %s at its first split point', async (marker, fn, args) => {
    const { entered, jumps } = await run(fn, [...args], marker);
    expect(entered).toBe(-1);
    expect(lookahead(program, jumps, targetOf(marker))).toMatchObject({ targetsAhead: false, prefixLength: 0 });
  });
});
