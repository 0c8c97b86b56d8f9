/**
 * The engine fixtures are the ground truth other stages are tested against, so this file checks
 * that each compiles to a deployable contract and that each documented bug sequence really fails on
 * a real EVM while the same sequence leaves its safe twin intact.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Common, Hardfork, Mainnet } from '@ethereumjs/common';
import { createEVM, type EVM } from '@ethereumjs/evm';
import { SimpleStateManager } from '@ethereumjs/statemanager';
import { type Address, createAccount, createAddressFromString } from '@ethereumjs/util';
import { bytesToHex, decodeFunctionResult, encodeFunctionData, type Abi, type Hex } from 'viem';
import { compileProject } from '../../src/compile/compile.js';
import type { CompiledContract, CompiledProject } from '../../src/compile/types.js';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../__fixtures__');
const engineFiles = readdirSync(path.join(fixtures, 'engine'))
  .filter((f) => f.endsWith('.sol'))
  .sort();

const SENDERS = ['0x1000000000000000000000000000000000000001', '0x1000000000000000000000000000000000000002', '0x1000000000000000000000000000000000000003'].map(
  createAddressFromString,
);
const ETHER = 10n ** 18n;

/** How a call ended, in the words of the oracles: a panic code, a revert reason, or success. */
type Ending = { kind: 'success'; returned: Hex } | { kind: 'panic'; code: number } | { kind: 'revert'; data: Hex };

const PANIC_SELECTOR = '0x4e487b71';

/** One contract deployed by the deployer on a fresh Prague EVM, called through its ABI. */
class Deployed {
  private constructor(
    private readonly evm: EVM,
    private readonly abi: Abi,
    private readonly address: Address,
  ) {}

  static async deploy(contract: CompiledContract): Promise<Deployed> {
    const common = new Common({ chain: Mainnet, hardfork: Hardfork.Prague });
    const stateManager = new SimpleStateManager();
    for (const sender of SENDERS) await stateManager.putAccount(sender, createAccount({ balance: 1_000_000n * ETHER }));
    const evm = await createEVM({ common, stateManager });
    const result = await evm.runCall({ caller: SENDERS[0], data: contract.creation.bytecode, gasLimit: 30_000_000n });
    if (result.execResult.exceptionError || !result.createdAddress) throw new Error(`${contract.name} did not deploy`);
    return new Deployed(evm, contract.abi, result.createdAddress);
  }

  async call(sender: number, functionName: string, args: readonly unknown[] = [], value = 0n): Promise<Ending> {
    const data = encodeFunctionData({ abi: this.abi, functionName, args });
    const result = await this.evm.runCall({
      caller: SENDERS[sender],
      to: this.address,
      data: Buffer.from(data.slice(2), 'hex'),
      value,
      gasLimit: 10_000_000n,
    });
    const returned = bytesToHex(result.execResult.returnValue);
    if (!result.execResult.exceptionError) return { kind: 'success', returned };
    if (returned.startsWith(PANIC_SELECTOR)) return { kind: 'panic', code: Number(BigInt(`0x${returned.slice(10)}`)) };
    return { kind: 'revert', data: returned };
  }

  async property(functionName: string): Promise<boolean> {
    const ending = await this.call(0, functionName);
    if (ending.kind !== 'success') throw new Error(`${functionName} did not return`);
    return decodeFunctionResult({ abi: this.abi, functionName, data: ending.returned }) as boolean;
  }
}

let project: CompiledProject;
beforeAll(async () => {
  project = await compileProject({ root: fixtures, paths: ['engine', 'bench'] });
});

function contract(name: string): CompiledContract {
  const found = project.contracts.find((c) => c.name === name);
  if (!found) throw new Error(`no contract ${name}`);
  return found;
}

describe('engine fixtures', () => {
  it.each(engineFiles)('%s declares one deployable contract named after the file, with a no-argument constructor', (file) => {
    const declared = project.contracts.filter((c) => c.file === `engine/${file}`);
    expect(declared.map((c) => [c.name, c.kind])).toEqual([[file.replace('.sol', ''), 'contract']]);
    const constructor = declared[0].abi.find((item) => item.type === 'constructor');
    expect(constructor === undefined || constructor.inputs.length === 0).toBe(true);
  });

  it.each(engineFiles)('%s has a header comment and a twin', (file) => {
    const source = readFileSync(path.join(fixtures, 'engine', file), 'utf8');
    const twin = file.endsWith('Safe.sol') ? file.replace('Safe.sol', '.sol') : file.replace('.sol', 'Safe.sol');
    expect(engineFiles).toContain(twin);
    expect(source).toMatch(file.endsWith('Safe.sol') ? `// Safe twin of ${twin}` : /\/\/ Bug: [\s\S]*?\b\d transactions?\b/);
  });

  it('compiles the benchmark token with its supply minted to the deployer', async () => {
    const token = await Deployed.deploy(contract('ERC20'));
    const transfer = await token.call(0, 'transfer', [SENDERS[1].toString(), 5n]);
    expect(transfer).toEqual({ kind: 'success', returned: `0x${'0'.repeat(63)}1` });
  });
});

describe('each bug sequence fails on the fixture and not on its twin', () => {
  it('StateMachine: set(0x1337), copy(), check() fails the assertion (panic 0x01)', async () => {
    for (const [name, last] of [
      ['StateMachine', { kind: 'panic', code: 0x01 }],
      ['StateMachineSafe', { kind: 'success', returned: '0x' }],
    ] as const) {
      const machine = await Deployed.deploy(contract(name));
      expect(await machine.call(1, 'set', [0x1337n])).toMatchObject({ kind: 'success' });
      expect(await machine.call(1, 'check')).toMatchObject({ kind: 'success' });
      expect(await machine.call(1, 'copy')).toMatchObject({ kind: 'success' });
      expect(await machine.call(1, 'check')).toEqual(last);
    }
  });

  it('Vault: deposit() of 1 ether then slot(4) panics with 0x32, and not before the deposit', async () => {
    for (const [name, last] of [
      ['Vault', { kind: 'panic', code: 0x32 }],
      ['VaultSafe', { kind: 'revert' }],
    ] as const) {
      const vault = await Deployed.deploy(contract(name));
      expect(await vault.call(1, 'slot', [4n])).toMatchObject({ kind: 'revert' });
      expect(await vault.call(1, 'deposit', [], ETHER - 1n)).toMatchObject({ kind: 'revert' });
      expect(await vault.call(1, 'deposit', [], ETHER)).toMatchObject({ kind: 'success' });
      expect(await vault.call(2, 'slot', [3n])).toMatchObject({ kind: 'success' });
      expect(await vault.call(2, 'slot', [4n])).toMatchObject(last);
    }
  });

  it('Guarded: armEmergency() then executeEmergency() by a non-deployer breaks the property', async () => {
    for (const [name, broken] of [
      ['Guarded', true],
      ['GuardedSafe', false],
    ] as const) {
      const guarded = await Deployed.deploy(contract(name));
      // The deployer alone cannot break it.
      await guarded.call(0, 'armEmergency');
      await guarded.call(0, 'executeEmergency');
      expect(await guarded.property('property_only_owner_executes_emergency')).toBe(true);
      await guarded.call(2, 'armEmergency');
      await guarded.call(2, 'executeEmergency');
      expect(await guarded.property('property_only_owner_executes_emergency')).toBe(!broken);
    }
  });

  it('Batch: 4 amounts with fewer than 4 recipients panics with 0x32', async () => {
    const payout = { feeRecipient: SENDERS[2].toString(), feeBps: 10 };
    const one = [SENDERS[1].toString()];
    for (const [name, last] of [
      ['Batch', { kind: 'panic', code: 0x32 }],
      ['BatchSafe', { kind: 'revert' }],
    ] as const) {
      const batch = await Deployed.deploy(contract(name));
      expect(await batch.call(1, 'distribute', [one, [1n, 2n, 3n], payout])).toMatchObject({ kind: 'revert' });
      expect(await batch.call(1, 'distribute', [one, [7n], payout])).toMatchObject({ kind: 'success' });
      expect(await batch.call(1, 'distribute', [[...one, ...one, ...one, ...one], [1n, 2n, 3n, 4n], payout])).toMatchObject({
        kind: 'success',
      });
      expect(await batch.call(1, 'distribute', [one, [1n, 2n, 3n, 4n], payout])).toMatchObject(last);
    }
  });
});
