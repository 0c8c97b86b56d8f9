import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { encodeFunctionData, hexToBytes } from 'viem';
import { compileProject } from '../../src/compile/compile.js';
import { readProjectSettings } from '../../src/compile/project/settings.js';
import type { CompiledProject } from '../../src/compile/types.js';
import { Executor } from '../../src/evm/executor.js';
import { branchCosts } from '../../src/fuzz/harvey/costs.js';

// Each guard is decided by a comparison the JUMPI does not read right away; the constants keep the
// distances of the tested inputs apart from everything else the code compares.
const SOURCE = `
// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

contract Shapes {
    bool public flag;
    uint256 public hits;

    // The comparison's result lives in a stack slot (DUP/SWAP) while other work happens.
    function kept(uint256 a, uint256 b) external {
        bool big = a > 0x1337;
        uint256 sum;
        unchecked { sum = a * 3 + b; }
        hits = sum;
        if (big) hits = sum + 1;
    }

    // Negations on top of negations, the last one apart from the others.
    function negated(uint256 a) external {
        bool differs = !(a == 0x2448);
        hits = a;
        if (!differs) hits = 2;
    }

    // Two comparisons and-ed: the one that is false decides.
    function both(uint256 a, uint256 b) external {
        if (a > 0x3559 && b < 0x466a) hits = 3;
    }

    // A comparison stored as a bool, read back by another transaction.
    function setFlag(uint256 a) external {
        flag = a == 0x577b;
    }

    function useFlag() external {
        if (flag) hits = 4;
    }

    // An internal function called from two places returns the comparison through a jump back.
    uint256[] private seen;

    function inRange(uint256 a, uint256 lo, uint256 hi) internal returns (bool) {
        seen.push(a);
        return a >= lo && a <= hi;
    }

    function callOne(uint256 a) external {
        if (inRange(a, 0x6800, 0x6900)) hits = 5;
    }

    function callTwo(uint256 a) external {
        if (inRange(a, 0x7800, 0x7900)) hits = 6;
    }
}
`;

const BUILDS = {
  unoptimized: {},
  optimized: { FOUNDRY_OPTIMIZER: 'true' },
  'via-IR': { FOUNDRY_OPTIMIZER: 'true', FOUNDRY_VIA_IR: 'true' },
} as const;

let dir: string;

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'lookout-conditions-'));
  writeFileSync(path.join(dir, 'Shapes.sol'), SOURCE);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.each(Object.entries(BUILDS))('branch cost metrics, %s build', (_build, env) => {
  let project: CompiledProject;
  let executor: Executor;

  beforeAll(async () => {
    project = await compileProject({ root: dir, paths: ['Shapes.sol'], settings: readProjectSettings(dir, env) });
    const shapes = project.contracts.find((c) => c.name === 'Shapes')!;
    executor = await Executor.create([{ name: 'Shapes', abi: shapes.abi, creationCode: shapes.creation.bytecode }]);
  });

  beforeEach(() => executor.reset());

  async function run(functionName: string, args: bigint[] = []) {
    const { abi } = project.contracts.find((c) => c.name === 'Shapes')!;
    const data = hexToBytes(encodeFunctionData({ abi, functionName, args } as Parameters<typeof encodeFunctionData>[0]));
    const result = await executor.run({ sender: 1, to: 0, data, value: 0n, blockDelay: 1, timeDelay: 1 });
    expect(result.outcome.kind).toBe('success');
    return { edges: new Set(result.trace.edges), costs: branchCosts(result.trace, 0) };
  }

  /**
   * The metrics, in the run that missed the guard, toward the direction the run that passed it
   * took, at the JUMPIs the two runs took different ways: the guard's own branch among them.
   */
  async function towardPassing(missing: () => Promise<Awaited<ReturnType<typeof run>>>, passing: () => Promise<Awaited<ReturnType<typeof run>>>) {
    const missed = await missing();
    executor.reset();
    const passed = await passing();
    const flipped = [...passed.edges].filter((edge) => !missed.edges.has(edge) && missed.edges.has(edge ^ 1));
    expect(flipped.length).toBeGreaterThan(0);
    return flipped.map((edge) => {
      const pc = Math.floor((edge % 2 ** 32) / 2);
      return missed.costs.find((c) => c.pc === pc && c.toward === (edge % 2 === 1))?.value;
    });
  }

  it('follows a comparison kept in a stack slot through DUP and SWAP', async () => {
    // a = 0x337: a > 0x1337 misses by 0x1337 − 0x337 + 1.
    expect(
      await towardPassing(
        () => run('kept', [0x337n, 5n]),
        () => run('kept', [0x2000n, 5n]),
      ),
    ).toContain(0x1001n);
  });

  it('follows ISZERO chains with their polarity', async () => {
    expect(
      await towardPassing(
        () => run('negated', [0x1448n]),
        () => run('negated', [0x2448n]),
      ),
    ).toContain(0x1000n);
  });

  it('aims an AND at its false operand', async () => {
    // The first operand holds; the second misses by 0x566a − 0x466a + 1.
    expect(
      await towardPassing(
        () => run('both', [0x4000n, 0x566an]),
        () => run('both', [0x4000n, 0n]),
      ),
    ).toContain(0x1001n);
    executor.reset();
    // The first operand misses.
    expect(
      await towardPassing(
        () => run('both', [0x2559n, 0n]),
        () => run('both', [0x4000n, 0n]),
      ),
    ).toContain(0x1001n);
  });

  it('follows a comparison back from the internal function that returns it', async () => {
    // a >= 0x6800 misses by 0x6800 − 0x5800.
    expect(
      await towardPassing(
        () => run('callOne', [0x5800n]),
        () => run('callOne', [0x6850n]),
      ),
    ).toContain(0x1000n);
    executor.reset();
    // a <= 0x7900 misses by 0x7f00 − 0x7900.
    expect(
      await towardPassing(
        () => run('callTwo', [0x7f00n]),
        () => run('callTwo', [0x7850n]),
      ),
    ).toContain(0x600n);
  });

  it('gives a stored bool a metric at the JUMPI that reads it', async () => {
    const setThenUse = (a: bigint) => async () => {
      await run('setFlag', [a]);
      return run('useFlag');
    };
    expect(await towardPassing(setThenUse(0x477bn), setThenUse(0x577bn))).toContain(1n);
  });
});
