import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Common, Hardfork, Mainnet } from '@ethereumjs/common';
import { createEVM, type EVM } from '@ethereumjs/evm';
import { createAddressFromString, type Address } from '@ethereumjs/util';
import { encodeFunctionData, hexToBytes, type Abi } from 'viem';
import { lookahead } from '../../src/analysis/lookahead.js';
import { prepareProgram } from '../../src/analysis/program.js';
import { unreachableTargets } from '../../src/analysis/reachability.js';
import type { TargetSet } from '../../src/analysis/types.js';
import { compileProject } from '../../src/compile/compile.js';
import type { CompiledContract, CompiledProject } from '../../src/compile/types.js';
import { indexInstructions } from '../../src/bytecode/instructions.js';
import { decodeSourceMap } from '../../src/targets/sourceMap.js';

/** The paper's Fig. 2 situation: the prefix fixes `ret` (the entry's interval [256, 258] does not), an input-dependent loop follows. */
const BAR = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

contract Bar {
    uint256 public hits;

    function bar(uint256 w, uint256 x) public returns (uint256) {
        uint256 ret = 0;
        if (x % 2 == 0) {
            ret = 256;
        } else {
            ret = 258;
        }
        while (w != 0) {
            w--;
        }
        if (ret == 257) {
            hits = 1; // BAR_TARGET
        }
        return ret;
    }

    function poke(uint256 v) public {
        hits = v; // BAR_POKE
    }
}
`;

/** Lines behind conditions on constants that survive compilation, next to ordinary functions. */
const GUARDED = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

contract Guarded {
    uint256 public constant LIMIT = 10;
    bool internal constant DEBUG = false;
    uint256 public counter;
    address public owner;
    mapping(address => uint256) public balances;

    constructor() {
        owner = msg.sender;
    }

    function bump(uint256 x) public {
        if (LIMIT > 20) {
            counter = 99; // DEAD_LIMIT
        }
        counter += x; // LIVE_BUMP
    }

    function flag(uint256 a) public returns (uint256) {
        if (DEBUG) {
            counter = 7; // DEAD_DEBUG
        }
        if (a > 5) {
            counter = a * 2; // LIVE_FLAG
        }
        return counter;
    }

    function deposit() public payable {
        balances[msg.sender] += msg.value; // LIVE_DEPOSIT
    }

    function setOwner(address o) public {
        require(msg.sender == owner, "only owner");
        owner = o; // LIVE_OWNER
    }

    function sum(uint256[] calldata xs) public pure returns (uint256 total) {
        for (uint256 i = 0; i < xs.length; i++) {
            total += xs[i]; // LIVE_SUM
        }
    }
}
`;

let dir: string;
let project: CompiledProject;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'lookout-analysis-'));
  writeFileSync(path.join(dir, 'Bar.sol'), BAR);
  writeFileSync(path.join(dir, 'Guarded.sol'), GUARDED);
  project = await compileProject({ root: dir, paths: ['.'] });
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

function contract(name: string): CompiledContract {
  const found = project.contracts.find((c) => c.name === name);
  if (found === undefined) throw new Error(`no contract ${name}`);
  return found;
}

/** Deployed-code pcs whose source range starts on the line holding `marker`. */
function linePcs(compiled: CompiledContract, marker: string): number[] {
  const source = project.sources.find((s) => s.path === compiled.file)!;
  const line = source.content.split('\n').findIndex((text) => text.includes(marker));
  const lineStart = source.content.split('\n').slice(0, line).join('\n').length + 1;
  const lineEnd = lineStart + source.content.split('\n')[line].length;
  const { pcOfIndex } = indexInstructions(compiled.deployed.bytecode);
  const pcs: number[] = [];
  decodeSourceMap(compiled.deployed.sourceMap).forEach((entry, index) => {
    if (entry.file === source.id && entry.start >= lineStart && entry.start < lineEnd) pcs.push(pcOfIndex[index]);
  });
  if (pcs.length === 0) throw new Error(`no code for ${marker}`);
  return pcs;
}

const CALLER = createAddressFromString('0x1000000000000000000000000000000000000001');

/** A real EVM with a 'step' listener (slow, fine here) recording the outermost frame's jumps and pcs. */
class ConcreteChain {
  constructor(private readonly evm: EVM) {}

  async deploy(compiled: CompiledContract): Promise<Address> {
    const result = await this.evm.runCall({ caller: CALLER, data: compiled.creation.bytecode, gasLimit: 10_000_000n });
    if (result.createdAddress === undefined || result.execResult.exceptionError) throw new Error('deploy failed');
    return result.createdAddress;
  }

  async call(to: Address, abi: Abi, functionName: string, args: unknown[], value = 0n): Promise<{ jumps: Uint32Array; pcs: Set<number> }> {
    const data = hexToBytes(encodeFunctionData({ abi, functionName, args }));
    const jumps: number[] = [];
    const pcs = new Set<number>();
    let pendingJump = -1;
    const listener = (step: { pc: number; depth: number; opcode: { name: string } }): void => {
      if (step.depth !== 0) return;
      if (pendingJump >= 0) jumps.push(pendingJump, step.pc);
      pcs.add(step.pc);
      pendingJump = step.opcode.name === 'JUMP' || step.opcode.name === 'JUMPI' ? step.pc : -1;
    };
    this.evm.events.on('step', listener);
    try {
      await this.evm.runCall({ caller: CALLER, to, data, value, gasLimit: 10_000_000n });
    } finally {
      this.evm.events.off('step', listener);
    }
    return { jumps: Uint32Array.from(jumps), pcs };
  }
}

async function chain(): Promise<ConcreteChain> {
  return new ConcreteChain(await createEVM({ common: new Common({ chain: Mainnet, hardfork: Hardfork.Prague }) }));
}

function targetsOf(compiled: CompiledContract, markers: string[]): TargetSet {
  return { pcs: new Set(markers.flatMap((marker) => linePcs(compiled, marker))), elsewhere: false };
}

describe('lookahead on compiled Solidity', () => {
  it('proves a line behind constant-false conditions unreachable, and no ordinary line', () => {
    const guarded = contract('Guarded');
    const program = prepareProgram(guarded.deployed.bytecode);
    const dead = ['DEAD_LIMIT', 'DEAD_DEBUG'];
    const live = ['LIVE_BUMP', 'LIVE_FLAG', 'LIVE_DEPOSIT', 'LIVE_OWNER', 'LIVE_SUM'];
    const unreachable = unreachableTargets(program, targetsOf(guarded, [...dead, ...live]));
    const provenLines = [...dead, ...live].filter((marker) => linePcs(guarded, marker).every((pc) => unreachable.has(pc)));
    expect(provenLines).toEqual(dead);
    expect(program.stats.bailouts).toEqual({ 'step-budget': 0, 'path-mismatch': 0 });
  });

  it('finds the Fig. 2 no-target-ahead prefix once the path fixes ret', async () => {
    const bar = contract('Bar');
    const program = prepareProgram(bar.deployed.bytecode);
    const targets = targetsOf(bar, ['BAR_TARGET']);
    expect(unreachableTargets(program, targets).size).toBe(0); // empty prefix: ret is [256, 258] after the join
    const evm = await chain();
    const address = await evm.deploy(bar);
    const runs: Uint32Array[] = [];
    for (const w of [0n, 1n, 7n]) runs.push((await evm.call(address, bar.abi, 'bar', [w, 4n])).jumps);
    const results = runs.map((jumps) => lookahead(program, jumps, targets));
    for (const [i, result] of results.entries()) {
      expect(result).toMatchObject({ targetsAhead: false });
      expect(result.bailout).toBeUndefined();
      expect(result.prefixLength).toBeLessThan(runs[i].length / 2);
    }
    // Every loop count shares the prefix up to the split point behind `ret = 256`.
    expect(new Set(results.map((r) => r.lid)).size).toBe(1);
    // The odd branch fixes ret = 258 and gets a LID of its own.
    const odd = lookahead(program, (await evm.call(address, bar.abi, 'bar', [3n, 5n])).jumps, targets);
    expect(odd.targetsAhead).toBe(false);
    expect(odd.lid).not.toBe(results[0].lid);
    // poke() reaches no target at all: its prefix ends at its own split point, not at pc 0.
    const poke = lookahead(program, (await evm.call(address, bar.abi, 'poke', [1n])).jumps, targets);
    expect(poke.targetsAhead).toBe(false);
  });

  it('never calls an executed pc unreachable (soundness spot check)', async () => {
    const guarded = contract('Guarded');
    const program = prepareProgram(guarded.deployed.bytecode);
    const everyPc: TargetSet = { pcs: new Set(indexInstructions(guarded.deployed.bytecode).pcOfIndex), elsewhere: false };
    const unreachable = unreachableTargets(program, everyPc);
    const evm = await chain();
    const address = await evm.deploy(guarded);
    const calls: [string, unknown[], bigint?][] = [
      ['bump', [3n]],
      ['flag', [2n]],
      ['flag', [9n]],
      ['deposit', [], 5n],
      ['setOwner', [CALLER.toString()]],
      ['setOwner', ['0x0000000000000000000000000000000000000002']],
      ['setOwner', [CALLER.toString()]],
      ['sum', [[1n, 2n, 3n]]],
      ['sum', [[]]],
      ['bump', [2n ** 256n - 1n]],
      ['counter', []],
      ['balances', [CALLER.toString()]],
    ];
    let executed = 0;
    for (const [name, args, value] of calls) {
      const { pcs } = await evm.call(address, guarded.abi, name, args, value);
      executed += pcs.size;
      expect([...pcs].filter((pc) => unreachable.has(pc))).toEqual([]);
    }
    expect(executed).toBeGreaterThan(200);
    expect(unreachable.size).toBeGreaterThan(0);
  });
});
