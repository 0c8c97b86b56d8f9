import path from 'node:path';
import { compileProject } from '../../../src/compile/compile.js';
import type { CompiledContract } from '../../../src/compile/types.js';
import { emptyProjectConfig, SENDER_NAMES } from '../../../src/config/projectConfig.js';
import { deployProject } from '../../../src/run/worlds.js';
import { callTargets } from '../../../src/abi/encoding.js';
import { Dictionary } from '../../../src/fuzz/inputs/dictionary.js';
import { Rng } from '../../../src/rng.js';
import type { AbiValue, Call, CallTarget, TxSequence } from '../../../src/abi/types.js';
import { generateCall, type ValueContext } from '../../../src/fuzz/inputs/values.js';
import type { DeployedWorld } from '../../../src/deploy/index.js';

export const ETHER = 10n ** 18n;
const FIXTURES = path.resolve('__fixtures__/behaviour');

/** A fixture case's base and head, each compiled with real solc and deployed by the same plan (seed 1). */
export async function deployRevisions(fixture: string, wanted: readonly string[]): Promise<{ base: DeployedWorld; head: DeployedWorld }> {
  const deploy = async (side: 'base' | 'head'): Promise<DeployedWorld> => {
    const project = await compileProject({ root: path.join(FIXTURES, fixture, side), paths: ['.'] });
    const contracts = project.contracts.filter((c) => wanted.includes(c.name));
    const world = await deployProject(project, contracts, emptyProjectConfig(), 1);
    if (world.skipped.length > 0) throw new Error(`${fixture}/${side}: ${world.skipped.map((s) => s.reason).join('; ')}`);
    return { executor: world.executor, contracts: world.deployed.map((d) => d.contract) };
  };
  return { base: await deploy('base'), head: await deploy('head') };
}

export type Account = (typeof SENDER_NAMES)[number] | string;

/** A sender's or a deployed contract's address, by name. */
export function addressOf(world: DeployedWorld, account: Account): string {
  const sender = SENDER_NAMES.indexOf(account as (typeof SENDER_NAMES)[number]);
  if (sender >= 0) return world.executor.senderAddresses[sender].toLowerCase();
  return world.executor.deployments[indexOf(world, account)].address.toLowerCase();
}

/** A call on `world`'s deployment of `contract`; address arguments may be account names. */
export function call(
  world: DeployedWorld,
  contract: string,
  fn: string,
  args: (AbiValue | Account)[] = [],
  options: { sender?: Account; value?: bigint } = {},
): Call {
  const to = indexOf(world, contract);
  const target = callTargets(world.contracts[to].abi).find((t) => t.kind === 'function' && t.fn.name === fn);
  if (target?.kind !== 'function') throw new Error(`${contract} has no function ${fn}`);
  const resolved = args.map((arg, i) => (target.fn.inputs[i].type === 'address' ? addressOf(world, arg as string) : arg));
  const sender = SENDER_NAMES.indexOf((options.sender ?? 'deployer') as (typeof SENDER_NAMES)[number]);
  return { sender, to, target, args: resolved as AbiValue[], value: options.value ?? 0n, blockDelay: 0, timeDelay: 0 };
}

/** Random sequences of 1–6 calls to every deployed contract, from the fuzzer's own value generation. */
export function randomSequences(world: DeployedWorld, count: number, seed: number): TxSequence[] {
  const ctx: ValueContext = {
    rng: new Rng(seed).fork('behaviour'),
    dictionary: new Dictionary(),
    addresses: [...world.executor.senderAddresses, ...world.executor.deployments.map((d) => d.address), `0x${'0'.repeat(40)}`].map((a) => a.toLowerCase()),
    senders: world.executor.senderAddresses.length,
    maxValue: 10n * ETHER,
  };
  for (const deployment of world.executor.deployments) ctx.dictionary.mineBytecode(deployment.code);
  // As the campaign does, public variables' getters are left out: they only spend calls.
  const isGetter = (t: CallTarget, c: CompiledContract) =>
    t.kind === 'function' && t.fn.stateMutability === 'view' && c.storageLayout.some((v) => v.label === t.fn.name);
  const targets = world.contracts.map((c) => callTargets(c.abi).filter((t) => !isGetter(t, c)));
  return Array.from({ length: count }, () => Array.from({ length: ctx.rng.range(1, 6) }, () => generateCall(targets, ctx)));
}

function indexOf(world: DeployedWorld, contract: string): number {
  const index = world.contracts.findIndex((c) => c.name === contract);
  if (index < 0) throw new Error(`${contract} is not deployed`);
  return index;
}
