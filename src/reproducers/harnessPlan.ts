import { getContractAddress } from 'viem';
import type { CompiledProject } from '../compile/index.js';
import { SENDER_BALANCE } from '../evm/index.js';
import { FORGE_START } from '../foundryTests/index.js';
import type { CampaignWorld, HarnessSetup } from '../fuzz/index.js';
import type { PlannedDeployment, ReproducerPlan } from './source/types.js';
import type { WorldPlan } from './plan.js';

/** `createdBy` encodes a one-byte nonce: a harness's constructor creating more contracts than that is not followed. */
const MAX_NONCE = 127;

/**
 * What a reproducer of an Echidna/Medusa harness campaign starts from: the harness deployed as
 * Echidna and Medusa deploy it — `new` from the configured deployer, with the configured balance, so
 * its constructor (the harness's setup) runs as theirs did — and the contracts that constructor
 * created, found at the addresses the harness's nonces give them. The reproducer does not inherit the
 * harness as Chimera's CryticToFoundry does: a `vm.prank` before a handler called internally would
 * apply to the handler's own first call, so the system would see the sender where Echidna's saw the
 * harness. Called on the deployed harness, each handler runs as the configured sender calls it.
 */
export function harnessPlan(world: CampaignWorld, setup: HarnessSetup, build: CompiledProject, named: ReproducerPlan['senders']): WorldPlan {
  const { executor } = world;
  const senders = executor.deployerAddresses.map((address, i) => ({
    name: named.find((s) => s.address.toLowerCase() === address.toLowerCase())?.name ?? `sender${i}`,
    address,
  }));
  const harness = world.contracts[0];
  const tester: PlannedDeployment = {
    contract: harness.name,
    file: harness.file,
    address: executor.deployments[0].address,
    params: [],
    abi: harness.abi,
    args: [],
    value: setup.balance,
    deployer: setup.deployer,
    how: { kind: 'new' },
  };
  const deployments = [tester];
  for (const [i, contract] of world.contracts.entries()) {
    // Code the constructor etched that Lookout did not compile has no file; a CREATE2 address no nonce gives is left to its literal.
    if (i === 0 || contract.file === '' || contract.kind === 'library') continue;
    const { address } = executor.deployments[i];
    const how = creation(address, deployments);
    if (how !== undefined)
      deployments.push({
        contract: contract.name,
        file: contract.file,
        address,
        params: [],
        abi: contract.abi,
        args: [],
        value: 0n,
        deployer: how.creator,
        how,
      });
  }
  return {
    senders,
    senderBalance: SENDER_BALANCE,
    // The harness session opens the chain where forge does; its delays are relative to where the constructor left it.
    start: { block: FORGE_START.number, timestamp: FORGE_START.timestamp },
    deployments,
    funding: [],
    typeFiles: new Map(build.contracts.map((c) => [c.name, c.file])),
    forgeStd: false,
  };
}

/** Which earlier deployment created `address`, with which nonce (a contract's first creation has nonce 1, EIP-161). */
function creation(address: string, earlier: readonly PlannedDeployment[]): { kind: 'created'; creator: string; nonce: number } | undefined {
  for (const { address: creator } of earlier) {
    for (let nonce = 1; nonce <= MAX_NONCE; nonce++) {
      if (getContractAddress({ from: creator as `0x${string}`, nonce: BigInt(nonce) }).toLowerCase() === address.toLowerCase())
        return { kind: 'created', creator, nonce };
    }
  }
  return undefined;
}
