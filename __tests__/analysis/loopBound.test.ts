import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { encodeFunctionData, hexToBytes } from 'viem';
import { lookahead, prepareProgram, unreachableTargets, type AnalyzedProgram, type TargetSet } from '../../src/analysis/index.js';
import { compileProject } from '../../src/compile/compile.js';
import type { CompiledContract, CompiledProject } from '../../src/compile/types.js';
import { Executor } from '../../src/evm/executor.js';
import type { TxOutcome } from '../../src/evm/types.js';
import { buildTargets } from '../../src/targets/index.js';
import { assemble, type Assembled } from './assemble.js';

/**
 * Issue 4 acceptance, the paper's Fig. 2 lines 9–19: after the branch on `y` the path has fixed the
 * loop bound (8 or 10), so the analysis decides the asserts behind the input-dependent loop for
 * every iteration count, although from the function entry the join of both branches is the
 * interval [8, 10], which cannot rule out the failing 9.
 */

/** Bound `first` or `second` chosen by calldata word 0, a loop counting i up to it, then `if (n == 9) INVALID`. */
function boundedLoop(first: string, second: string): Assembled {
  return assemble(`
    PUSH1 0
    CALLDATALOAD
    PUSH @second
    jsel:
    JUMPI            ; if (calldata[0]) n = <second> else n = <first>
    ${first}
    PUSH @join
    jfirst:
    JUMP
    second:
    JUMPDEST
    ${second}
    PUSH @join
    jsecond:
    JUMP
    join:
    JUMPDEST         ; [n]
    PUSH1 0          ; [n, i]
    loop:
    JUMPDEST
    DUP2
    DUP2
    EQ
    PUSH @after
    jexit:
    JUMPI            ; while (i != n)
    PUSH1 1
    ADD              ; i++
    PUSH @loop
    jback:
    JUMP
    after:
    JUMPDEST
    POP
    PUSH1 9
    EQ               ; n == 9
    PUSH @fail
    jcheck:
    JUMPI
    STOP
    fail:
    JUMPDEST
    INVALID          ; the assert's failing location`);
}

/** The concrete jumps of a run through `branch` whose bound is `n` (the loop turns n times). */
function pathOf({ labels: L }: Assembled, branch: 'first' | 'second', n: number): Uint32Array {
  const pairs = branch === 'first' ? [L.jsel, L.jsel + 1, L.jfirst, L.join] : [L.jsel, L.second, L.jsecond, L.join];
  for (let i = 0; i < n; i++) pairs.push(L.jexit, L.jexit + 1, L.jback, L.loop);
  pairs.push(L.jexit, L.after, L.jcheck, n === 9 ? L.fail : L.jcheck + 1);
  return Uint32Array.from(pairs);
}

function failTarget({ labels }: Assembled): TargetSet {
  return { pcs: new Set([labels.fail, labels.fail + 1]), elsewhere: false };
}

describe('a constant loop bound from the prefix, hand-assembled', () => {
  const fixed = boundedLoop('PUSH1 8', 'PUSH1 10');
  const program = prepareProgram(fixed.code);
  const targets = failTarget(fixed);

  it('is not proven from the entry, where the bound is in [8, 10]', () => {
    expect(unreachableTargets(program, targets).size).toBe(0);
  });

  it.each([
    ['first', 8],
    ['second', 10],
  ] as const)('ends the no-target-ahead prefix before the loop on the %s branch (n = %i)', (branch, n) => {
    const result = lookahead(program, pathOf(fixed, branch, n), targets);
    const split = branch === 'first' ? fixed.labels.jsel + 1 : fixed.labels.second;
    expect(result).toMatchObject({ targetsAhead: false, prefixLength: 1, splitPoints: [0, split] });
    expect(result.bailout).toBeUndefined();
  });

  it('proves nothing before the loop exit when the bound comes from calldata, where the assert is reachable', () => {
    const free = boundedLoop('PUSH1 8', 'PUSH1 64\nCALLDATALOAD');
    const freeProgram = prepareProgram(free.code);
    const freeTargets = failTarget(free);
    // The prefix runs through every loop turn: each failed exit test `i != n` with a constant i cuts
    // a value off n, the passed one makes n = i, so behind the loop n is known. n = 3 then passes the
    // check and the prefix ends before it; n = 9 reaches the target and keeps it ahead (whole path).
    for (const [n, targetsAhead, beforeEnd] of [
      [3, false, 1],
      [9, true, 0],
    ] as const) {
      const path = pathOf(free, 'second', n);
      const result = lookahead(freeProgram, path, freeTargets);
      expect(result).toMatchObject({ targetsAhead, prefixLength: path.length / 2 - beforeEnd });
      expect(result.bailout).toBeUndefined();
    }
    // The constant branch of the same code is still proven: it is the bound that decides.
    expect(lookahead(freeProgram, pathOf(free, 'first', 8), freeTargets)).toMatchObject({ targetsAhead: false, prefixLength: 1 });
  });

  it('does not prove a branch whose constant bound fails the check (n = 9)', () => {
    const over = boundedLoop('PUSH1 8', 'PUSH1 9');
    const result = lookahead(prepareProgram(over.code), pathOf(over, 'second', 9), failTarget(over));
    expect(result).toMatchObject({ targetsAhead: true });
    expect(result.bailout).toBeUndefined();
  });
});

/** Fig. 2's `Bar` branch in Solidity: the bound `n` is 8 or 10 by `y`, the loop turns `w % n` times. */
const LOOP_BOUND = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

contract LoopBound {
    uint256 public total;

    function bar(uint256 w, uint256 y) public returns (uint256) {
        uint256 n = 8;
        if (y % 2 == 0) {
            n = 10;
        }
        uint256 sum = 0;
        for (uint256 i = 0; i < w % n; i++) { // FIXED_LOOP
            sum += i;
        }
        if (n == 9) {
            assert(false); // FIXED_ASSERT
        }
        total = sum;
        return sum;
    }

    function baz(uint256 w, uint256 n) public returns (uint256) {
        uint256 sum = 0;
        for (uint256 i = 0; i < w % n; i++) {
            sum += i;
        }
        if (n == 9) { // FREE_CHECK
            assert(false); // FREE_ASSERT
        }
        total = sum;
        return sum;
    }
}
`;

let dir: string;
let project: CompiledProject;
let compiled: CompiledContract;
let executor: Executor;
let program: AnalyzedProgram;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'lookout-loop-bound-'));
  writeFileSync(path.join(dir, 'LoopBound.sol'), LOOP_BOUND);
  project = await compileProject({ root: dir, paths: ['.'] });
  compiled = project.contracts.find((c) => c.name === 'LoopBound')!;
  executor = await Executor.create([{ name: compiled.name, abi: compiled.abi, creationCode: compiled.creation.bytecode }]);
  program = prepareProgram(executor.deployments[0].code);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * Runtime pcs of the line holding `marker`, through the pipeline's changed line → pcs mapping. An
 * `assert(false)` line ends in two JUMPDESTs no input reaches (behind the call of the panic helper,
 * which never returns, and the assert's passing side), so even the entry analysis proves those two;
 * as in the report, a line counts as proven only when all its pcs are.
 */
function markerPcs(marker: string): number[] {
  const lines = LOOP_BOUND.split('\n');
  const line = lines.findIndex((text) => text.includes(`// ${marker}`)) + 1;
  const [target] = buildTargets(project, [{ path: 'LoopBound.sol', status: 'modified', addedLines: [line], deletions: [] }]);
  if (target === undefined || target.pcs.length === 0) throw new Error(`no code for ${marker}`);
  return target.pcs;
}

function targetOf(marker: string): TargetSet {
  return { pcs: new Set(markerPcs(marker)), elsewhere: false };
}

/** Runs one call on the real EVM: its outcome and the outermost frame's jumps (copied out of the reused buffer). */
async function run(functionName: 'bar' | 'baz', args: bigint[]): Promise<{ outcome: TxOutcome; jumps: Uint32Array }> {
  executor.reset();
  const data = hexToBytes(encodeFunctionData({ abi: compiled.abi, functionName, args }));
  const result = await executor.run({ sender: 0, to: 0, data, value: 0n, blockDelay: 0, timeDelay: 0 });
  expect(result.trace.jumpsTruncated).toBe(false);
  return { outcome: result.outcome, jumps: result.trace.jumps.slice() };
}

describe('a constant loop bound from the prefix, compiled Solidity', () => {
  it('does not prove the assert from the entry: the bound is [8, 10] after the branch on y', () => {
    const pcs = markerPcs('FIXED_ASSERT');
    const unreachable = unreachableTargets(program, targetOf('FIXED_ASSERT'));
    expect(pcs.every((pc) => unreachable.has(pc))).toBe(false);
    expect(unreachable.has(pcs[0])).toBe(false); // the first instruction run when the if body is entered
  });

  it.each([
    ['even', 4n],
    ['odd', 7n],
  ])('proves it for every loop count once the path fixes the bound (y %s)', async (_parity, y) => {
    const targets = targetOf('FIXED_ASSERT');
    const loopJumps = new Set(markerPcs('FIXED_LOOP'));
    const runs = [];
    for (const w of [0n, 1n, 5n, 7n]) runs.push(await run('bar', [w, y]));
    const results = runs.map(({ jumps }) => lookahead(program, jumps, targets));
    for (const [i, result] of results.entries()) {
      expect(runs[i].outcome).toEqual({ kind: 'success' });
      expect(result).toMatchObject({ targetsAhead: false });
      expect(result.bailout).toBeUndefined();
      // The prefix stops before the loop: none of its jumps is the loop's condition or back edge.
      expect(Array.from(runs[i].jumps).some((pc) => loopJumps.has(pc))).toBe(true);
      const prefixJumps = Array.from(runs[i].jumps.subarray(0, 2 * result.prefixLength)).filter((_, k) => k % 2 === 0);
      expect(prefixJumps.filter((pc) => loopJumps.has(pc))).toEqual([]);
    }
    // The loop counts give different paths but one no-target-ahead prefix.
    expect(new Set(runs.map(({ jumps }) => jumps.length)).size).toBe(4);
    expect(new Set(results.map((r) => r.lid)).size).toBe(1);
  });

  it('gives the two bounds different prefixes', async () => {
    const targets = targetOf('FIXED_ASSERT');
    const even = lookahead(program, (await run('bar', [3n, 4n])).jumps, targets);
    const odd = lookahead(program, (await run('bar', [3n, 7n])).jumps, targets);
    expect(even.lid).not.toBe(odd.lid);
  });

  it('proves nothing before the check when the bound comes from calldata, and the assert is indeed reachable', async () => {
    const targets = targetOf('FREE_ASSERT');
    const unreachable = unreachableTargets(program, targets);
    expect([...targets.pcs].every((pc) => unreachable.has(pc))).toBe(false);
    const checkJumps = new Set(markerPcs('FREE_CHECK'));
    const lids = new Set<string>();
    for (const [w, n] of [
      [5n, 11n],
      [6n, 11n],
      [3n, 7n],
    ]) {
      const { outcome, jumps } = await run('baz', [w, n]);
      expect(outcome).toEqual({ kind: 'success' });
      const result = lookahead(program, jumps, targets);
      expect(result.bailout).toBeUndefined();
      // Nothing is proven before the check on n is passed, so every loop turn is in the prefix.
      const prefixJumps = Array.from(jumps.subarray(0, 2 * result.prefixLength)).filter((_, k) => k % 2 === 0);
      expect(prefixJumps.some((pc) => checkJumps.has(pc))).toBe(true);
      lids.add(result.lid);
    }
    expect(lids.size).toBe(3); // a prefix per loop count, unlike bar
    // n = 9 fails the assert: Panic(0x01).
    const { outcome } = await run('baz', [5n, 9n]);
    expect(outcome.kind).toBe('revert');
    expect(outcome.kind === 'revert' && Buffer.from(outcome.data).toString('hex')).toMatch(/^4e487b710{63}1$/);
  });
});
