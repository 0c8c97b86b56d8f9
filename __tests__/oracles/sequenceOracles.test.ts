/**
 * The sequence oracles on hand-written sequences over the fixtures of __fixtures__/oracles (real solc,
 * real EVM), through `buildOracles` and `runSequence` as the campaign runs them: what each must report,
 * and the legitimate uses next to each bug that must stay silent.
 */
import path from 'node:path';
import { getAddress, type AbiFunction } from 'viem';
import { compileProject } from '../../src/compile/compile.js';
import type { CompiledContract } from '../../src/compile/types.js';
import { Executor } from '../../src/evm/executor.js';
import { functionTarget } from '../../src/abi/encoding.js';
import { runSequence, type SequenceHarness } from '../../src/fuzz/campaign/sequenceRunner.js';
import type { AbiValue, Call, TxSequence } from '../../src/abi/types.js';
import { DEFAULT_PANIC_CODES } from '../../src/abi/panic.js';
import { buildOracles } from '../../src/oracles/oracleSet.js';
import { isErc20Shaped } from '../../src/abi/tokenShape.js';
import { isTestHelper } from '../../src/oracles/testHelper.js';
import { REPO_ROOT } from '../helpers/repoRoot.js';

const FILES = [
  ...['LeakyBank.sol', 'Bank.sol', 'Token.sol', 'TokenSkipsAllowance.sol', 'TokenAllowanceWrap.sol', 'Killable.sol', 'Forwarder.sol'].map(
    (f) => `oracles/${f}`,
  ),
  ...['PullPayment.sol', 'PullPaymentOverdraw.sol', 'Treasury.sol', 'TreasuryTakeover.sol'].map((f) => `payments/${f}`),
];
const ALICE = 1;
const BOB = 2;
const ETHER = 10n ** 18n;
let contracts: Map<string, CompiledContract>;

beforeAll(async () => {
  const project = await compileProject({ root: REPO_ROOT, paths: FILES.map((f) => path.join('__fixtures__', f)) });
  contracts = new Map(project.contracts.map((c) => [c.name, c]));
});

async function harness(name: string): Promise<{ harness: SequenceHarness; call: (fn: string, args?: AbiValue[], sender?: number, value?: bigint) => Call }> {
  const contract = contracts.get(name)!;
  const executor = await Executor.create([{ name, file: contract.file, abi: contract.abi, creationCode: contract.creation.bytecode }]);
  const oracles = buildOracles(
    { contracts: [contract], deployments: executor.deployments, subject: 0 },
    { panicCodes: DEFAULT_PANIC_CODES, probe: 1n << 255n },
  );
  const call = (fn: string, args: AbiValue[] = [], sender = 0, value = 0n): Call => {
    const abi = contract.abi.find((item): item is AbiFunction => item.type === 'function' && item.name === fn)!;
    return { sender, to: 0, target: functionTarget(abi), args, value, blockDelay: 0, timeDelay: 0 };
  };
  return { harness: { executor, ...oracles }, call };
}

async function failure(h: SequenceHarness, sequence: TxSequence) {
  const run = await runSequence(h, sequence);
  return (
    run.failure && { kind: run.failure.failure.kind, index: run.failure.index, message: run.failure.failure.message, evidence: run.failure.failure.evidence }
  );
}

describe('ether-leak', () => {
  it('a sender withdrawing another sender’s deposit', async () => {
    const { harness: h, call } = await harness('LeakyBank');
    const address = h.executor.senderAddresses[BOB];
    const bank = h.executor.deployments[0].address;
    expect(await failure(h, [call('deposit', [], ALICE, 3n * ETHER), call('withdraw', [2n * ETHER], BOB)])).toEqual({
      kind: 'ether-leak',
      index: 1,
      message: `${address} took out 2 ether more than it sent in, paid by ${getAddress(bank)}`,
      evidence: { kind: 'ether-leak', sender: address, partners: [], gain: 2n * ETHER, payer: bank, payerName: 'LeakyBank' },
    });
  });

  it('silent on ether one sender gives another: a pull payment, an owner paying out', async () => {
    const pull = await harness('PullPayment');
    const alice = pull.harness.executor.senderAddresses[ALICE];
    // The deployer credits alice, or bob does: alice claims what was given to her.
    for (const payer of [0, BOB]) {
      expect(await failure(pull.harness, [pull.call('pay', [alice], payer, ETHER), pull.call('claim', [], ALICE)])).toBeUndefined();
    }
    const treasury = await harness('Treasury');
    const owner = [treasury.call('deposit', [], BOB, 2n * ETHER), treasury.call('sweep', [alice], 0)];
    expect(await failure(treasury.harness, owner)).toBeUndefined();
    // An owner the deployer named in its call sweeps to whom it chooses.
    const handedOver = [treasury.call('transferOwnership', [alice], 0), treasury.call('acceptOwnership', [], ALICE), ...owner.slice(0, 1)];
    expect(await failure(treasury.harness, [...handedOver, treasury.call('sweep', [alice], ALICE)])).toBeUndefined();
  });

  it('a sender taking ether paid for another, alone or with a partner it named', async () => {
    const { harness: h, call } = await harness('PullPaymentOverdraw');
    const [deployer, alice, bob] = h.executor.senderAddresses;
    const contract = h.executor.deployments[0].address;
    expect(await failure(h, [call('pay', [alice], 0, ETHER), call('claim', [ETHER], BOB)])).toMatchObject({
      kind: 'ether-leak',
      index: 1,
      evidence: { sender: bob, partners: [], gain: ETHER },
    });
    // Alice pays bob one ether, then bob takes five the deployer paid for itself: the two gained four together.
    const partners = [call('pay', [deployer], 0, 5n * ETHER), call('pay', [bob], ALICE, ETHER), call('claim', [6n * ETHER], BOB)];
    expect(await failure(h, partners)).toEqual({
      kind: 'ether-leak',
      index: 2,
      message: `${bob}, ${alice}, who named each other in their calls, together took out 5 ether more than they sent in, paid by ${getAddress(contract)}`,
      evidence: { kind: 'ether-leak', sender: bob, partners: [alice], gain: 5n * ETHER, payer: contract, payerName: 'PullPaymentOverdraw' },
    });
  });

  it('a sender that takes a treasury over and sweeps it', async () => {
    const { harness: h, call } = await harness('TreasuryTakeover');
    const alice = h.executor.senderAddresses[ALICE];
    const sequence = [call('deposit', [], BOB, 2n * ETHER), call('acceptOwnership', [], ALICE), call('sweep', [alice], ALICE)];
    expect(await failure(h, sequence)).toMatchObject({ kind: 'ether-leak', index: 2, evidence: { sender: alice, partners: [], gain: 2n * ETHER } });
  });

  it('silent when senders withdraw their own deposits, and for the deployer', async () => {
    const { harness: h, call } = await harness('LeakyBank');
    expect(await failure(h, [call('deposit', [], ALICE, ETHER), call('withdraw', [ETHER], ALICE)])).toBeUndefined();
    expect(await failure(h, [call('deposit', [], ALICE, ETHER), call('withdraw', [ETHER], 0)])).toBeUndefined();
    const bank = await harness('Bank');
    expect(await failure(bank.harness, [bank.call('deposit', [], ALICE, ETHER), bank.call('withdraw', [ETHER], BOB)])).toBeUndefined();
  });
});

describe('token-theft', () => {
  it('transferFrom beyond the allowance', async () => {
    const { harness: h, call } = await harness('TokenSkipsAllowance');
    const [deployer, alice, bob] = h.executor.senderAddresses;
    const sequence = [call('approve', [alice, 5n * ETHER]), call('transferFrom', [deployer, bob, 6n * ETHER], ALICE)];
    const token = h.executor.deployments[0].address;
    expect(await failure(h, sequence)).toEqual({
      kind: 'token-theft',
      index: 1,
      // No decimals(): amounts as integers, in the vocabulary's short form.
      message: `${getAddress(token)}: transferFrom moved 6e18 of ${deployer}'s balance in a transaction from ${alice}, with an allowance of 5e18`,
      evidence: {
        kind: 'token-theft',
        theft: 'balance',
        token,
        tokenName: 'TokenSkipsAllowance',
        holder: deployer,
        amount: 6n * ETHER,
        allowance: 5n * ETHER,
        transferFrom: true,
        sender: alice,
      },
    });
  });

  it('an allowance that rises in a transaction its owner did not send', async () => {
    const { harness: h, call } = await harness('TokenAllowanceWrap');
    const [deployer, alice, bob] = h.executor.senderAddresses;
    const token = h.executor.deployments[0].address;
    const wrapped = (1n << 256n) - 1n;
    expect(await failure(h, [call('transferFrom', [deployer, bob, 1n], ALICE)])).toEqual({
      kind: 'token-theft',
      index: 0,
      message: `${getAddress(token)}: allowance(${deployer}, ${alice}) rose from 0 to type(uint256).max in a transaction from ${alice}, not from the owner`,
      evidence: {
        kind: 'token-theft',
        theft: 'allowance',
        token,
        tokenName: 'TokenAllowanceWrap',
        owner: deployer,
        spender: alice,
        before: 0n,
        after: wrapped,
        sender: alice,
      },
    });
  });

  it('silent on spending within the allowance, own transfers and burns, and a contract spending its own tokens', async () => {
    const { harness: h, call } = await harness('Token');
    const [deployer, alice, bob] = h.executor.senderAddresses;
    expect(
      await failure(h, [
        call('approve', [alice, 5n * ETHER]),
        call('transferFrom', [deployer, bob, 5n * ETHER], ALICE),
        call('transfer', [alice, ETHER], BOB),
        call('burn', [ETHER], ALICE),
        call('approve', [bob, 2n], ALICE),
        call('transferFrom', [alice, bob, 2n], BOB),
      ]),
    ).toBeUndefined();
  });

  it('judges ERC-20-shaped contracts by ABI, and leaves test helpers out', () => {
    expect(isErc20Shaped(contracts.get('Token')!.abi)).toBe(true);
    expect(isErc20Shaped(contracts.get('Bank')!.abi)).toBe(false);
    expect(isTestHelper('src/MockToken.sol', 'MockToken')).toBe(true);
    expect(isTestHelper('test/utils/Token.sol', 'Token')).toBe(true);
    expect(isTestHelper('src/tests/Token.sol', 'Token')).toBe(true);
    expect(isTestHelper('test.sol', 'Token')).toBe(false);
    expect(isTestHelper('src/Token.sol', 'Token')).toBe(false);
  });
});

describe('unprotected-selfdestruct', () => {
  it('reported for a non-deployer, not for the deployer', async () => {
    const { harness: h, call } = await harness('Killable');
    const [killable, alice] = [h.executor.deployments[0].address, h.executor.senderAddresses[ALICE]];
    const found = await failure(h, [call('bump', [], ALICE), call('close', [], ALICE)]);
    expect(found).toMatchObject({ kind: 'unprotected-selfdestruct', index: 1 });
    // close() sends the balance to its caller.
    expect(found?.evidence).toEqual({ kind: 'unprotected-selfdestruct', contract: killable, beneficiary: alice.toLowerCase(), sender: alice });
    expect(found?.message).toBe(`SELFDESTRUCT of ${getAddress(killable)} executed by ${alice}, not the deployer (balance sent to ${alice})`);
    expect(await failure(h, [call('close', [], 0)])).toBeUndefined();
  });
});

describe('controlled-delegatecall', () => {
  it('reported when the target came from a non-deployer’s input', async () => {
    const { harness: h, call } = await harness('Forwarder');
    const [forwarder, alice, bob] = [h.executor.deployments[0].address, h.executor.senderAddresses[ALICE], h.executor.senderAddresses[BOB]];
    expect(await failure(h, [call('execute', [bob, '0x'], ALICE)])).toEqual({
      kind: 'controlled-delegatecall',
      index: 0,
      message: `DELEGATECALL from ${getAddress(forwarder)} to ${bob}, an address ${alice} passed in`,
      evidence: { kind: 'controlled-delegatecall', opcode: 'DELEGATECALL', from: forwarder, target: bob.toLowerCase(), sender: alice },
    });
  });

  it('silent for the deployer, and for targets that are deployed contracts', async () => {
    const { harness: h, call } = await harness('Forwarder');
    expect(await failure(h, [call('execute', [h.executor.senderAddresses[BOB], '0x'], 0)])).toBeUndefined();
    expect(await failure(h, [call('execute', [h.executor.deployments[0].address, '0x'], ALICE)])).toBeUndefined();
  });
});
