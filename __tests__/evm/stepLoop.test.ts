import { Common, Hardfork, Mainnet } from '@ethereumjs/common';
import { createEVM, type EVM, paramsEVM } from '@ethereumjs/evm';
import { Account, type Address, bytesToHex, createAddressFromBigInt } from '@ethereumjs/util';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { encodeFunctionData, hexToBytes, type Abi } from 'viem';
import { compileProject } from '../../src/compile/compile.js';
import type { CompiledProject } from '../../src/compile/types.js';
import { enableStepLoop } from '../../src/evm/stepLoop.js';

// What the step loop must run exactly as the library's loop does: nested frames, reverts with data,
// panics, out of gas inside a loop, memory growth, logs, storage refunds, hashing, block reads.
const SOURCE = `
// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

contract Callee {
    uint256 public stored;
    function poke(uint256 v) external returns (uint256) { stored = v; return v * 2; }
    function fail(uint256 v) external pure { require(v > 100, "too small"); }
}

contract Subject {
    struct Inner { uint256 y; bool b; }
    struct Item { uint256 x; string s; Inner i; }
    mapping(uint256 => bytes32) public hashes;
    uint256[] public list;
    Item private item;
    Callee private callee = new Callee();
    event Seen(address indexed who, uint256 value, string tag);

    function setItem(Item memory it) external { item = it; emit Seen(msg.sender, it.x, it.s); }
    function clear() external { delete item; delete list; }
    function grow(uint256 n) external { for (uint256 i; i < n; i++) list.push(i); }
    function spin(uint256 n) external pure returns (uint256 acc) { for (uint256 i; i < n; i++) acc += i * i; }
    function record() external {
        for (uint256 i = 1; i <= 5 && i <= block.number; i++) hashes[block.number - i] = blockhash(block.number - i);
    }
    function relay(uint256 v) external returns (uint256) { return callee.poke(v); }
    function relayFail(uint256 v) external view { callee.fail(v); }
    function divide(uint256 a, uint256 b) external pure returns (uint256) { return a / b; }
    function bigMemory(uint256 n) external pure returns (bytes32) { return keccak256(new bytes(n)); }
    function boom() external pure { assembly { invalid() } }
}
`;

let project: CompiledProject;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'lookout-steploop-'));
  writeFileSync(path.join(dir, 'Subject.sol'), SOURCE);
  project = await compileProject({ root: dir, paths: ['Subject.sol'] });
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const SENDER = createAddressFromBigInt(0x10000n);
const BLOCK = {
  header: {
    number: 300n,
    timestamp: 1_700_000_000n,
    coinbase: createAddressFromBigInt(0n),
    difficulty: 0n,
    prevRandao: new Uint8Array(32),
    gasLimit: 30_000_000n,
    baseFeePerGas: 0n,
    getBlobGasPrice: () => 1n,
  },
};

async function chain(stepLoop: boolean): Promise<{ evm: EVM; subject: Address }> {
  const common = new Common({ chain: Mainnet, hardfork: Hardfork.Prague, params: paramsEVM });
  const evm = await createEVM({ common });
  if (stepLoop) await enableStepLoop(evm);
  await evm.stateManager.putAccount(SENDER, new Account(0n, 10n ** 24n));
  const contract = project.contracts.find((c) => c.name === 'Subject')!;
  const created = await evm.runCall({ block: BLOCK, caller: SENDER, origin: SENDER, data: contract.creation.bytecode, gasLimit: 10_000_000n });
  if (created.createdAddress === undefined) throw new Error('Subject not deployed');
  return { evm, subject: created.createdAddress };
}

function calls(abi: Abi): { data: Uint8Array; gasLimit: bigint }[] {
  const call = (functionName: string, args: unknown[] = [], gasLimit = 5_000_000n) => ({
    data: hexToBytes(encodeFunctionData({ abi, functionName, args } as Parameters<typeof encodeFunctionData>[0])),
    gasLimit,
  });
  return [
    call('setItem', [{ x: 10n, s: 'a string longer than thirty-two bytes, stored in slots', i: { y: 80n, b: true } }]),
    call('setItem', [{ x: 0n, s: '', i: { y: 0n, b: false } }]),
    call('grow', [12n]),
    call('clear'),
    call('spin', [200n]),
    call('spin', [100_000n], 200_000n),
    call('record'),
    call('relay', [7n]),
    call('relayFail', [5n]),
    call('divide', [1n, 0n]),
    call('bigMemory', [5000n]),
    call('bigMemory', [10n ** 9n]),
    call('boom'),
    { data: Uint8Array.of(0xde, 0xad), gasLimit: 100_000n },
  ];
}

async function outcomes(stepLoop: boolean): Promise<unknown[]> {
  const { evm, subject } = await chain(stepLoop);
  const abi = project.contracts.find((c) => c.name === 'Subject')!.abi;
  const seen: unknown[] = [];
  for (const { data, gasLimit } of calls(abi)) {
    const { execResult } = await evm.runCall({ block: BLOCK, caller: SENDER, origin: SENDER, to: subject, data, gasLimit });
    seen.push({
      error: execResult.exceptionError?.error,
      gasUsed: execResult.executionGasUsed,
      refund: execResult.gasRefund,
      returned: bytesToHex(execResult.returnValue),
      logs: (execResult.logs ?? []).map(([address, topics, payload]) => [bytesToHex(address), topics.map(bytesToHex), bytesToHex(payload)]),
    });
  }
  return seen;
}

describe('enableStepLoop', () => {
  it('gives every result, gas figure, refund, return value and log the library loop gives', async () => {
    const library = await outcomes(false);
    const stepped = await outcomes(true);
    expect(stepped).toEqual(library);
    // The table covers what it claims: successes, reverts, panics, out of gas and an invalid opcode.
    const errors = new Set(library.map((o) => (o as { error?: string }).error));
    expect(errors).toEqual(new Set([undefined, 'revert', 'out of gas', 'invalid opcode']));
  });

  it("hands a run with a step listener to the library's loop, which emits the steps", async () => {
    const other = await chain(true);
    let steps = 0;
    other.evm.events.on('step', () => void steps++);
    const abi = project.contracts.find((c) => c.name === 'Subject')!.abi;
    await other.evm.runCall({ block: BLOCK, caller: SENDER, origin: SENDER, to: other.subject, data: calls(abi)[4].data, gasLimit: 5_000_000n });
    expect(steps).toBeGreaterThan(100);
  });
});
