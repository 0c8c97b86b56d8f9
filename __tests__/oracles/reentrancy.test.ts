/**
 * The reentrancy oracle on hand-written sequences (real solc, real EVM): a bank deployed with
 * Lookout's attacker as `deployProject` deploys it, judged by `buildOracles` through `runSequence`.
 * Also: the attacker's checked-in creation code is what its source compiles to.
 */
import path from 'node:path';
import solc from 'solc';
import { bytesToHex, encodeFunctionData, getAddress, parseAbi, type AbiFunction } from 'viem';
import { compileProject } from '../../src/compile/compile.js';
import type { CompiledContract } from '../../src/compile/types.js';
import { ATTACKER_ID, attackerContract, callsOut } from '../../src/deploy/attacker.js';
import { campaignWorld, deployProject } from '../../src/run/worlds.js';
import { emptyProjectConfig } from '../../src/config/projectConfig.js';
import { ATTACKER_ABI, ATTACKER_COMPILER_SETTINGS, ATTACKER_CREATION_CODE, ATTACKER_NAME, ATTACKER_SOURCE } from '../../src/evm/attacker.js';
import { Executor } from '../../src/evm/executor.js';
import { functionTarget } from '../../src/abi/encoding.js';
import { runSequence, toTx, type SequenceHarness } from '../../src/fuzz/campaign/sequenceRunner.js';
import { txStep } from '../../src/fuzz/corpus/pathIdentity.js';
import type { AbiValue, Call, TxSequence } from '../../src/abi/types.js';
import { DEFAULT_PANIC_CODES } from '../../src/abi/panic.js';
import { buildOracles } from '../../src/oracles/oracleSet.js';
import { REPO_ROOT } from '../helpers/repoRoot.js';

const ALICE = 1;
const BOB = 2;
const ETHER = 10n ** 18n;
const BANK = 0;
const ATTACKER = 1;
const BANK_ABI = parseAbi(['function deposit() payable', 'function withdraw()']);
let contracts: Map<string, CompiledContract>;

beforeAll(async () => {
  const files = ['ReentrantBank.sol', 'GuardedBank.sol', 'Bank.sol'];
  const project = await compileProject({ root: REPO_ROOT, paths: files.map((f) => path.join('__fixtures__/oracles', f)) });
  contracts = new Map(project.contracts.map((c) => [c.name, c]));
});

async function world(name: string): Promise<{ harness: SequenceHarness; bank: (fn: string, args?: AbiValue[], sender?: number, value?: bigint) => Call }> {
  const bank = contracts.get(name)!;
  const attacker = attackerContract();
  const executor = await Executor.create([bank, attacker].map((c) => ({ name: c.name, file: c.file, abi: c.abi, creationCode: c.creation.bytecode })));
  const oracles = buildOracles(
    { contracts: [bank, attacker], deployments: executor.deployments, subject: BANK },
    { panicCodes: DEFAULT_PANIC_CODES, probe: 1n << 255n },
  );
  const call = (fn: string, args: AbiValue[] = [], sender = ALICE, value = 0n): Call => {
    const abi = bank.abi.find((item): item is AbiFunction => item.type === 'function' && item.name === fn)!;
    return { sender, to: BANK, target: functionTarget(abi), args, value, blockDelay: 0, timeDelay: 0 };
  };
  return { harness: { executor, ...oracles }, bank: call };
}

type BankFunction = 'deposit' | 'withdraw';

/** `lookoutCall(bank, call(), reenter())` from Bob. */
function attacker(h: SequenceHarness, call: BankFunction, reenter: BankFunction | undefined, value = 0n): Call {
  const encode = (fn: BankFunction | undefined) => (fn === undefined ? '0x' : encodeFunctionData({ abi: BANK_ABI, functionName: fn }));
  const args = [h.executor.deployments[BANK].address.toLowerCase(), encode(call), encode(reenter)];
  return { sender: BOB, to: ATTACKER, target: functionTarget(ATTACKER_ABI[0]), args, value, blockDelay: 0, timeDelay: 0 };
}

async function failure(h: SequenceHarness, sequence: TxSequence) {
  const run = await runSequence(h, sequence);
  const failure = run.failure?.failure;
  return failure && { kind: failure.kind, index: run.failure!.index, message: failure.message, function: failure.function, evidence: failure.evidence };
}

function reentrantWithdraw(h: SequenceHarness, bank: (fn: string, args?: AbiValue[], sender?: number, value?: bigint) => Call): TxSequence {
  return [bank('deposit', [], ALICE, 5n * ETHER), attacker(h, 'deposit', undefined, ETHER), attacker(h, 'withdraw', 'withdraw')];
}

describe('reentrancy', () => {
  it('a withdraw that pays before zeroing the deposit, re-entered from the payment', async () => {
    const { harness: h, bank } = await world('ReentrantBank');
    const address = h.executor.deployments[BANK].address;
    expect(await failure(h, reentrantWithdraw(h, bank))).toEqual({
      kind: 'reentrancy',
      index: 2,
      message: `${getAddress(address)} was re-entered through withdraw() by the attacker it called: the attacker gained 2 ether, against 1 ether for the same calls made one after the other`,
      function: 'withdraw()',
      evidence: { kind: 'reentrancy', contract: address, contractName: 'ReentrantBank', reentered: 'withdraw()', gained: 2n * ETHER, sequentialGain: ETHER },
    });
  });

  it('leaves the chain as the re-entrant transaction left it', async () => {
    const { harness: h, bank } = await world('ReentrantBank');
    const run = await runSequence(h, reentrantWithdraw(h, bank));
    expect(run.failure?.failure.kind).toBe('reentrancy');
    expect(h.executor.balanceOf(h.executor.deployments[ATTACKER].address)).toBe(2n * ETHER);
    expect(h.executor.balanceOf(h.executor.deployments[BANK].address)).toBe(4n * ETHER);
  });

  it('silent without re-entry: unarmed, or the same withdraw sent by the attacker twice', async () => {
    const { harness: h, bank } = await world('ReentrantBank');
    const [deposit, attackerDeposit] = reentrantWithdraw(h, bank);
    const withdraw = attacker(h, 'withdraw', undefined);
    expect(await failure(h, [deposit, attackerDeposit, withdraw, withdraw])).toBeUndefined();
  });

  it('silent when the re-entered withdraw finds the bank short (nothing changes)', async () => {
    const { harness: h, bank } = await world('ReentrantBank');
    const [, attackerDeposit, withdraw] = reentrantWithdraw(h, bank);
    expect(await failure(h, [bank('deposit', [], ALICE, ETHER / 2n), attackerDeposit, withdraw])).toBeUndefined();
  });

  it.each(['GuardedBank', 'Bank'])('silent on %s, whose re-entered withdraw changes nothing', async (name) => {
    const { harness: h, bank } = await world(name);
    const sequence = reentrantWithdraw(h, bank);
    if (name === 'Bank') {
      // Bank's withdraw takes the amount.
      const inner = encodeFunctionData({ abi: parseAbi(['function withdraw(uint256)']), functionName: 'withdraw', args: [ETHER] });
      sequence[2] = { ...sequence[2], args: [sequence[2].args[0], inner, inner] };
    }
    const run = await runSequence(h, sequence);
    expect(run.failure).toBeUndefined();
    expect(h.executor.balanceOf(h.executor.deployments[ATTACKER].address)).toBe(ETHER);
  });
});

describe('the attacker', () => {
  it('is deployed from what its source compiles to', () => {
    const input = {
      language: 'Solidity',
      sources: { 'LookoutAttacker.sol': { content: ATTACKER_SOURCE } },
      settings: { ...ATTACKER_COMPILER_SETTINGS, outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object', 'storageLayout'] } } },
    };
    const output = JSON.parse(solc.compile(JSON.stringify(input)));
    const compiled = output.contracts['LookoutAttacker.sol'][ATTACKER_NAME];
    expect(`0x${compiled.evm.bytecode.object}`).toBe(bytesToHex(ATTACKER_CREATION_CODE));
    // Transient state only: nothing carries over to the next transaction.
    expect(compiled.storageLayout.storage).toEqual([]);
    const functions = compiled.abi.filter((item: { type: string }) => item.type === 'function').map((item: { name: string }) => item.name);
    expect(functions).toEqual(ATTACKER_ABI.map((item) => item.name));
  });
});

describe('campaigns call the attacker only where the code calls out', () => {
  it('a bank pays with CALL; an ERC-20 makes no external call', async () => {
    const token = await compileProject({ root: REPO_ROOT, paths: ['__fixtures__/bench/ERC20.sol'] });
    expect(callsOut(token.contracts.find((c) => c.name === 'ERC20')!.deployed.bytecode)).toBe(false);
    for (const name of ['ReentrantBank', 'GuardedBank', 'Bank']) expect(callsOut(contracts.get(name)!.deployed.bytecode)).toBe(true);
  });

  it.each([
    ['__fixtures__/bench/ERC20.sol', 'ERC20', false],
    ['__fixtures__/oracles/ReentrantBank.sol', 'ReentrantBank', true],
  ])('%s: the attacker is deployed, and callable: %s', async (file, name, callable) => {
    const project = await compileProject({ root: REPO_ROOT, paths: [file] });
    const wanted = project.contracts.filter((c) => c.name === name);
    const world = await deployProject(project, wanted, emptyProjectConfig(), 1);
    const attacker = world.deployed.findIndex((d) => d.contract.id === ATTACKER_ID);
    const subject = world.deployed.findIndex((d) => d.contract.name === name);
    expect(attacker).toBeGreaterThan(subject);
    const recipe = { kind: 'deployment' as const, contracts: project.contracts, wanted: wanted.map((c) => c.id), config: emptyProjectConfig(), seed: 1 };
    expect(campaignWorld(world, subject, recipe).callable.includes(attacker)).toBe(callable);
  });
});

describe("the attacker's calls in path identity", () => {
  /** The world with the attacker's code left unobserved, as deployProject leaves it. */
  async function observedWorld(name = 'ReentrantBank') {
    const w = await world(name);
    w.harness.executor.leaveUnobserved(ATTACKER);
    return w;
  }

  async function pathIds(h: SequenceHarness, sequence: TxSequence): Promise<string[]> {
    h.executor.reset();
    const ids: string[] = [];
    for (const call of sequence) ids.push(txStep(await h.executor.run(toTx(call)), call).pathId);
    return ids;
  }

  it("leaves the attacker's own branches out: a forwarded call has the path of the call made directly", async () => {
    const { harness: h, bank } = await observedWorld();
    const [direct] = await pathIds(h, [bank('deposit', [], BOB, ETHER)]);
    const [forwarded] = await pathIds(h, [attacker(h, 'deposit', undefined, ETHER)]);
    expect(forwarded).toBe(direct);
    // Observed, the attacker's decoding and forwarding make the same deposit a path of its own.
    const { harness: seen } = await world('ReentrantBank');
    const [withAttacker] = await pathIds(seen, [attacker(seen, 'deposit', undefined, ETHER)]);
    expect(withAttacker).not.toBe(direct);
  });

  it('gives a re-entered withdraw a path of its own, and an unarmed one the direct path', async () => {
    const { harness: h, bank } = await observedWorld();
    const [, , direct] = await pathIds(h, [bank('deposit', [], ALICE, 5n * ETHER), bank('deposit', [], BOB, ETHER), bank('withdraw', [], BOB)]);
    const [, , unarmed] = await pathIds(h, [
      bank('deposit', [], ALICE, 5n * ETHER),
      attacker(h, 'deposit', undefined, ETHER),
      attacker(h, 'withdraw', undefined),
    ]);
    const [, , reentered] = await pathIds(h, reentrantWithdraw(h, bank));
    expect(unarmed).toBe(direct);
    expect(reentered).not.toBe(direct);
  });

  it('gives a re-entry that fails (a guard reverts it) the unarmed path: it changed nothing', async () => {
    const { harness: h, bank } = await observedWorld('GuardedBank');
    const [, , unarmed] = await pathIds(h, [
      bank('deposit', [], ALICE, 5n * ETHER),
      attacker(h, 'deposit', undefined, ETHER),
      attacker(h, 'withdraw', undefined),
    ]);
    const [, , guarded] = await pathIds(h, reentrantWithdraw(h, bank));
    expect(guarded).toBe(unarmed);
  });

  it('refuses to call itself (the ether would only be parked in it)', async () => {
    const { harness: h } = await observedWorld();
    h.executor.reset();
    const self = attacker(h, 'deposit', undefined, ETHER);
    const result = await h.executor.run(toTx({ ...self, args: [h.executor.deployments[ATTACKER].address.toLowerCase(), self.args[1], self.args[2]] }));
    expect(result.outcome.kind).toBe('revert');
    expect(h.executor.balanceOf(h.executor.deployments[ATTACKER].address)).toBe(0n);
  });

  it('fails the transaction when the forwarded call fails (no ether kept), and all such calls are one path', async () => {
    const { harness: h } = await observedWorld();
    h.executor.reset();
    // Nothing deposited: withdraw() reverts; deposit() with a broken selector names no function.
    const withdraw = attacker(h, 'withdraw', undefined, ETHER);
    const broken = { ...attacker(h, 'deposit', undefined), args: [withdraw.args[0], '0xd0e30d', '0x'] };
    const results = [];
    for (const call of [withdraw, broken]) results.push(await h.executor.run(toTx(call)));
    expect(results.map((r) => r.outcome.kind)).toEqual(['revert', 'revert']);
    expect(h.executor.balanceOf(h.executor.deployments[ATTACKER].address)).toBe(0n);
    const [a, b] = [txStep(results[0], withdraw), txStep(results[1], broken)];
    expect(a).toMatchObject({ reverted: true, changedState: false });
    expect(a.pathId).toBe(b.pathId);
    expect(results[0].trace.pathId).not.toBe(results[1].trace.pathId);
  });
});
