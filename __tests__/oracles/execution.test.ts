import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { encodeFunctionData, hexToBytes, maxUint256, toFunctionSelector, type Abi, type AbiFunction } from 'viem';
import { compileProject } from '../../src/compile/compile.js';
import type { CompiledProject } from '../../src/compile/types.js';
import { Executor } from '../../src/evm/executor.js';
import type { Tx, TxResult } from '../../src/evm/types.js';
import { shrinkSequence } from '../../src/fuzz/findings/shrink.js';
import type { AbiValue, Call, TxSequence } from '../../src/abi/types.js';
import { failureKey, type Failure } from '../../src/oracles/failure.js';
import { checkProperties, propertyFunctions } from '../../src/oracles/property.js';
import { DEFAULT_PANIC_CODES } from '../../src/abi/panic.js';
import { readOnlyCalls } from '../../src/oracles/getterPanic.js';
import { checkTransaction, transactionOracles } from '../../src/oracles/transaction.js';
import type { OracleConfig, TxOracle } from '../../src/oracles/types.js';

// One function per oracle case, plus a caller that makes a panic bubble up from a sub-call.
const SOURCE = `
// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

contract Oracles {
    enum Color { Red, Green }
    uint256[] public items;
    uint256 public total;
    uint256 public armed;

    function check(uint256 x) external pure { assert(x != 7); }
    function legacy() external pure { assembly { invalid() } }
    function at(uint256 i) external view returns (uint256) { return items[i]; }
    function put(uint256 i, uint256 x) external { items[i] = x; }
    function divide(uint256 a, uint256 b) external pure returns (uint256) { return a / b; }
    function add(uint256 a) external { total += a; }
    function popEmpty() external { items.pop(); }
    function color(uint256 c) external pure returns (Color) { return Color(c); }
    function guarded(uint256 x) external pure { require(x < 10, "too big"); }
    function arm(uint256 x) external { if (x >= 100) armed += 1; }
    function fire() external view { assert(armed == 0); }

    function property_small() external view returns (bool) { return total < 1000; }
    function echidna_notFive() external view returns (bool) { require(total != 5, "five"); return true; }
}

contract Caller {
    Oracles public target = new Oracles();
    function divide(uint256 a, uint256 b) external view returns (uint256) { return target.divide(a, b); }
}
`;

let project: CompiledProject;
let dir: string;
let executor: Executor;
let config: OracleConfig;
let oracles: TxOracle[];

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'lookout-oracles-'));
  writeFileSync(path.join(dir, 'Oracles.sol'), SOURCE);
  project = await compileProject({ root: dir, paths: ['Oracles.sol'] });
  executor = await Executor.create(
    ['Oracles', 'Caller'].map((name) => {
      const contract = project.contracts.find((c) => c.name === name)!;
      return { name, abi: contract.abi, creationCode: contract.creation.bytecode };
    }),
  );
  config = { panicCodes: DEFAULT_PANIC_CODES, readsOnly: readOnlyCalls([abiOf('Oracles'), abiOf('Caller')]) };
  oracles = transactionOracles(config);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

beforeEach(() => executor.reset());

const abiOf = (name: string): Abi => project.contracts.find((c) => c.name === name)!.abi;

function calldata(to: number, functionName: string, args: unknown[] = []): Uint8Array {
  const abi = abiOf(to === 0 ? 'Oracles' : 'Caller');
  return hexToBytes(encodeFunctionData({ abi, functionName, args } as Parameters<typeof encodeFunctionData>[0]));
}

function txOf(functionName: string, args: unknown[] = [], to = 0): Tx {
  return { sender: 0, to, data: calldata(to, functionName, args), value: 0n, blockDelay: 0, timeDelay: 0 };
}

async function send(functionName: string, args: unknown[] = [], to = 0): Promise<TxResult> {
  return executor.run(txOf(functionName, args, to));
}

async function failuresOf(functionName: string, args: unknown[] = [], to = 0): Promise<Failure[]> {
  const tx = txOf(functionName, args, to);
  return checkTransaction(tx, await executor.run(tx), oracles);
}

describe('transaction oracles on real outcomes', () => {
  it.each([
    ['check', [7n], 'assertion', 0x01],
    ['legacy', [], 'assertion', null],
    ['put', [3n, 1n], 'panic', 0x32],
    ['divide', [1n, 0n], 'panic', 0x12],
    ['popEmpty', [], 'panic', 0x31],
    ['color', [5n], 'panic', 0x21],
  ])('%s(%p) → %s', async (fn, args, kind, panicCode) => {
    const failures = await failuresOf(fn, args);
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({ kind, panicCode, codeId: executor.deployments[0]!.codeId });
  });

  it.each([
    ['check', [8n]],
    ['guarded', [11n]],
    ['divide', [4n, 2n]],
    // A view function answering an index past the end as Solidity's getters do (getterPanic.test.ts).
    ['at', [3n]],
  ])('%s(%p) → nothing', async (fn, args) => {
    expect(await failuresOf(fn, args)).toEqual([]);
  });

  it('ignores arithmetic overflow by default', async () => {
    await send('add', [1n]);
    const tx = txOf('add', [maxUint256]);
    const overflow = await executor.run(tx);
    expect(overflow.outcome.kind).toBe('revert');
    expect(checkTransaction(tx, overflow, oracles)).toEqual([]);
    expect(checkTransaction(tx, overflow, transactionOracles({ ...config, panicCodes: new Set([0x11]) }))).toMatchObject([{ kind: 'panic', panicCode: 0x11 }]);
  });

  it('gives one key to one bug whatever the inputs, another to another bug', async () => {
    const [a] = await failuresOf('put', [3n, 1n]);
    const [b] = await failuresOf('put', [99n, 1n]);
    const [c] = await failuresOf('divide', [1n, 0n]);
    expect(failureKey(a!)).toBe(failureKey(b!));
    expect(failureKey(a!)).not.toBe(failureKey(c!));
  });

  it('locates a panic bubbled up from a sub-call in the outermost frame', async () => {
    const failures = await failuresOf('divide', [1n, 0n], 1);
    expect(failures).toMatchObject([{ kind: 'panic', panicCode: 0x12, codeId: executor.deployments[1]!.codeId }]);
  });
});

describe('property oracle on real outcomes', () => {
  const probe = (to: number, data: Uint8Array) => executor.view(to, data);

  it('finds the properties and reports each one that stops holding', async () => {
    const properties = propertyFunctions(abiOf('Oracles'), 0, executor.deployments[0]!.codeId);
    // solc sorts its ABI by name.
    expect(properties.map((p) => p.name)).toEqual(['echidna_notFive', 'property_small']);
    expect(await checkProperties(probe, properties)).toEqual([]);

    await send('add', [5n]);
    expect((await checkProperties(probe, properties)).map((f) => f.message)).toEqual(['echidna_notFive() reverted: Error("five")']);

    await send('add', [2000n]);
    expect((await checkProperties(probe, properties)).map((f) => f.message)).toEqual(['property_small() returned false']);
  });

  it('does not change state when probing', async () => {
    await send('add', [5n]);
    await checkProperties(probe, propertyFunctions(abiOf('Oracles'), 0, executor.deployments[0]!.codeId));
    const total = await executor.view(0, calldata(0, 'total'));
    expect(BigInt(`0x${Buffer.from(total.returnData).toString('hex')}`)).toBe(5n);
  });
});

describe('shrinking a real failure', () => {
  const fnOf = (name: string) => abiOf('Oracles').find((item) => item.type === 'function' && item.name === name) as AbiFunction;
  const call = (name: string, args: AbiValue[], fields: Partial<Call> = {}): Call => ({
    sender: 0,
    to: 0,
    target: { kind: 'function', fn: fnOf(name), selector: toFunctionSelector(fnOf(name)), signature: `${name}()` },
    args,
    value: 0n,
    blockDelay: 0,
    timeDelay: 0,
    ...fields,
  });

  /** Replays from the snapshot; true when the failure with `key` happens again. */
  const reproduces = (key: string) => async (sequence: TxSequence) => {
    executor.reset();
    for (const c of sequence) {
      const fn = (c.target as { fn: AbiFunction }).fn;
      const data = hexToBytes(encodeFunctionData({ abi: [fn], functionName: fn.name, args: c.args } as Parameters<typeof encodeFunctionData>[0]));
      const tx = { sender: c.sender, to: c.to, data, value: c.value, blockDelay: c.blockDelay, timeDelay: c.timeDelay };
      if (checkTransaction(tx, await executor.run(tx), oracles).some((f) => failureKey(f) === key)) return true;
    }
    return false;
  };

  it('reduces a noisy sequence to the two calls that matter', async () => {
    const noisy = [
      call('add', [3n], { sender: 2, timeDelay: 30 }),
      call('arm', [5n]),
      call('guarded', [42n], { sender: 1 }),
      call('arm', [123_456n], { blockDelay: 7 }),
      call('check', [8n]),
      call('add', [1n]),
      call('fire', []),
      call('at', [0n]),
    ];
    const [firing] = await failuresOf('fire');
    expect(firing).toBeUndefined();
    await send('arm', [100n]);
    const [failure] = await failuresOf('fire');
    const result = await shrinkSequence(noisy, reproduces(failureKey(failure!)), { maxAttempts: 500 });
    expect(result.minimal).toBe(true);
    expect(result.sequence.map((c) => [(c.target as { fn: AbiFunction }).fn.name, c.args, c.sender, c.blockDelay, c.timeDelay])).toEqual([
      ['arm', [100n], 0, 0, 0],
      ['fire', [], 0, 0, 0],
    ]);
  });
});
