import { type CallEffect, type Deployment, forwardedCalldata, namedAccounts, type Tx, type TxResult } from '../evm/index.js';
import { failureOf } from './evidence.js';
import type { Failure } from './failure.js';
import type { ChainView, SequenceOracle } from './types.js';

/**
 * Ether leak (ILF's "leaking", sFuzz's catalogue): the fuzzer's accounts got ether that was not
 * theirs — ether a contract held from its constructor or for another sender's deposit. Senders pay
 * no gas here, so their balances move only with the value they send and receive.
 *
 * Ether one account gives another is not a leak: a pull payment (`pay{value}(alice)`, then alice's
 * `claim()`), an escrow's payee, a beneficiary paid on schedule, an owner paying out. So accounts are
 * judged in *partnerships*: a transaction whose arguments name another sender (`pay(alice)`,
 * `sweep(alice)`, `deposit(payee)`) makes the two partners, whose gains count together; the deployer
 * is the owner, and it and every sender it names (in a transaction, or in a constructor it deployed
 * with: a beneficiary, a payee) may take out anything. A partnership that ends with more than it had
 * leaks. What a sender put in before the sequence (deployment, funding) counts as sent in: its
 * baseline is the larger of its balance now and its opening balance. Checked after every transaction:
 * the first one that leaves a partnership in profit is the failing one.
 */
export function etherLeakOracle(deployments: readonly Deployment[]): SequenceOracle {
  let baselines: bigint[] = [];
  let accounts: bigint[] = [];
  let parsedFrom: readonly string[] | undefined;
  let partners: Partnerships;
  return {
    begin(chain) {
      // Ether a sender paid into contracts while the world was deployed and funded (WETH deposits) counts as sent in.
      baselines = chain.senderAddresses.map((a) => max(chain.balanceOf(a), chain.openingBalance(a)));
      // A chain's senders are only ever added (`Executor.addSender`): their numbers are parsed again only then.
      if (parsedFrom !== chain.senderAddresses || accounts.length !== parsedFrom.length) {
        parsedFrom = chain.senderAddresses;
        accounts = parsedFrom.map(BigInt);
      }
      partners = new Partnerships(chain.senderAddresses.length);
      for (const deployment of deployments) {
        if (deployment.deployer !== OWNER) continue;
        for (const named of deployment.namedSenders) partners.join(OWNER, named);
      }
    },
    check(chain, tx, result) {
      if (result.outcome.kind !== 'success') return null;
      // Through Lookout's attacker, the sender names whom the calls it has the attacker make name.
      for (const calldata of [tx.data, ...forwardedCalldata(tx.data)]) {
        for (const named of namedAccounts(calldata, accounts, 4)) partners.join(tx.sender, named);
      }
      // Ether reaches a sender only through a CALL with value or a SELFDESTRUCT.
      if (!result.trace.effects.some(paysEther)) return null;
      const owners = partners.root(OWNER);
      for (const [root, members] of partners.groups()) {
        if (root === owners) continue;
        const gain = members.reduce((sum, s) => sum + chain.balanceOf(chain.senderAddresses[s]) - baselines[s], 0n);
        if (gain > 0n) return leak(chain, members, gain, tx, result);
      }
      return null;
    },
  };

  function leak(chain: ChainView, members: readonly number[], gain: bigint, tx: Tx, result: TxResult): Failure {
    const addresses = members.map((s) => chain.senderAddresses[s]);
    // The member the transaction paid (the last one), located at that CALL (or SELFDESTRUCT).
    const payment = result.trace.effects.findLast((e) => paysEther(e) && addresses.some((a) => BigInt(a) === e.to));
    const sender = addresses.find((a) => BigInt(a) === payment?.to) ?? addresses[0];
    const payer = deployments.find((d) => d.address === payment?.from);
    return failureOf(
      {
        kind: 'ether-leak',
        sender,
        partners: addresses.filter((a) => a !== sender),
        gain,
        payer: payer?.address ?? null,
        payerName: payer?.name ?? null,
      },
      { codeId: payment?.codeId ?? deployments[tx.to].codeId, pc: payment?.pc ?? 0 },
    );
  }
}

/** Sender 0: the deployer, the owner of what it deployed. */
const OWNER = 0;

/** Union-find over sender indices. */
class Partnerships {
  private readonly parent: number[];

  constructor(size: number) {
    this.parent = Array.from({ length: size }, (_, i) => i);
  }

  root(s: number): number {
    while (this.parent[s] !== s) s = this.parent[s] = this.parent[this.parent[s]];
    return s;
  }

  join(a: number, b: number): void {
    const [ra, rb] = [this.root(a), this.root(b)];
    if (ra !== rb) this.parent[Math.max(ra, rb)] = Math.min(ra, rb);
  }

  /** Each partnership's members, by root, in sender order. */
  groups(): Map<number, number[]> {
    const groups = new Map<number, number[]>();
    for (let s = 0; s < this.parent.length; s++) {
      const root = this.root(s);
      groups.set(root, [...(groups.get(root) ?? []), s]);
    }
    return groups;
  }
}

function max(a: bigint, b: bigint): bigint {
  return a > b ? a : b;
}

function paysEther(effect: CallEffect): boolean {
  return effect.value > 0n || effect.kind === 'selfdestruct';
}
