import path from 'node:path';
import { encodeFunctionData, hexToBytes } from 'viem';
import { compileProject } from '../../../src/compile/compile.js';
import type { CompiledContract, CompiledProject } from '../../../src/compile/types.js';
import { Executor } from '../../../src/evm/executor.js';
import type { TxResult } from '../../../src/evm/types.js';
import { createPathAnalyzer, pastPrefix } from '../../../src/fuzz/schedule/pathAnalysis.js';
import { buildTargets } from '../../../src/targets/index.js';

const FIXTURES = path.join(process.cwd(), '__fixtures__', 'bran');

let project: CompiledProject;
let executor: Executor;

beforeAll(async () => {
  project = await compileProject({ root: FIXTURES, paths: ['Fig2.sol', 'ConstantFalse.sol'] });
  executor = await Executor.create(
    ['Fig2', 'ConstantFalse'].map((name) => {
      const c = contract(name);
      return { name, abi: c.abi, creationCode: c.creation.bytecode };
    }),
  );
});

function contract(name: string): CompiledContract {
  const found = project.contracts.find((c) => c.name === name);
  if (found === undefined) throw new Error(`no contract ${name}`);
  return found;
}

/** Runtime pcs of the code line holding `marker`, through the pipeline's line → pcs mapping. */
function markerPcs(name: string, marker: string): number[] {
  const c = contract(name);
  const source = project.sources.find((s) => s.path === c.file)!;
  const line = source.content.split('\n').findIndex((text) => text.includes(marker) && !text.trim().startsWith('//')) + 1;
  const [target] = buildTargets(project, [{ path: source.path, status: 'modified', addedLines: [line], deletions: [] }]);
  return target?.pcs ?? [];
}

async function call(to: number, functionName: string, args: unknown[]): Promise<TxResult> {
  const abi = contract(executor.deployments[to].name).abi;
  const data = hexToBytes(encodeFunctionData({ abi, functionName, args }));
  return executor.run({ sender: 0, to, data, value: 0n, blockDelay: 0, timeDelay: 0 });
}

function fig2Analyzer(mode: 'precise' | 'imprecise') {
  const { code, codeId } = executor.deployments[0];
  return createPathAnalyzer({ code, codeId, targetPcs: markerPcs('Fig2', '// TARGET'), mode });
}

/** bar(w, x, y, z, a) of Fig2: x = 777 passes the gate, a = 29 then reaches the target. */
const loops = (w: bigint, z: bigint, y = 0n) => [w, 1n, y, z, 0];
const gate = (a: number) => [0n, 777n, 0n, 0n, a];

describe('createPathAnalyzer on Fig2 (precise, configuration B)', () => {
  it('gives every path through the loops one LID per prefix, whatever the loop counts (in distinct hit-count buckets)', async () => {
    const analyzer = fig2Analyzer('precise');
    const lids = new Set<string>();
    const paths = new Set<string>();
    for (const [w, z] of [
      [0n, 0n],
      [3n, 5n],
      [7n, 2n],
      [1n, 41n],
    ] as const) {
      const result = await call(0, 'bar', loops(w, z));
      paths.add(result.trace.pathId);
      lids.add(analyzer.analyze(result).lid);
    }
    expect(paths.size).toBe(4);
    expect(lids.size).toBe(1);
    expect(analyzer.stats).toMatchObject({ analysed: 4, provenPrefixes: 4, foreign: 0 });
    expect(analyzer.stats.program.bailouts).toEqual({ 'step-budget': 0, 'path-mismatch': 0 });
  });

  it('separates the gate prefix from the loops, and ends a reaching prefix only after the target', async () => {
    const analyzer = fig2Analyzer('precise');
    const loopLid = analyzer.analyze(await call(0, 'bar', loops(1n, 1n))).lid;
    const missA = analyzer.analyze(await call(0, 'bar', gate(3)));
    const missB = analyzer.analyze(await call(0, 'bar', gate(100)));
    const hit = analyzer.analyze(await call(0, 'bar', gate(29)));
    expect(missA.lid).toBe(missB.lid);
    expect(new Set([loopLid, missA.lid, hit.lid]).size).toBe(3);
    expect(missA.splitPoints[0]).toBe(0);
    expect(hit.splitPoints.length).toBeGreaterThan(missA.splitPoints.length);
    // Past the target nothing is ahead: the reaching path's prefix ends behind it (Alg. 2).
    expect(hit.splitPoints.slice(0, missA.splitPoints.length - 1)).toEqual(missA.splitPoints.slice(0, -1));
  });
});

describe('pastPrefix: branches whose flip reaches no target (goal entries, Bran Sect. III)', () => {
  const branchesOf = (jumps: Uint32Array) => [...new Set(Array.from({ length: jumps.length / 2 }, (_, i) => jumps[2 * i]))];

  it('holds for the branches of the loops after the proven prefix, not for the gate before it', async () => {
    const analyzer = fig2Analyzer('precise');
    const { codeId } = executor.deployments[0];
    const result = await call(0, 'bar', loops(3n, 5n));
    const analysis = analyzer.analyze(result);
    const { jumps } = result.trace;
    const [inPrefix, past] = [
      branchesOf(jumps).filter((pc) => analysis.prefixBranches!.has(pc)),
      branchesOf(jumps).filter((pc) => !analysis.prefixBranches!.has(pc)),
    ];
    expect(inPrefix.length).toBeGreaterThan(0);
    expect(past.length).toBeGreaterThan(0);
    for (const pc of past) expect(pastPrefix(analysis, jumps, { codeId, pc })).toBe(true);
    for (const pc of inPrefix) expect(pastPrefix(analysis, jumps, { codeId, pc })).toBe(false);
    // Unsure is never past: another code's pc, or one this path did not run.
    expect(pastPrefix(analysis, jumps, { codeId: codeId + 1, pc: past[0] })).toBe(false);
    const gatePath = (await call(0, 'bar', gate(3))).trace.jumps;
    const notRun = branchesOf(gatePath).find((pc) => !branchesOf(jumps).includes(pc))!;
    expect(pastPrefix(analysis, jumps, { codeId, pc: notRun })).toBe(false);
  });

  it('never holds in imprecise mode (configuration C), whose prefixes are whole paths', async () => {
    const analyzer = fig2Analyzer('imprecise');
    const { codeId } = executor.deployments[0];
    for (const args of [loops(3n, 5n), gate(3)]) {
      const result = await call(0, 'bar', args);
      const analysis = analyzer.analyze(result);
      for (const pc of branchesOf(result.trace.jumps)) expect(pastPrefix(analysis, result.trace.jumps, { codeId, pc })).toBe(false);
    }
  });
});

describe('createPathAnalyzer in imprecise mode (configuration C)', () => {
  it('hashes whole paths but still returns their split points, without suffix checks', async () => {
    const analyzer = fig2Analyzer('imprecise');
    const precise = fig2Analyzer('precise');
    const one = await call(0, 'bar', loops(3n, 5n));
    const oneImprecise = analyzer.analyze(one);
    const onePrecise = precise.analyze(one);
    const two = analyzer.analyze(await call(0, 'bar', loops(4n, 5n)));
    expect(two.lid).not.toBe(oneImprecise.lid);
    expect(oneImprecise.splitPoints.slice(0, onePrecise.splitPoints.length)).toEqual(onePrecise.splitPoints);
    expect(oneImprecise.splitPoints.length).toBeGreaterThan(onePrecise.splitPoints.length);
    expect(analyzer.stats.program.suffixChecks).toBe(0);
    expect(analyzer.stats.provenPrefixes).toBe(0);
  });
});

describe('createPathAnalyzer edge cases', () => {
  it('gives every path the same LID without targets, and runs no interpreter', async () => {
    const { code, codeId } = executor.deployments[0];
    const analyzer = createPathAnalyzer({ code, codeId, targetPcs: [], mode: 'precise' });
    const a = analyzer.analyze(await call(0, 'bar', loops(1n, 2n)));
    const b = analyzer.analyze(await call(0, 'bar', gate(5)));
    expect(a).toEqual(b);
    expect(a.splitPoints).toEqual([0]);
    expect(analyzer.unreachable().size).toBe(0);
    expect(analyzer.stats.program.steps).toBe(0);
  });

  it('falls back to the path id when the transaction did not run this code', async () => {
    const { code, codeId } = executor.deployments[1];
    const analyzer = createPathAnalyzer({ code, codeId, targetPcs: markerPcs('ConstantFalse', 'LIVE_STORE'), mode: 'precise' });
    const result = await call(0, 'bar', loops(1n, 2n));
    expect(analyzer.analyze(result)).toEqual({ lid: `path:${result.trace.pathId}`, splitPoints: [] });
    expect(analyzer.stats).toMatchObject({ analysed: 0, foreign: 1 });
  });
});

describe('unreachable(): the empty-prefix proof on ConstantFalse', () => {
  it('proves the lines behind a constant-false comparison and a constant require, not the live one', () => {
    const dead = ['DEAD_COMPARE', 'DEAD_REQUIRE'];
    const lines = Object.fromEntries([...dead, 'LIVE_STORE'].map((marker) => [marker, markerPcs('ConstantFalse', marker)]));
    // The conditions survive compilation: each line still has code the analysis has to rule out.
    for (const pcs of Object.values(lines)) expect(pcs.length).toBeGreaterThan(0);
    const { code, codeId } = executor.deployments[1];
    const analyzer = createPathAnalyzer({ code, codeId, targetPcs: Object.values(lines).flat(), mode: 'precise' });
    const unreachable = analyzer.unreachable();
    const proven = Object.entries(lines)
      .filter(([, pcs]) => pcs.every((pc) => unreachable.has(pc)))
      .map(([marker]) => marker);
    expect(proven).toEqual(dead);
    expect(lines.LIVE_STORE.some((pc) => unreachable.has(pc))).toBe(false);
    expect(analyzer.unreachable()).toBe(unreachable); // computed once
  });

  it('proves nothing about the reachable Fig2 target', () => {
    expect(fig2Analyzer('precise').unreachable().size).toBe(0);
  });
});
