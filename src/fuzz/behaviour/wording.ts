import { formatEther, type AbiParameter } from 'viem';
import type { Address } from '../../evm/index.js';
import { SENDER_NAMES } from '../../config/index.js';
import type { DeployedWorld } from '../../deploy/index.js';

/**
 * Names for the accounts of one revision's world: the senders by role, deployments by contract name
 * (file and name when two contracts share a name, an ordinal from the second deployment of one). Base and head deploy the same plan, so a name stands for the
 * same account on both even where an address differs.
 */
export class AddressBook {
  private readonly names = new Map<string, string>();
  /** Contracts the sequence being observed created, by address: named by creation order (see `created`). */
  private readonly createdNames = new Map<string, string>();

  constructor(world: DeployedWorld) {
    world.executor.deployerAddresses.forEach((address, i) => this.names.set(address.toLowerCase(), SENDER_NAMES[i] ?? address));
    const repeated = (name: string) => new Set(world.contracts.filter((c) => c.name === name).map((c) => c.id)).size > 1;
    // Two deployments of one contract (a setUp() making two token users) are told apart by order, the
    // same on both revisions: `TokenUser`, `TokenUser#2`. One name for both would merge their readings.
    const used = new Map<string, number>();
    // Only the world's own deployments: those a campaign adopted since (created at run time) exist on
    // one revision, at an address the other need not share; a sequence names them as it creates them.
    world.executor.deployments.slice(0, world.contracts.length).forEach((deployment, i) => {
      const contract = world.contracts[i];
      const name = repeated(contract.name) ? contract.id : contract.name;
      const count = (used.get(name) ?? 0) + 1;
      used.set(name, count);
      this.names.set(deployment.address.toLowerCase(), count === 1 ? name : `${name}#${count}`);
    });
  }

  /**
   * Names a contract the observed sequence created: `new Pair#1` for its first, whatever its address.
   * A factory's CREATE2 address depends on the created code, which a pull request changes: base and
   * head create the same contracts in the same order, at addresses that may differ.
   */
  created(address: string, contract: string): void {
    const key = address.toLowerCase();
    if (!this.names.has(key) && !this.createdNames.has(key)) this.createdNames.set(key, `new ${contract}#${this.createdNames.size + 1}`);
  }

  /** Forgets the contracts the last sequence created: the next starts from the world again. */
  forgetCreated(): void {
    this.createdNames.clear();
  }

  /** The account's name, or its address when it is none of the world's nor created by the sequence. */
  name(address: string): string {
    const key = address.toLowerCase();
    return this.names.get(key) ?? this.createdNames.get(key) ?? key;
  }

  /** Every named account: senders first, then deployments. */
  get accounts(): readonly Address[] {
    return [...this.names.keys()] as Address[];
  }
}

/** A value decoded by viem, in words: numbers in decimal, addresses by name, tuples in parentheses. */
export function valueText(param: AbiParameter, value: unknown, book: AddressBook): string {
  const array = /^(.*)\[\d*\]$/.exec(param.type);
  if (array && Array.isArray(value)) {
    const element = { ...param, type: array[1] } as AbiParameter;
    return `[${value.map((v) => valueText(element, v, book)).join(', ')}]`;
  }
  if (param.type === 'tuple' && 'components' in param) return argumentsText(param.components, value, book);
  if (param.type === 'address' && typeof value === 'string') return book.name(value);
  if (param.type === 'string') return JSON.stringify(value);
  return String(value);
}

/** `(a, b)` for decoded arguments, which viem gives as an array or, when all are named, a record. */
export function argumentsText(params: readonly AbiParameter[], values: unknown, book: AddressBook): string {
  const at = (param: AbiParameter, i: number) => (Array.isArray(values) ? values[i] : (values as Record<string, unknown>)[param.name ?? '']);
  return `(${params.map((param, i) => valueText(param, at(param, i), book)).join(', ')})`;
}

/** `+1 ether`, `−0.5 ether`, `+3 wei` for tiny amounts. */
export function etherChangeText(wei: bigint): string {
  const sign = wei < 0n ? '−' : '+';
  const magnitude = wei < 0n ? -wei : wei;
  return magnitude < 1_000_000n ? `${sign}${magnitude} wei` : `${sign}${formatEther(magnitude)} ether`;
}

/** At most `max` items, then how many more: a long list must not become a wall of text. */
export function listText(items: readonly string[], max = 4): string {
  const shown = items.slice(0, max).join(', ');
  return items.length > max ? `${shown} and ${items.length - max} more` : shown;
}
