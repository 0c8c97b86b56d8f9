import { encodeAbiParameters, hexToBigInt, keccak256 } from 'viem';
import type { Executor } from '../../src/evm/executor.js';
import { toTx } from '../../src/fuzz/campaign/sequenceRunner.js';
import type { TxSequence } from '../../src/abi/types.js';
import type { Failure } from '../../src/oracles/failure.js';
import { checkProperties, propertyFunctions } from '../../src/oracles/property.js';
import { storageWriteOracle } from '../../src/oracles/storageWrite.js';
import { checkTransaction, transactionOracles } from '../../src/oracles/transaction.js';
import { compileHarvey, deploy, type Deployed } from './harveyHarness.js';

// Every fixture of __fixtures__/harvey compiles, its documented bug sequence fails on a real EVM
// the documented way, and the same sequence reports nothing on its safe twin.

const TWO_256 = 1n << 256n;
const PROBE = 0x8badf00d_5eed_1234_5678_9abc_def0_1122_3344_5566_7788_99aa_bbcc_ddee_ff00_0001n;
const ARRAY_BASE = hexToBigInt(keccak256(encodeAbiParameters([{ type: 'uint256' }], [1n])));
const ATTACKER = '0x0000000000000000000000000000000000020000';

/** Kinds of the first failure of the sequence (transaction oracles incl. the probe, then properties). */
async function failuresOf(target: Deployed, name: string, sequence: TxSequence): Promise<Failure[]> {
  const { executor, project } = target;
  const contract = project.contracts.find((c) => c.name === name)!;
  const properties = propertyFunctions(contract.abi, 0, executor.deployments[0].codeId);
  const oracles = [...transactionOracles(), storageWriteOracle(PROBE)];
  executor.reset();
  for (const call of sequence) {
    const tx = toTx(call);
    const failures = checkTransaction(tx, await executor.run(tx), oracles);
    if (failures.length > 0) return failures;
    const broken = await checkProperties((to, data) => executor.view(to, data), properties);
    if (broken.length > 0) return broken;
  }
  return [];
}

function longSequenceArguments(): bigint[] {
  const offsets = [0x1111n, 0x2222n, 0x3333n, 0x4444n, 0x5555n];
  let key = 0x5eed0000n;
  return offsets.map((offset) => {
    const x = key - offset;
    const hash = hexToBigInt(keccak256(encodeAbiParameters([{ type: 'uint256' }, { type: 'uint256' }], [key, x])));
    key = (hash & 0xffffffffn) + 0x10000n;
    return x;
  });
}

type Case = [name: string, sequence: (d: Deployed) => TxSequence, kind: string];

const CASES: Case[] = [
  ['Fig1Paths', (d) => [d.call('baz', [42n, 3n, -5n])], 'assertion'],
  ['Fig2StateBug', (d) => [d.call('SetY', [42n]), d.call('CopyY'), d.call('Bar')], 'assertion'],
  ['Fig2StateBug', (d) => [...Array.from({ length: 42 }, () => d.call('IncX')), d.call('Bar')], 'assertion'],
  ['LongSequence', (d) => longSequenceArguments().map((x, i) => d.call(`step${i + 1}`, [x])), 'assertion'],
  ['BonusCodeWallet', (d) => [d.call('PopCode'), d.call('SetCodeAt', [(PROBE - ARRAY_BASE + TWO_256) % TWO_256, 7n], 1)], 'arbitrary-storage-write'],
  ['BonusCodeWallet', (d) => [d.call('PopCode', [], 1), d.call('SetCodeAt', [TWO_256 - ARRAY_BASE, BigInt(ATTACKER)], 1)], 'property'],
  ['Quadratic', (d) => [d.call('solve', [40427n])], 'assertion'],
];

beforeAll(async () => {
  const project = await compileHarvey();
  expect(project.contracts.map((c) => c.name).sort()).toEqual([
    'BonusCodeWallet',
    'BonusCodeWalletSafe',
    'Fig1Paths',
    'Fig1PathsSafe',
    'Fig2StateBug',
    'Fig2StateBugSafe',
    'LongSequence',
    'LongSequenceSafe',
    'Quadratic',
    'QuadraticSafe',
  ]);
});

describe.each(CASES)('%s', (name, sequence, kind) => {
  test(`the documented sequence fails as ${kind}`, async () => {
    const target = await deploy(name);
    const failures = await failuresOf(target, name, sequence(target));
    expect(failures.map((f) => f.kind)).toEqual([kind]);
  });

  test('its safe twin reports nothing on the same sequence', async () => {
    const twin = await deploy(`${name}Safe`);
    expect(await failuresOf(twin, `${name}Safe`, sequence(twin))).toEqual([]);
  });
});

test('the wallet takeover hands Destroy to the attacker', async () => {
  const { executor, call } = await deploy('BonusCodeWallet');
  const run = async (e: Executor, seq: TxSequence): Promise<string[]> => {
    e.reset();
    const outcomes: string[] = [];
    for (const c of seq) outcomes.push((await e.run(toTx(c))).outcome.kind);
    return outcomes;
  };
  expect(await run(executor, [call('Destroy', [], 1)])).toEqual(['revert']);
  const takeover = [call('PopCode', [], 1), call('SetCodeAt', [TWO_256 - ARRAY_BASE, BigInt(ATTACKER)], 1), call('Destroy', [], 1)];
  expect(await run(executor, takeover)).toEqual(['success', 'success', 'success']);
});
