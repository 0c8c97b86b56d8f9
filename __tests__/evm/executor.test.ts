import { Common, Hardfork, Mainnet } from '@ethereumjs/common';
import { paramsEVM } from '@ethereumjs/evm';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { decodeFunctionResult, encodeFunctionData, toEventSelector, bytesToHex, type Abi } from 'viem';
import { compileProject } from '../../src/compile/compile.js';
import type { CompiledProject } from '../../src/compile/types.js';
import { ConfigurationError } from '../../src/errors.js';
import { enableEipLookup } from '../../src/evm/eipLookup.js';
import { Executor, SENDER_BALANCE, START_BLOCK, START_TIMESTAMP } from '../../src/evm/executor.js';
import { SENDER_ADDRESSES } from '../../src/config/chainConfig.js';
import type { Tx, TxResult } from '../../src/evm/types.js';

const SOURCE = `
// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

contract Probe {
    uint256 public x;
    uint256 public received;
    uint256 public fallbacks;
    mapping(address => uint256) public deposits;
    event Stored(uint256 value);

    function set(uint256 v) external { x = v; emit Stored(v); }
    function double(uint256 v) external pure returns (uint256) { return v * 2; }
    function atLeastTen(uint256 v) external pure { require(v >= 10, "small"); }
    function notSeven(uint256 v) external pure { assert(v != 7); }
    function boom() external pure { assembly { invalid() } }
    function deposit() external payable { deposits[msg.sender] += msg.value; }
    function blockInfo() external view returns (uint256, uint256) { return (block.number, block.timestamp); }
    receive() external payable { received += 1; }
    fallback() external { fallbacks += 1; }
}

contract Token {
    mapping(address => uint256) public balanceOf;
    constructor() { balanceOf[msg.sender] = 1e24; }
    function transfer(address to, uint256 value) external returns (bool) {
        require(balanceOf[msg.sender] >= value, "balance");
        balanceOf[msg.sender] -= value;
        balanceOf[to] += value;
        return true;
    }
}

contract Stubborn {
    constructor() { revert("not today"); }
}

contract Funded {
    address public creator;
    constructor() payable { require(msg.value > 0, "fund me"); creator = msg.sender; }
}
`;

let project: CompiledProject;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'lookout-evm-'));
  writeFileSync(path.join(dir, 'Probe.sol'), SOURCE);
  project = await compileProject({ root: dir, paths: ['Probe.sol'] });
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

function request(name: string) {
  const contract = project.contracts.find((c) => c.name === name);
  if (contract === undefined) throw new Error(`${name} not compiled`);
  return { name, abi: contract.abi, creationCode: contract.creation.bytecode };
}

function abiOf(name: string): Abi {
  return request(name).abi;
}

function call(name: string, functionName: string, args: unknown[] = []): Uint8Array {
  const data = encodeFunctionData({ abi: abiOf(name), functionName, args } as Parameters<typeof encodeFunctionData>[0]);
  return Uint8Array.from(Buffer.from(data.slice(2), 'hex'));
}

function tx(data: Uint8Array, extra: Partial<Tx> = {}): Tx {
  return { sender: 0, to: 0, data, value: 0n, blockDelay: 0, timeDelay: 0, ...extra };
}

function failingOpcode(executor: Executor, result: TxResult): number {
  const outcome = result.outcome;
  if (outcome.kind === 'success') throw new Error('expected a failure');
  return executor.code(outcome.codeId)[outcome.pc];
}

describe('Executor', () => {
  let executor: Executor;
  beforeAll(async () => {
    executor = await Executor.create([request('Probe'), request('Token')]);
  });
  beforeEach(() => executor.reset());

  const probe = () => executor.deployments[0].address;
  const read = async (functionName: string, args: unknown[] = []) => {
    const { success, returnData } = await executor.view(0, call('Probe', functionName, args));
    expect(success).toBe(true);
    return decodeFunctionResult({ abi: abiOf('Probe'), functionName, data: bytesToHex(returnData) } as Parameters<typeof decodeFunctionResult>[0]);
  };

  it('deploys in order with code ids 0..n-1 and funds three senders', () => {
    expect(executor.deployments.map((d) => [d.name, d.codeId])).toEqual([
      ['Probe', 0],
      ['Token', 1],
    ]);
    expect(executor.codeIdOf(executor.deployments[1].address)).toBe(1);
    expect(executor.codeIdOf(executor.deployments[1].code)).toBe(1);
    expect(SENDER_ADDRESSES.map((a) => executor.balanceOf(a))).toEqual([SENDER_BALANCE, SENDER_BALANCE, SENDER_BALANCE]);
  });

  it('calls a function and returns its data and logs', async () => {
    const doubled = await executor.run(tx(call('Probe', 'double', [21n])));
    expect(doubled.outcome).toEqual({ kind: 'success' });
    expect(BigInt(bytesToHex(doubled.returnData))).toBe(42n);
    const stored = await executor.run(tx(call('Probe', 'set', [5n])));
    expect(stored.logs).toHaveLength(1);
    expect(stored.logs[0].address).toBe(probe());
    expect(bytesToHex(stored.logs[0].topics[0])).toBe(toEventSelector('Stored(uint256)'));
    expect(BigInt(bytesToHex(stored.logs[0].data))).toBe(5n);
    expect(executor.getStorage(probe(), 0n)).toBe(5n);
  });

  it('reports a require failure as a revert at its REVERT instruction', async () => {
    const result = await executor.run(tx(call('Probe', 'atLeastTen', [3n])));
    expect(result.outcome.kind).toBe('revert');
    expect(failingOpcode(executor, result)).toBe(0xfd);
    expect(result.outcome.kind === 'revert' && bytesToHex(result.outcome.data).slice(0, 10)).toBe('0x08c379a0');
    expect(result.outcome.kind === 'revert' && result.outcome.codeId).toBe(0);
  });

  it('reports assert as a Panic(0x01) revert and INVALID as invalid at the 0xfe', async () => {
    const panic = await executor.run(tx(call('Probe', 'notSeven', [7n])));
    expect(panic.outcome.kind).toBe('revert');
    expect(panic.outcome.kind === 'revert' && bytesToHex(panic.outcome.data)).toBe(`0x4e487b71${'1'.padStart(64, '0')}`);
    const invalid = await executor.run(tx(call('Probe', 'boom')));
    expect(invalid.outcome.kind).toBe('invalid');
    expect(failingOpcode(executor, invalid)).toBe(0xfe);
  });

  it('transfers msg.value to payable functions and rejects what the sender cannot cover', async () => {
    const ether = 10n ** 18n;
    const paid = await executor.run(tx(call('Probe', 'deposit'), { sender: 1, value: 3n * ether }));
    expect(paid.outcome.kind).toBe('success');
    expect(executor.balanceOf(probe())).toBe(3n * ether);
    expect(executor.balanceOf(SENDER_ADDRESSES[1])).toBe(SENDER_BALANCE - 3n * ether);
    const nonPayable = await executor.run(tx(call('Probe', 'set', [1n]), { value: 1n }));
    expect(nonPayable.outcome.kind).toBe('revert');
    const tooMuch = await executor.run(tx(call('Probe', 'deposit'), { value: SENDER_BALANCE + 1n }));
    expect(tooMuch.outcome).toMatchObject({ kind: 'error', error: 'insufficient balance' });
  });

  it('calls receive on empty calldata and fallback on an unknown selector', async () => {
    await executor.run(tx(new Uint8Array(0), { value: 1n }));
    await executor.run(tx(Uint8Array.of(0xde, 0xad, 0xbe, 0xef)));
    expect(await read('received')).toBe(1n);
    expect(await read('fallbacks')).toBe(1n);
  });

  it('advances block number and timestamp before each transaction, reverted or not', async () => {
    await executor.run(tx(call('Probe', 'atLeastTen', [1n]), { blockDelay: 3, timeDelay: 40 }));
    await executor.run(tx(call('Probe', 'set', [1n]), { blockDelay: 2, timeDelay: 20 }));
    expect(await read('blockInfo')).toEqual([START_BLOCK + 5n, START_TIMESTAMP + 60n]);
  });

  it('reset restores storage, balances and the block', async () => {
    await executor.run(tx(call('Probe', 'set', [9n]), { blockDelay: 4, timeDelay: 4 }));
    await executor.run(tx(call('Probe', 'deposit'), { sender: 2, value: 10n }));
    executor.setStorage(probe(), 7n, 123n);
    executor.reset();
    expect(executor.getStorage(probe(), 0n)).toBe(0n);
    expect(executor.getStorage(probe(), 7n)).toBe(0n);
    expect(executor.balanceOf(probe())).toBe(0n);
    expect(executor.balanceOf(SENDER_ADDRESSES[2])).toBe(SENDER_BALANCE);
    expect([executor.blockNumber, executor.timestamp]).toEqual([START_BLOCK, START_TIMESTAMP]);
  });

  it('reads and writes storage slots directly', async () => {
    executor.setStorage(probe(), 0n, 77n);
    expect(executor.getStorage(probe(), 0n)).toBe(77n);
    expect(await read('x')).toBe(77n);
  });

  it('rolls back the state changes of a view', async () => {
    const { success } = await executor.view(0, call('Probe', 'set', [11n]), 1);
    expect(success).toBe(true);
    expect(executor.getStorage(probe(), 0n)).toBe(0n);
    expect(await read('x')).toBe(0n);
  });

  it('charges realistic gas: cold slots and fresh SSTOREs in every transaction', async () => {
    const transfer = tx(call('Token', 'transfer', [SENDER_ADDRESSES[1], 1n]), { to: 1 });
    const fresh = await executor.run(transfer);
    const again = await executor.run(transfer);
    const third = await executor.run(transfer);
    expect(fresh.outcome.kind).toBe('success');
    // 21,000 intrinsic + 22,100 for the zero → non-zero SSTORE alone.
    expect(fresh.gasUsed).toBeGreaterThan(43_100n);
    // Without clearing warm sets and original values between transactions the repeat would cost
    // warm-slot prices (≈ 100 gas each) and come in under 25k.
    expect(again.gasUsed).toBeGreaterThan(21_000n + 2n * (2_100n + 2_900n));
    expect(third.gasUsed).toBe(again.gasUsed);
  });

  it('names the deployed contract by file and name', () => {
    expect(executor.deployments.map((d) => [d.file, d.name, d.deployer, d.value])).toEqual([
      ['', 'Probe', 0, 0n],
      ['', 'Token', 0, 0n],
    ]);
  });

  it('names the contract whose constructor reverts', async () => {
    await expect(Executor.create([request('Stubborn')])).rejects.toThrow(ConfigurationError);
    await expect(Executor.create([request('Stubborn')])).rejects.toThrow(/Stubborn.*not today/);
  });
});

describe('Executor built step by step', () => {
  const creation = (name: string, extra: { deployer?: number; value?: bigint } = {}) => ({
    file: 'Probe.sol',
    name,
    creationCode: request(name).creationCode,
    ...extra,
  });

  it('returns a failed deployment with its decoded reason and rolls it back', async () => {
    const executor = await Executor.open();
    const failed = await executor.deploy(creation('Stubborn'));
    expect(failed).toEqual({ kind: 'failed', reason: 'reverted with Error("not today")' });
    const unfunded = await executor.deploy(creation('Funded'));
    expect(unfunded).toEqual({ kind: 'failed', reason: 'reverted with Error("fund me")' });
    const probe = await executor.deploy(creation('Probe'));
    // The failures left no trace, the deployer's nonce included: Probe gets the first address.
    const reference = await Executor.create([request('Probe')]);
    expect(probe).toMatchObject({ kind: 'deployed', index: 0, deployment: { file: 'Probe.sol', name: 'Probe', address: reference.deployments[0].address } });
    expect(executor.deployments).toHaveLength(1);
  });

  it('deploys from any sender with value sent with the creation call', async () => {
    const executor = await Executor.open();
    await executor.deploy(creation('Probe'));
    const funded = await executor.deploy(creation('Funded', { deployer: 2, value: 5n }));
    expect(funded).toMatchObject({ kind: 'deployed', index: 1, deployment: { name: 'Funded', deployer: 2, value: 5n } });
    await executor.snapshot();
    const address = executor.deployments[1].address;
    expect(executor.balanceOf(address)).toBe(5n);
    expect(executor.balanceOf(SENDER_ADDRESSES[2])).toBe(SENDER_BALANCE - 5n);
    const { returnData } = await executor.view(1, call('Funded', 'creator'));
    expect(BigInt(bytesToHex(returnData))).toBe(BigInt(SENDER_ADDRESSES[2]));
    // Constructor blocks are traced for the linked creation code actually run.
    expect(executor.deployments[1].creationBlocks.has(0)).toBe(true);
  });

  it('resets to the snapshot and gives a fresh executor in the same state with the same code ids', async () => {
    const executor = await Executor.open();
    await executor.deploy(creation('Probe'));
    await executor.deploy(creation('Token'));
    await executor.snapshot();
    await expect(executor.deploy(creation('Probe'))).rejects.toThrow(/after snapshot/);
    await executor.run(tx(call('Probe', 'set', [9n])));
    const fresh = await executor.fresh();
    expect(fresh.deployments).toEqual(executor.deployments);
    expect(fresh.getStorage(fresh.deployments[0].address, 0n)).toBe(0n);
    const stored = await fresh.run(tx(call('Probe', 'set', [4n])));
    expect(stored.outcome).toEqual({ kind: 'success' });
    expect(fresh.getStorage(fresh.deployments[0].address, 0n)).toBe(4n);
    expect(executor.getStorage(executor.deployments[0].address, 0n)).toBe(9n);
    expect(fresh.codeIdOf(fresh.deployments[1].address)).toBe(executor.deployments[1].codeId);
    executor.reset();
    expect(executor.getStorage(executor.deployments[0].address, 0n)).toBe(0n);
  });

  it('keeps what transactions before the snapshot did (a funded state) through every reset', async () => {
    const executor = await Executor.open();
    await executor.deploy(creation('Probe'));
    await executor.run(tx(call('Probe', 'set', [5n])));
    await executor.run(tx(call('Probe', 'set', [6n])));
    await executor.snapshot();
    const address = executor.deployments[0].address;
    expect(executor.getStorage(address, 0n)).toBe(6n);
    await executor.run(tx(call('Probe', 'set', [7n])));
    executor.reset();
    expect(executor.getStorage(address, 0n)).toBe(6n);
    // A slot the snapshot holds non-zero costs what a non-zero slot's write costs.
    const again = await executor.run(tx(call('Probe', 'set', [8n])));
    executor.reset();
    const fresh = await executor.fresh();
    expect((await fresh.run(tx(call('Probe', 'set', [8n])))).gasUsed).toBe(again.gasUsed);
    expect(executor.getStorage(address, 0n)).toBe(6n);
  });
});

describe('EIP lookup', () => {
  it('answers as Common does, for every EIP number, from a Set built once', () => {
    const plain = new Common({ chain: Mainnet, hardfork: Hardfork.Prague, params: paramsEVM });
    const fast = new Common({ chain: Mainnet, hardfork: Hardfork.Prague, params: paramsEVM });
    enableEipLookup(fast);
    expect(fast.isActivatedEIP).not.toBe(plain.isActivatedEIP);
    for (let eip = 0; eip < 10_000; eip++) expect(fast.isActivatedEIP(eip)).toBe(plain.isActivatedEIP(eip));
    expect(fast.isActivatedEIP(2929)).toBe(true);
  });
});
