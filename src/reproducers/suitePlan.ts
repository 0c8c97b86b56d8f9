import type { CompiledProject } from '../compile/index.js';
import { FORGE_INITIAL_BALANCE, FORGE_SENDER, FORGE_START } from '../foundryTests/index.js';
import type { CampaignWorld } from '../fuzz/index.js';
import type { PlannedDeployment, ReproducerPlan } from './source/types.js';
import { harnessPlan } from './harnessPlan.js';
import { suiteScope } from './suiteScope.js';
import type { WorldPlan } from './plan.js';

const ADDRESS_MASK = (1n << 160n) - 1n;

/** A name Solidity takes as an identifier (a label like `alice`, not `Alice's wallet`). */
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * What a reproducer of a test contract's campaign starts from: the test contract (inherited, so its
 * setUp() deploys everything at the addresses the campaign saw), the contracts setUp() deployed,
 * named by what the sequence calls them, and the campaign's senders — by their `vm.label`, else by
 * the report's name for them (`alice`), forge's default sender as `defaultSender`. An Echidna/Medusa
 * harness's campaign is not inherited but deployed, as those fuzzers deploy it (harnessPlan.ts).
 */
export function suitePlan(
  world: CampaignWorld,
  harness: { file: string; contract: string },
  build: CompiledProject,
  named: ReproducerPlan['senders'],
): WorldPlan {
  const { recipe } = world;
  if (recipe?.kind === 'suite' && recipe.mode === 'harness' && recipe.harness) return harnessPlan(world, recipe.harness, build, named);
  const { executor } = world;
  const labels = executor.cheatcodes?.state.labels;
  const senders = executor.senderAddresses.map((address, i) => {
    const label = labels?.get(address);
    const name =
      label !== undefined && IDENTIFIER.test(label)
        ? label
        : (named.find((s) => s.address.toLowerCase() === address.toLowerCase())?.name ??
          (address.toLowerCase() === FORGE_SENDER ? 'defaultSender' : `sender${i}`));
    return { name, address };
  });
  const test = world.contracts[0];
  const scope = suiteScope(build, test);
  const variables = addressVariables(world, scope.inheritedVariables);
  // Deployment 0 is the test contract itself; code setUp() etched that Lookout did not compile has no file.
  const deployments = world.contracts.flatMap((contract, i): PlannedDeployment[] => {
    if (i === 0 || contract.file === '' || contract.kind === 'library') return [];
    const { address } = executor.deployments[i];
    return [
      {
        contract: contract.name,
        file: contract.file,
        address,
        params: [],
        abi: contract.abi,
        args: [],
        value: 0n,
        deployer: executor.deployments[0].address,
        how: { kind: 'new' },
        variable: variables.get(address.toLowerCase()),
      },
    ];
  });
  return {
    senders,
    senderBalance: FORGE_INITIAL_BALANCE,
    // setUp() ran from forge's start, in the campaign as under forge: the sequence's delays are relative to where it left the chain.
    start: { block: FORGE_START.number, timestamp: FORGE_START.timestamp },
    deployments,
    funding: [],
    typeFiles: new Map(build.contracts.map((c) => [c.name, c.file])),
    forgeStd: false,
    harness: { file: harness.file, contract: harness.contract, abi: test.abi, declaresVm: scope.declaresVm, externalFunctions: scope.externalFunctions },
  };
}

/**
 * The test contract's readable state variables holding an address or a contract, by the address they
 * hold after setUp() (storage layout types as `address`, `contract Pair`): the first variable naming each.
 */
function addressVariables(world: CampaignWorld, readable: readonly string[]): Map<string, string> {
  const { executor } = world;
  const test = executor.deployments[0].address;
  const found = new Map<string, string>();
  for (const variable of world.contracts[0].storageLayout) {
    const holdsAddress = /^(address( payable)?|contract \w+)$/.test(variable.type);
    if (!holdsAddress || !readable.includes(variable.label)) continue;
    const word = executor.getStorage(test, variable.slot) >> BigInt(variable.offset * 8);
    const address = `0x${(word & ADDRESS_MASK).toString(16).padStart(40, '0')}`;
    if (!found.has(address)) found.set(address, variable.label);
  }
  return found;
}
