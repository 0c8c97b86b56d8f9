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
  /** The world's accounts by address, and the contracts the sequence being observed created (see `created`). */
  private readonly byAddress = new Map<string, string>();
  /** The created ones' addresses, in creation order: forgotten when the next sequence starts. */
  private readonly createdAddresses: string[] = [];
  /** Every named account of the world: senders first, then deployments. */
  readonly accounts: readonly Address[];

  constructor(world: DeployedWorld) {
    world.executor.deployerAddresses.forEach((address, i) => this.byAddress.set(address.toLowerCase(), SENDER_NAMES[i] ?? address));
    // Two deployments of one contract (a setUp() making two token users) are told apart by order, the
    // same on both revisions: one name for both would merge their readings.
    const used = new Map<string, number>();
    // Only the world's own deployments: those a campaign adopted since (created at run time) exist on
    // one revision, at an address the other need not share; a sequence names them as it creates them.
    world.executor.deployments.slice(0, world.contracts.length).forEach((deployment, i) => {
      const name = instanceName(world.contracts[i].name);
      const count = (used.get(name) ?? 0) + 1;
      used.set(name, count);
      this.byAddress.set(deployment.address.toLowerCase(), count === 1 ? name : `${name}${count}`);
    });
    this.accounts = [...this.byAddress.keys()] as Address[];
  }

  /**
   * Names a contract the observed sequence created: `new Pair#1` for its first, whatever its address.
   * A factory's CREATE2 address depends on the created code, which a pull request changes: base and
   * head create the same contracts in the same order, at addresses that may differ.
   */
  created(address: string, contract: string): void {
    const key = address.toLowerCase();
    if (this.byAddress.has(key)) return;
    this.createdAddresses.push(key);
    this.byAddress.set(key, `new ${contract}#${this.createdAddresses.length}`);
  }

  /** Forgets the contracts the last sequence created: the next starts from the world again. */
  forgetCreated(): void {
    for (const key of this.createdAddresses.splice(0)) this.byAddress.delete(key);
  }

  /** The account's name; `address(0)`, or the checksummed address of an account that is none of the world's nor created by the sequence. */
  name(address: string): string {
    return addressText(address, this.byAddress);
  }

  /** The names, for the vocabulary's value texts. */
  get names(): AddressNames {
    return this.byAddress;
  }
}
