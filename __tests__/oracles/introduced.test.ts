/**
 * "Introduced" asks every oracle: the base replay judges a finding's sequence with the same oracle
 * set as the campaign (`buildOracles`), the probe slot included, so a bug already on the base comes
 * back pre-existing whichever oracle found it.
 */
import path from 'node:path';
import { encodeAbiParameters, hexToBigInt, keccak256, type AbiFunction } from 'viem';
import { compileProject } from '../../src/compile/compile.js';
import type { CompiledContract } from '../../src/compile/types.js';
import { Executor } from '../../src/evm/executor.js';
import { functionTarget } from '../../src/abi/encoding.js';
import type { DeployedWorld } from '../../src/deploy/index.js';
import { failsOnBase } from '../../src/fuzz/findings/introduced.js';
import type { AbiValue, Call, TxSequence } from '../../src/abi/types.js';
import type { FailureSite } from '../../src/oracles/failure.js';
import { DEFAULT_PANIC_CODES } from '../../src/abi/panic.js';
import { REPO_ROOT } from '../helpers/repoRoot.js';

const PROBE = (1n << 255n) + 0x1234n;
const SETTINGS = { panicCodes: DEFAULT_PANIC_CODES, probe: PROBE };

async function contracts(dir: string, files: string[]): Promise<Map<string, CompiledContract>> {
  const project = await compileProject({ root: REPO_ROOT, paths: files.map((f) => path.join(dir, f)) });
  return new Map(project.contracts.map((c) => [c.name, c]));
}

/** A base world of one contract deployed under `id` (a base whose code differs from head's under the same name). */
async function baseWith(contract: CompiledContract, id = contract.id): Promise<DeployedWorld> {
  const executor = await Executor.create([{ name: contract.name, abi: contract.abi, creationCode: contract.creation.bytecode }]);
  return { executor, contracts: [{ ...contract, id }] };
}

function call(contract: CompiledContract, name: string, args: AbiValue[] = [], sender = 0): Call {
  const fn = contract.abi.find((item): item is AbiFunction => item.type === 'function' && item.name === name)!;
  return { sender, to: 0, target: functionTarget(fn), args, value: 0n, blockDelay: 0, timeDelay: 0 };
}

const found = (kind: FailureSite['kind']): FailureSite => ({ kind, panicCode: null, codeId: 0, pc: 0 });

describe('an arbitrary storage write that the base has too', () => {
  let wallet: CompiledContract;
  let safe: CompiledContract;
  let sequence: TxSequence;

  beforeAll(async () => {
    const harvey = await contracts('__fixtures__/harvey', ['BonusCodeWallet.sol', 'BonusCodeWalletSafe.sol']);
    wallet = harvey.get('BonusCodeWallet')!;
    safe = harvey.get('BonusCodeWalletSafe')!;
    // bonusCodes (slot 1) keeps its elements from keccak(1): this index wraps onto the probe slot.
    const elements = hexToBigInt(keccak256(encodeAbiParameters([{ type: 'uint256' }], [1n])));
    const index = (PROBE - elements + (1n << 256n)) % (1n << 256n);
    sequence = [call(wallet, 'PopCode'), call(wallet, 'SetCodeAt', [index, 1n], 2)];
  });

  it('fails on the base with the probe slot head used: pre-existing', async () => {
    expect(await failsOnBase(await baseWith(wallet), [wallet], wallet.id, sequence, found('arbitrary-storage-write'), SETTINGS)).toBe(true);
  });

  it('does not with another probe slot, which is why the campaign passes its own', async () => {
    const other = { ...SETTINGS, probe: PROBE + 1n };
    expect(await failsOnBase(await baseWith(wallet), [wallet], wallet.id, sequence, found('arbitrary-storage-write'), other)).toBe(false);
  });

  it('does not when the base is the fixed wallet: introduced', async () => {
    const fixed = await baseWith(safe, wallet.id);
    expect(await failsOnBase(fixed, [wallet], wallet.id, sequence, found('arbitrary-storage-write'), SETTINGS)).toBe(false);
  });
});

describe('the new oracles decide introduced the same way', () => {
  let oracles: Map<string, CompiledContract>;

  beforeAll(async () => {
    oracles = await contracts('__fixtures__/oracles', ['Killable.sol', 'KillableSafe.sol', 'LeakyBank.sol', 'Bank.sol']);
  });

  it('an unprotected selfdestruct on the base too is pre-existing; behind the owner check on the base, introduced', async () => {
    const head = oracles.get('Killable')!;
    const sequence = [call(head, 'close', [], 1)];
    expect(await failsOnBase(await baseWith(head), [head], head.id, sequence, found('unprotected-selfdestruct'), SETTINGS)).toBe(true);
    const fixed = await baseWith(oracles.get('KillableSafe')!, head.id);
    expect(await failsOnBase(fixed, [head], head.id, sequence, found('unprotected-selfdestruct'), SETTINGS)).toBe(false);
  });

  it('an ether leak on the base too is pre-existing; with the balance check on the base, introduced', async () => {
    const head = oracles.get('LeakyBank')!;
    const sequence = [{ ...call(head, 'deposit'), value: 10n ** 18n }, call(head, 'withdraw', [10n ** 18n], 2)];
    expect(await failsOnBase(await baseWith(head), [head], head.id, sequence, found('ether-leak'), SETTINGS)).toBe(true);
    const fixed = await baseWith(oracles.get('Bank')!, head.id);
    expect(await failsOnBase(fixed, [head], head.id, sequence, found('ether-leak'), SETTINGS)).toBe(false);
  });
});

describe('a failure behind another on the base', () => {
  it("a broken property is pre-existing though the base's run shows an ether leak first (the funded contract pays the caller)", async () => {
    const head = (await contracts('__fixtures__/engine', ['Guarded.sol'])).get('Guarded')!;
    // The deployer pays in, then alice arms and executes: the leak is seen at the same call as the broken property.
    const sequence = [
      { sender: 0, to: 0, target: { kind: 'receive' as const }, args: [], value: 10n ** 18n, blockDelay: 0, timeDelay: 0 },
      call(head, 'armEmergency', [], 1),
      call(head, 'executeEmergency', [], 1),
    ];
    const broken: FailureSite = { ...found('property'), property: 'property_only_owner_executes_emergency' };
    expect(await failsOnBase(await baseWith(head), [head], head.id, sequence, found('ether-leak'), SETTINGS)).toBe(true);
    expect(await failsOnBase(await baseWith(head), [head], head.id, sequence, broken, SETTINGS)).toBe(true);
    expect(await failsOnBase(await baseWith(head), [head], head.id, sequence, found('reentrancy'), SETTINGS)).toBe(false);
  });
});
