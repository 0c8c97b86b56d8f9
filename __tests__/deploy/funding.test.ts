/**
 * Campaigns start from a funded state: after deployment every sender holds each ERC-20-shaped
 * contract (minted, wrapped or handed a share by the deployer), and every other contract that takes
 * plain ether holds some of the deployer's, through real transactions whose accounting (supply,
 * backing ether) stays consistent. Nothing is approved.
 */
import path from 'node:path';
import { bytesToHex, decodeFunctionResult, encodeFunctionData, hexToBytes, parseAbi } from 'viem';
import { compileProject } from '../../src/compile/compile.js';
import { emptyProjectConfig } from '../../src/config/projectConfig.js';
import { FUNDED_CONTRACT_WEI, FUNDED_TOKENS, FUNDED_WEI, VAULT_DONATION } from '../../src/deploy/funding.js';
import { ATTACKER_FILE } from '../../src/evm/attacker.js';
import type { DeployedProject } from '../../src/deploy/types.js';
import { deployProject } from '../../src/run/worlds.js';
import { SENDER_BALANCE } from '../../src/evm/executor.js';
import { SENDER_ADDRESSES } from '../../src/config/chainConfig.js';

const ETHER = 10n ** 18n;
const ERC20 = parseAbi([
  'function balanceOf(address) view returns (uint256)',
  'function totalSupply() view returns (uint256)',
  'function allowance(address, address) view returns (uint256)',
]);

async function deploy(dir: string, file: string, names: string[]): Promise<DeployedProject> {
  const project = await compileProject({ root: path.resolve(dir), paths: [file] });
  const world = await deployProject(
    project,
    project.contracts.filter((c) => names.includes(c.name)),
    emptyProjectConfig(),
    1,
  );
  expect(world.skipped).toEqual([]);
  return world;
}

async function read(
  world: DeployedProject,
  name: string,
  functionName: 'balanceOf' | 'totalSupply' | 'allowance',
  args: readonly string[] = [],
): Promise<bigint> {
  const index = world.deployed.find((d) => d.contract.name === name)!.index;
  const data = hexToBytes(encodeFunctionData({ abi: ERC20, functionName, args } as Parameters<typeof encodeFunctionData>[0]));
  const { success, returnData } = await world.executor.view(index, data);
  expect(success).toBe(true);
  return decodeFunctionResult({ abi: ERC20, functionName, data: bytesToHex(returnData) }) as bigint;
}

const via = (world: DeployedProject) => world.funding.map((f) => [world.deployed[f.token].contract.name, f.holder, f.via, f.amount]);

it("mints each sender a token with a public mint, from the deployer; a vault's shares come from deposits, and it holds a donation of its asset", async () => {
  const world = await deploy('__fixtures__/behaviour/vault-rounding/head', '.', ['ShareVault']);
  const vault = world.deployed.find((d) => d.contract.name === 'ShareVault')!.address;
  expect(via(world)).toEqual([
    ...SENDER_ADDRESSES.map((holder) => ['MockToken', holder, 'mint', FUNDED_TOKENS]),
    ['MockToken', vault, 'donation', VAULT_DONATION],
  ]);
  expect(await read(world, 'MockToken', 'totalSupply')).toBe(3n * FUNDED_TOKENS);
  expect(await read(world, 'MockToken', 'balanceOf', [SENDER_ADDRESSES[2]])).toBe(FUNDED_TOKENS - VAULT_DONATION);
  expect(await read(world, 'ShareVault', 'totalSupply')).toBe(0n);
  for (const holder of SENDER_ADDRESSES) {
    expect(await read(world, 'ShareVault', 'balanceOf', [holder])).toBe(0n);
    expect(await read(world, 'MockToken', 'allowance', [holder, vault])).toBe(0n);
  }
});

it('hands every other sender a share of what the deployer holds when there is no public mint', async () => {
  const world = await deploy('__fixtures__/oracles', 'Token.sol', ['Token']);
  const supply = 1_000_000n * ETHER;
  const [deployer, alice, bob] = SENDER_ADDRESSES;
  expect(via(world)).toEqual([
    ['Token', alice, 'transfer', supply / 3n],
    ['Token', bob, 'transfer', (supply - supply / 3n) / 3n],
  ]);
  expect(await read(world, 'Token', 'balanceOf', [deployer])).toBeGreaterThanOrEqual(supply / 3n);
  expect(await read(world, 'Token', 'totalSupply')).toBe(supply);
  // Every sequence starts from the funded state: reset() returns to it, not to before the transfers.
  world.executor.reset();
  expect(await read(world, 'Token', 'balanceOf', [bob])).toBe((supply - supply / 3n) / 3n);
});

it('wraps ether for each sender but the deployer in a token with a payable deposit(), backed by that ether', async () => {
  const world = await deploy('__fixtures__/oracles', 'WrappedEther.sol', ['WrappedEther']);
  // Not the deployer: wrapped ether it gave a sender would come out of withdraw as that sender's gain.
  const [deployer, ...others] = SENDER_ADDRESSES;
  expect(via(world)).toEqual(others.map((holder) => ['WrappedEther', holder, 'deposit', FUNDED_WEI]));
  const token = world.deployed.find((d) => d.contract.name === 'WrappedEther')!.address;
  expect(world.executor.balanceOf(token)).toBe(2n * FUNDED_WEI);
  expect(world.executor.balanceOf(deployer)).toBe(SENDER_BALANCE);
  for (const holder of others) {
    expect(world.executor.balanceOf(holder)).toBe(SENDER_BALANCE - FUNDED_WEI);
    expect(world.executor.openingBalance(holder)).toBe(SENDER_BALANCE);
  }
});

it("sends the deployer's ether to a contract that takes plain ether, but not to Lookout's attacker nor to a contract without receive()", async () => {
  const world = await deploy('__fixtures__/engine', 'Guarded.sol', ['Guarded']);
  const guarded = world.deployed.find((d) => d.contract.name === 'Guarded')!.address;
  expect(via(world)).toEqual([['Guarded', guarded, 'ether', FUNDED_CONTRACT_WEI]]);
  expect(world.executor.balanceOf(guarded)).toBe(FUNDED_CONTRACT_WEI);
  expect(world.executor.balanceOf(SENDER_ADDRESSES[0])).toBe(SENDER_BALANCE - FUNDED_CONTRACT_WEI);
  // The attacker takes ether too (it is paid out in attacks), and is deployed here since Guarded calls out.
  const attacker = world.deployed.find((d) => d.contract.file === ATTACKER_FILE);
  expect(attacker).toBeDefined();
  expect(world.executor.balanceOf(attacker!.address)).toBe(0n);
  const vault = await deploy('__fixtures__/engine', 'Vault.sol', ['Vault']);
  expect(vault.funding).toEqual([]);
});
