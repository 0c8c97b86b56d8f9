import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bytesToHex, decodeFunctionResult, encodeFunctionData, hexToBytes, type Abi } from 'viem';
import { compileProject } from '../../src/compile/compile.js';
import type { CompiledProject, ContractId } from '../../src/compile/types.js';
import { emptyProjectConfig, parseProjectConfig } from '../../src/config/projectConfig.js';
import { deployWorld } from '../../src/deploy/deployWorld.js';
import type { DeployedContract, DeployedProject } from '../../src/deploy/types.js';
import { ConfigurationError } from '../../src/errors.js';
import { SENDER_ADDRESSES } from '../../src/config/chainConfig.js';
import { Rng } from '../../src/rng.js';

const FIXTURE = path.resolve('__fixtures__/deploy/world');
const ETHER = 10n ** 18n;

let project: CompiledProject;
let dir: string;

beforeAll(async () => {
  project = await compileProject({ root: FIXTURE, paths: ['src'] });
  dir = mkdtempSync(path.join(os.tmpdir(), 'lookout-deploy-'));
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const concrete = (): ContractId[] => project.contracts.filter((c) => c.kind === 'contract').map((c) => c.id);

function world(wanted: readonly ContractId[], toml = '', seed = 1): Promise<DeployedProject> {
  const config = toml === '' ? emptyProjectConfig() : parseProjectConfig(toml, path.join(dir, 'lookout.toml'));
  return deployWorld({ contracts: project.contracts, wanted, config, rng: new Rng(seed) });
}

function deployed(w: DeployedProject, id: string): DeployedContract {
  const found = w.deployed.find((d) => d.contract.id === id);
  if (found === undefined) throw new Error(`${id} not deployed; skipped: ${JSON.stringify(w.skipped.map((s) => [s.contract.id, s.reason]))}`);
  return found;
}

function skipReason(w: DeployedProject, id: string): string | undefined {
  return w.skipped.find((s) => s.contract.id === id)?.reason;
}

async function read(w: DeployedProject, d: DeployedContract, functionName: string, args: unknown[] = []): Promise<unknown> {
  const abi: Abi = d.contract.abi;
  const data = hexToBytes(encodeFunctionData({ abi, functionName, args } as Parameters<typeof encodeFunctionData>[0]));
  const { success, returnData } = await w.executor.view(d.index, data);
  expect(success).toBe(true);
  return decodeFunctionResult({ abi, functionName, data: bytesToHex(returnData) } as Parameters<typeof decodeFunctionResult>[0]);
}

describe('deployWorld with synthesised arguments', () => {
  let w: DeployedProject;
  beforeAll(async () => {
    w = await world(concrete());
  });

  it('keeps deployments in executor order, one chain state, snapshotted', () => {
    expect(w.deployed.map((d) => d.index)).toEqual(w.deployed.map((_, i) => i));
    expect(w.executor.deployments.map((d) => `${d.file}:${d.name}`)).toEqual(w.deployed.map((d) => d.contract.id));
    expect(w.deployed.map((d) => d.address)).toEqual(w.executor.deployments.map((d) => d.address));
    expect(() => w.executor.reset()).not.toThrow();
  });

  it('deploys a MockERC20(string,string,uint8) with 18 decimals first and passes it to the ERC20-typed Vault', async () => {
    const token = deployed(w, 'src/token/MockERC20.sol:MockERC20');
    const vault = deployed(w, 'src/Vault.sol:Vault');
    expect(token.args).toEqual(['Token', 'TKN', '18']);
    expect(token.index).toBeLessThan(vault.index);
    expect(vault.args[0]).toBe(token.address);
    expect(vault.dependencies).toContain(token.index);
    expect(vault.from).toBe('synthesised');
    expect(String(await read(w, vault, 'asset')).toLowerCase()).toBe(token.address);
    expect(await read(w, token, 'decimals')).toBe(18);
  });

  it('gives an owner address the deployer', async () => {
    const vault = deployed(w, 'src/Vault.sol:Vault');
    expect(vault.args[1]).toBe(SENDER_ADDRESSES[0]);
    expect(vault.deployer).toBe(SENDER_ADDRESSES[0]);
  });

  it('passes an interface parameter a contract implementing its functions without inheriting it', () => {
    const feed = deployed(w, 'src/Oracle.sol:Feed');
    expect(deployed(w, 'src/Oracle.sol:Consumer').args).toEqual([feed.address]);
  });

  it('deploys external libraries (one linking the other) and links them', async () => {
    const inner = deployed(w, 'src/MathLib.sol:Inner');
    const outer = deployed(w, 'src/MathLib.sol:Outer');
    const calculator = deployed(w, 'src/MathLib.sol:Calculator');
    expect(outer.dependencies).toEqual([inner.index]);
    expect(calculator.dependencies).toEqual([outer.index]);
    expect(await read(w, calculator, 'run', [5n])).toBe(11n);
  });

  it('tries another choice when the first reverts, and value for a payable constructor', async () => {
    const window = deployed(w, 'src/Choices.sol:Window');
    const [start, end] = window.args.map((a) => BigInt(a as string));
    expect(end).toBeGreaterThan(start);
    const funded = deployed(w, 'src/Choices.sol:Funded');
    expect(funded.value).toBe(ETHER);
    expect(w.executor.balanceOf(funded.address)).toBe(ETHER);
  });

  it('skips a constructor that always reverts with its decoded reason, and a dependency cycle', () => {
    expect(skipReason(w, 'src/Choices.sol:Stubborn')).toMatch(/reverted with Error\("never deploys"\) for each of the 4 argument choices tried/);
    expect(skipReason(w, 'src/Choices.sol:Chicken')).toMatch(/dependency cycle Chicken → Egg → Chicken/);
    expect(skipReason(w, 'src/Choices.sol:Egg')).toMatch(/needs a deployed Chicken/);
    expect(w.deployed).toHaveLength(11);
  });

  it('deploys two contracts named C from different files', async () => {
    const a = deployed(w, 'src/a/C.sol:C');
    const b = deployed(w, 'src/b/C.sol:C');
    expect(a.address).not.toBe(b.address);
    expect(await read(w, a, 'fromA')).toBe(1n);
    expect(await read(w, b, 'fromB')).toBe(2n);
  });

  it('builds the same world from the same seed', async () => {
    const again = await world(concrete());
    const summary = (x: DeployedProject) => x.deployed.map((d) => [d.contract.id, d.address, d.args, d.value]);
    expect(summary(again)).toEqual(summary(w));
    expect(again.skipped).toEqual(w.skipped);
  });
});

describe('deployWorld with lookout.toml', () => {
  const TOML = `
skip = ["Stubborn"]
deploy = ["Feed"]

[contracts.Vault]
args = [{ contract = "MockERC20" }, { sender = "alice" }]
deployer = "bob"

[contracts.MockERC20]
args = ["Pinned", "PIN", 18]

[contracts.Funded]
value = "2 ether"

[contracts."src/b/C.sol:C"]
deploy = false
`;
  let w: DeployedProject;
  beforeAll(async () => {
    w = await world(['src/Vault.sol:Vault', 'src/Choices.sol:Funded', 'src/Choices.sol:Stubborn', 'src/a/C.sol:C', 'src/b/C.sol:C'], TOML);
  });

  it('deploys the configured contracts first, with pinned arguments, references, deployer and value', async () => {
    expect(w.deployed[0].contract.id).toBe('src/Oracle.sol:Feed');
    const token = deployed(w, 'src/token/MockERC20.sol:MockERC20');
    const vault = deployed(w, 'src/Vault.sol:Vault');
    expect(token).toMatchObject({ args: ['Pinned', 'PIN', '18'], from: 'config' });
    expect(vault).toMatchObject({ args: [token.address, SENDER_ADDRESSES[1]], from: 'config', deployer: SENDER_ADDRESSES[2] });
    expect(await read(w, token, 'name')).toBe('Pinned');
    expect(String(await read(w, vault, 'owner')).toLowerCase()).toBe(SENDER_ADDRESSES[1]);
    const funded = deployed(w, 'src/Choices.sol:Funded');
    expect(funded.value).toBe(2n * ETHER);
    expect(w.executor.balanceOf(funded.address)).toBe(2n * ETHER);
  });

  it('skips what the configuration skips, naming the key', () => {
    expect(skipReason(w, 'src/Choices.sol:Stubborn')).toMatch(/skipped by .*lookout\.toml \(`skip\[0\]`\)/);
    expect(skipReason(w, 'src/b/C.sol:C')).toMatch(/`contracts\."src\/b\/C\.sol:C"`/);
    deployed(w, 'src/a/C.sol:C');
  });

  it('skips the contracts whose library cannot be deployed, and deploys the rest', async () => {
    const linked = await world(['src/MathLib.sol:Calculator', 'src/a/C.sol:C'], 'skip = ["Inner"]');
    expect(skipReason(linked, 'src/MathLib.sol:Outer')).toMatch(/needs library Inner, which could not be deployed: skipped by/);
    expect(skipReason(linked, 'src/MathLib.sol:Calculator')).toMatch(/needs library Outer/);
    expect(linked.deployed.map((d) => d.contract.id)).toEqual(['src/a/C.sol:C']);
  });

  it('skips a contract whose pinned arguments revert', async () => {
    const reverted = await world(['src/Choices.sol:Window'], '[contracts.Window]\nargs = [5, 5]');
    expect(skipReason(reverted, 'src/Choices.sol:Window')).toMatch(/reverted with Error\("empty window"\) with the arguments from/);
  });

  it.each([
    ['an unknown contract', '[contracts.Nope]', /`contracts\.Nope` names Nope, which is not a contract of this build/],
    ['an ambiguous name', '[contracts.C]\ndeploy = false', /`contracts\.C` names C, declared in src\/a\/C\.sol and src\/b\/C\.sol: write "src\/a\/C\.sol:C"/],
    [
      'an unknown reference',
      '[contracts.Vault]\nargs = [{ contract = "Nope" }, { sender = "bob" }]',
      /`contracts\.Vault\.args\[0\]` names Nope, which is not a contract/,
    ],
    ['an interface to deploy', 'deploy = ["IOracle"]', /`deploy\[0\]` names IOracle, which is an interface/],
    [
      'the wrong number of arguments',
      '[contracts.Vault]\nargs = [{ contract = "MockERC20" }]',
      /`contracts\.Vault\.args` has 1 argument\(s\) but the constructor takes 2: \(contract ERC20 asset_, address owner_\)/,
    ],
    [
      'a wrong type',
      '[contracts.Vault]\nargs = [{ contract = "MockERC20" }, 7]',
      /`contracts\.Vault\.args\[1\]` must be a 0x-address, \{ contract = "Name" \} or \{ sender = "alice" \} for address owner_/,
    ],
    ['an integer out of range', '[contracts.MockERC20]\nargs = ["A", "B", 300]', /`contracts\.MockERC20\.args\[2\]` does not fit uint8 decimals_/],
    ['a reference where a number goes', '[contracts.Window]\nargs = [{ sender = "bob" }, 1]', /`contracts\.Window\.args\[0\]` must be an integer/],
    ['deploy and skip at once', 'deploy = ["Feed"]\nskip = ["Feed"]', /`deploy\[0\]` names Feed, which `skip\[0\]` skips/],
    [
      'one contract configured twice',
      '[contracts.Feed]\n[contracts."src/Oracle.sol:Feed"]',
      /configures src\/Oracle\.sol:Feed again \(also `contracts\.Feed`\)/,
    ],
  ])('rejects %s with a message naming the key and the file', async (_, toml, message) => {
    const attempt = world(['src/a/C.sol:C'], toml);
    await expect(attempt).rejects.toThrow(ConfigurationError);
    await expect(world(['src/a/C.sol:C'], toml)).rejects.toThrow(message);
    await expect(world(['src/a/C.sol:C'], toml)).rejects.toThrow(path.join(dir, 'lookout.toml'));
  });
});

describe('deployWorld when a constructor runs out of gas', () => {
  // Issue 28, item 8: "a contract whose deployment runs out of gas is reported as 'exceeds maximum code size'".
  let heavy: CompiledProject;
  beforeAll(async () => {
    heavy = await compileProject({ root: path.resolve('__fixtures__/deploy/gas'), paths: ['src'] });
  });

  function deployHeavy(toml: string): Promise<DeployedProject> {
    const config = toml === '' ? emptyProjectConfig() : parseProjectConfig(toml, path.join(dir, 'lookout.toml'));
    return deployWorld({
      contracts: heavy.contracts,
      wanted: heavy.contracts.map((c) => c.id),
      config,
      rng: new Rng(1),
      executor: { gasLimit: config.chain.gasLimit },
    });
  }

  it.each(['SlowConstructor', 'LargeCode'])('says %s ran out of gas, and that gas-limit gives a deployment more', async (name) => {
    const reason = skipReason(await deployHeavy(''), `src/Heavy.sol:${name}`);
    expect(reason).toBe(
      'its constructor ran out of gas (30,000,000 gas for its run and 200 gas a byte of the code it deposits); ' +
        'raise `gas-limit` in lookout.toml (a deployment gets the larger of it and 30,000,000 gas)',
    );
  });

  it('deploys both with a gas limit above what they need', async () => {
    const w = await deployHeavy('gas-limit = 60000000');
    expect(w.skipped).toEqual([]);
    expect(w.deployed.map((d) => d.contract.name).sort()).toEqual(['LargeCode', 'SlowConstructor']);
  });
});
