import type { Address } from '../../evm/index.js';
import { SENDER_NAMES } from '../../config/index.js';
import { addressText, instanceName, type AddressNames } from '../../abi/index.js';
import type { DeployedWorld } from '../../deploy/index.js';

/**
 * Names for the accounts of one revision's world, as the report's legend names them: the senders by
 * role, deployments by instance name (`etherVault`; `tokenUser2` from the second deployment of one
 * contract). Base and head deploy the same plan, so a name stands for the same account on both even
 * where an address differs.
 */
export class AddressBook {
  private readonly byAddress = new Map<string, string>();

  constructor(world: DeployedWorld) {
    world.executor.deployerAddresses.forEach((address, i) => this.byAddress.set(address.toLowerCase(), SENDER_NAMES[i] ?? address));
    // Two deployments of one contract (a setUp() making two token users) are told apart by order, the
    // same on both revisions: one name for both would merge their readings.
    const used = new Map<string, number>();
    world.executor.deployments.forEach((deployment, i) => {
      const name = instanceName(world.contracts[i].name);
      const count = (used.get(name) ?? 0) + 1;
      used.set(name, count);
      this.byAddress.set(deployment.address.toLowerCase(), count === 1 ? name : `${name}${count}`);
    });
  }

  /** The account's name; `address(0)`, or the checksummed address of an account that is none of the world's (a contract created later). */
  name(address: string): string {
    return addressText(address, this.byAddress);
  }

  /** The names, for the vocabulary's value texts. */
  get names(): AddressNames {
    return this.byAddress;
  }

  /** Every named account: senders first, then deployments. */
  get accounts(): readonly Address[] {
    return [...this.byAddress.keys()] as Address[];
  }
}
