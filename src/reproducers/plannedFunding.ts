import { bytesToHex } from 'viem';
import { type DeployedProject, FUNDED_CONTRACT_WEI, FUNDED_TOKENS, FUNDED_WEI, VAULT_DONATION } from '../deploy/index.js';
import { ATTACKER_FILE } from '../evm/index.js';
import type { PlannedAttacker, PlannedFunding, ReproducerPlan } from './source/types.js';
import type { ReportFinding } from '../report/index.js';

/** The world's funding transactions (`fundSenders`) as the reproducer repeats them. */
export function plannedFunding(world: DeployedProject): PlannedFunding[] {
  const senders = world.executor.senderAddresses;
  const deployer = world.executor.deployerAddresses[0];
  return world.funding.map((f): PlannedFunding => {
    const token = world.deployed.find((d) => d.index === f.token)!.address;
    const base = { token, holder: f.holder };
    switch (f.via) {
      case 'mint':
        return { ...base, via: 'mint', from: deployer, amount: FUNDED_TOKENS };
      case 'deposit':
        return { ...base, via: 'deposit', from: f.holder, value: FUNDED_WEI };
      case 'transfer':
        return { ...base, via: 'transfer', from: deployer, shares: senders.length };
      case 'donation':
        return { ...base, via: 'donation', from: senders[senders.length - 1], amount: VAULT_DONATION };
      case 'ether':
        return { ...base, via: 'ether', from: deployer, value: FUNDED_CONTRACT_WEI };
    }
  });
}

/** Lookout's attacker in the world, when it was deployed. */
export function worldAttacker(world: DeployedProject): PlannedAttacker | undefined {
  const attacker = world.deployed.find((d) => d.contract.file === ATTACKER_FILE);
  if (attacker === undefined) return undefined;
  return { address: attacker.address, runtime: bytesToHex(world.executor.deployments[attacker.index].code) };
}

/** The attacker when the finding's sequence calls through it or passes its address: else the reproducer leaves it out. */
export function attackerFor(finding: ReportFinding, attacker: PlannedAttacker | undefined): ReproducerPlan['attacker'] {
  if (attacker === undefined) return undefined;
  const address = attacker.address.slice(2).toLowerCase();
  return finding.sequence.some((call) => call.attacker !== undefined || call.calldata.toLowerCase().includes(address)) ? attacker : undefined;
}
